import type { FastifyRequest } from 'fastify';
import type { StaffActor } from './audit';
import { unauthorized } from './errors';

/**
 * The signed-in staff member behind a request, as the audit log records them. It reads only
 * `request.user`, which auth's hook sets on every /api request, so features below auth (i18n,
 * emails) can name the actor of a staff route without importing auth (decision 069).
 */
export function actorOf(request: FastifyRequest): StaffActor {
  const user = request.user;
  if (!user) throw unauthorized();
  return { id: user.id, email: user.email, role: user.role, ip: request.ip ?? null };
}
