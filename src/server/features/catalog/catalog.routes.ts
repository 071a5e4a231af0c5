import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { quoteRequestSchema } from '../../../shared/schemas/catalog';
import type { CatalogService } from './catalog.service';

export function catalogRoutes(catalog: CatalogService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/catalog',
      { schema: { tags: ['catalog'], summary: 'Games, plans, add-ons, periods, locations and packs' } },
      async (_request, reply) => {
        reply.header('content-type', 'application/json; charset=utf-8');
        reply.header('cache-control', 'public, max-age=60');
        return reply.send(await catalog.json());
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
