import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminDeps } from '../admin-deps';

/** The staff console's servers area (placeholder until it is built). */
export function serversAdminRoutes(_deps: AdminDeps): FastifyPluginAsyncZod {
  return async () => {};
}
