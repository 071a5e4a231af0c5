import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentLanguageQuery, contentPageParams, renderedPageSchema } from '../../../shared/schemas/content';
import { notFound } from '../../lib/errors';
import type { ContentCache } from './content.render';

/** GET /api/content/pages/:slug: a page as the public site shows it, rendered from Markdown on the server. */
export function contentRoutes(cache: ContentCache): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/content/pages/:slug',
      {
        schema: {
          tags: ['content'],
          summary: "A page's title, intro and sections as HTML, in the language asked for (else the default language's text)",
          params: contentPageParams,
          querystring: contentLanguageQuery,
          response: { 200: renderedPageSchema },
        },
      },
      async (request, reply) => {
        const page = await cache.page(request.params.slug, request.query.lang);
        if (!page) throw notFound('This page has not been published yet');
        reply.header('cache-control', 'public, max-age=5');
        return page;
      },
    );
  };
}
