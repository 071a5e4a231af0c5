import type { FastifyRequest } from 'fastify';
import type { StaffActor } from '../../lib/audit';
import { requireUser } from './auth.guard';

/** The signed-in staff member behind a request, as the audit log records them. */
export function actorOf(request: FastifyRequest): StaffActor {
  const user = requireUser(request);
  return { id: user.id, email: user.email, role: user.role, ip: request.ip ?? null };
}
