import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentLanguageQuery, contentPageParams, contentPagePaths, contentSlugs, renderedPageSchema, type ContentLanguage } from '../../../shared/schemas/content';
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

const unpublishedSchema = z.object({ paths: z.array(z.string()) });

/** The public paths of staff-written pages not published in the shop's default language (a sample About or SLA in production). */
export async function unpublishedPaths(cache: Pick<ContentCache, 'page'>, language: ContentLanguage): Promise<string[]> {
  const pages = await Promise.all(contentSlugs.map(async (slug) => ((await cache.page(slug, language)) ? null : contentPagePaths[slug])));
  return pages.filter((p): p is string => p !== null);
}

/** GET /api/content/unpublished: the public paths of pages not published yet (a sample About or SLA in production), so links to them can be hidden. */
export function unpublishedRoutes(cache: ContentCache, defaultLanguage: () => Promise<ContentLanguage>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/content/unpublished',
      { schema: { tags: ['content'], summary: 'Paths of staff-written pages that are not published, whose links the site hides', response: { 200: unpublishedSchema } } },
      async (_request, reply) => {
        const paths = await unpublishedPaths(cache, await defaultLanguage());
        reply.header('cache-control', 'public, max-age=30');
        return { paths };
      },
    );
  };
}
