import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../shared/schemas/auth';
import { HttpError } from '../../lib/errors';
import { requireRole, requireSessionId, requireUser } from './auth.guard';

const user = (role: SessionUser['role']): SessionUser => ({
  id: 'u1',
  email: 'a@b.test',
  firstName: '',
  lastName: '',
  role,
  twoFactorEnabled: false,
  secondFactorPresented: false,
});
const request = (u: SessionUser | null) => ({ user: u, authSession: u ? { id: 's1' } : null }) as FastifyRequest;

function statusOf(fn: () => unknown): number | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof HttpError ? error.statusCode : -1;
  }
  return undefined;
}

describe('auth guard', () => {
  it('requireUser answers the user, or throws 401', () => {
    expect(requireUser(request(user('customer'))).id).toBe('u1');
    expect(statusOf(() => requireUser(request(null)))).toBe(401);
    expect(requireSessionId(request(user('customer')))).toBe('s1');
    expect(statusOf(() => requireSessionId(request(null)))).toBe(401);
  });

  it('requireRole throws 401 when signed out and 403 for another role', () => {
    expect(statusOf(() => requireRole(request(null), ['admin']))).toBe(401);
    expect(statusOf(() => requireRole(request(user('customer')), ['admin', 'support']))).toBe(403);
    expect(requireRole(request(user('support')), ['admin', 'support']).role).toBe('support');
    expect(requireRole(request(user('admin')), ['admin']).role).toBe('admin');
  });
});
