import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminDeps } from '../admin-deps';

/** The staff console's audit area (placeholder until it is built). */
export function auditAdminRoutes(_deps: AdminDeps): FastifyPluginAsyncZod {
  return async () => {};
}
