import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminDeps } from '../admin-deps';

/** The staff console's customers area (placeholder until it is built). */
export function customersAdminRoutes(_deps: AdminDeps): FastifyPluginAsyncZod {
  return async () => {};
}
