import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicStatusSchema } from '../../../shared/schemas/status';
import { etagMatches } from '../../lib/compression';
import type { StatusCache } from './status.service';

/**
 * GET /api/status: the public status page's data, from the product's own checks (cached 15 s on the
 * server). Browsers revalidate every time (`no-cache` with an ETag, a 304 when nothing changed): with
 * a max-age, a visitor who opened the page just before staff posted an incident kept the old answer.
 */
export function statusRoutes(cache: StatusCache): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/status',
      {
        schema: {
          tags: ['status'],
          summary: "Each component's state now, its 90 daily bars and uptime from the product's checks, and the current and recent incidents",
          response: { 200: publicStatusSchema, 304: z.null().describe('Unchanged since the ETag the browser holds') },
        },
      },
      async (request, reply) => {
        const { status, etag } = await cache.get();
        reply.header('cache-control', 'public, no-cache');
        reply.header('etag', etag);
        if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send(null);
        return status;
      },
    );
  };
}
