import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { quoteRequestSchema } from '../../../shared/schemas/catalog';
import type { CatalogService } from './catalog.service';

export function catalogRoutes(catalog: CatalogService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/catalog',
      { schema: { tags: ['catalog'], summary: 'Games, plans, add-ons, periods, locations and packs' } },
      async (request, reply) => {
        const { json, etag, version } = await catalog.current();
        // Revalidated on every use, so a saved catalog reaches browsers at once; unchanged, it costs a 304.
        reply.header('cache-control', 'no-cache');
        reply.header('etag', etag);
        reply.header('x-catalog-version', String(version));
        if (request.headers['if-none-match'] === etag) return reply.status(304).send();
        reply.header('content-type', 'application/json; charset=utf-8');
        return reply.send(json);
      },
    );
    app.post(
      '/quote',
      {
        schema: {
          tags: ['catalog'],
          summary: 'The price breakdown of a choice, in integer cents',
          body: quoteRequestSchema,
        },
      },
      async (request) => catalog.quote(request.body),
    );
  };
}
