import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminDeps } from '../admin-deps';

/** The staff console's home area (placeholder until it is built). */
export function homeAdminRoutes(_deps: AdminDeps): FastifyPluginAsyncZod {
  return async () => {};
}
