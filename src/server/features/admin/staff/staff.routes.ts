import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminDeps } from '../admin-deps';

/** The staff console's staff area (placeholder until it is built). */
export function staffAdminRoutes(_deps: AdminDeps): FastifyPluginAsyncZod {
  return async () => {};
}
