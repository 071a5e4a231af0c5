import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicStatusSchema } from '../../../shared/schemas/status';
import type { StatusCache } from './status.service';

/** GET /api/status: the public status page's data, from the product's own checks (cached 15 s). */
export function statusRoutes(cache: StatusCache): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/status',
      {
        schema: {
          tags: ['status'],
          summary: "Each component's state now, its 90 daily bars and uptime from the product's checks, and the current and recent incidents",
          response: { 200: publicStatusSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=15');
        return cache.get();
      },
    );
  };
}
