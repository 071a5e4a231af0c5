import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminDeps } from '../admin-deps';

/** The staff console's orders area (placeholder until it is built). */
export function ordersAdminRoutes(_deps: AdminDeps): FastifyPluginAsyncZod {
  return async () => {};
}
