import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminArticleListSchema,
  adminArticleSchema,
  articleInputSchema,
  articleKindSchema,
  articleLanguageParams,
  articleListQuery,
  articleListSchema,
  articleRestoreSchema,
  articleSearchQuery,
  articleVersionListSchema,
  articleViewSchema,
  helpCategoryInputSchema,
  helpCategorySchema,
  helpIndexSchema,
  slugSchema,
} from '../../../shared/schemas/articles';
import { contentLanguageQuery } from '../../../shared/schemas/content';
import { actorOf } from '../auth';
import {
  adminArticles,
  articleVersions,
  deleteArticle,
  deleteCategory,
  helpIndex,
  publicArticle,
  publicArticles,
  restoreArticle,
  saveArticle,
  saveCategory,
  searchHelp,
  type ArticleDeps,
} from './articles.service';

const publicCache = 'public, max-age=5';
const slugParams = z.object({ slug: slugSchema });

/** The public news and help centre: published articles only, in the language asked for (else the default). */
export function articleRoutes(deps: ArticleDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['content'];
    app.get('/news', { schema: { tags, summary: 'Published news posts, newest first', querystring: articleListQuery, response: { 200: articleListSchema } } }, async (request, reply) => {
      reply.header('cache-control', publicCache);
      return { articles: await publicArticles(deps, 'news', request.query.lang) };
    });
    app.get(
      '/news/:slug',
      { schema: { tags, summary: 'One news post, rendered to HTML', params: slugParams, querystring: contentLanguageQuery, response: { 200: articleViewSchema } } },
      async (request, reply) => {
        reply.header('cache-control', publicCache);
        return publicArticle(deps, 'news', request.params.slug, request.query.lang);
      },
    );
    app.get('/help', { schema: { tags, summary: 'The help centre: its categories and published articles', querystring: contentLanguageQuery, response: { 200: helpIndexSchema } } }, async (request, reply) => {
      reply.header('cache-control', publicCache);
      return helpIndex(deps, request.query.lang);
    });
    app.get(
      '/help/search',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: { tags, summary: 'Help articles whose title, summary or text contain every word searched for', querystring: articleSearchQuery, response: { 200: articleListSchema } },
      },
      async (request) => ({ articles: await searchHelp(deps, request.query.lang, request.query.q) }),
    );
    app.get(
      '/help/articles/:slug',
      { schema: { tags, summary: 'One help article, rendered to HTML', params: slugParams, querystring: contentLanguageQuery, response: { 200: articleViewSchema } } },
      async (request, reply) => {
        reply.header('cache-control', publicCache);
        return publicArticle(deps, 'help', request.params.slug, request.query.lang);
      },
    );
  };
}

const tags = ['admin'];
const permission = 'articles.manage' as const;
const writeLimit = { rateLimit: { max: 120, timeWindow: '10 minutes' } };

/**
 * /api/admin/articles and /api/admin/help-categories: staff write news and help articles; each
 * change is audited. `changed` hears of each change made (the public pages follow at once here).
 */
export function articleAdminRoutes(deps: ArticleDeps & { changed?: () => void }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    app.addHook('onResponse', async (request, reply) => {
      if (request.method !== 'GET' && reply.statusCode < 400) deps.changed?.();
    });
    app.get(
      '/articles/:kind',
      {
        config: { permission },
        schema: { tags, summary: 'Every article of a kind in every language, drafts too, with the help categories', params: z.object({ kind: articleKindSchema }), response: { 200: adminArticleListSchema } },
      },
      async (request) => adminArticles(deps, request.params.kind),
    );
    app.put(
      '/articles',
      { config: { permission, ...writeLimit }, schema: { tags, summary: 'Create or change the article at this kind, address and language', body: articleInputSchema, response: { 200: adminArticleSchema } } },
      async (request) => saveArticle(deps, actorOf(request), request.body),
    );
    app.get(
      '/articles/:kind/:slug/:language/versions',
      {
        config: { permission },
        schema: { tags, summary: "An article's saved versions in one language, newest first, each with who saved it, when and why", params: articleLanguageParams, response: { 200: articleVersionListSchema } },
      },
      async (request) => ({ versions: await articleVersions(deps, request.params.kind, request.params.slug, request.params.language) }),
    );
    app.post(
      '/articles/:kind/:slug/:language/restore',
      {
        config: { permission, ...writeLimit },
        schema: { tags, summary: 'Make an earlier version the article again, as a new version', params: articleLanguageParams, body: articleRestoreSchema, response: { 200: adminArticleSchema } },
      },
      async (request) => restoreArticle(deps, actorOf(request), request.params.kind, request.params.slug, request.params.language, request.body),
    );
    app.delete(
      '/articles/:kind/:slug/:language',
      { config: { permission, ...writeLimit }, schema: { tags, summary: 'Delete an article in one language', params: articleLanguageParams } },
      async (request, reply) => {
        await deleteArticle(deps, actorOf(request), request.params.kind, request.params.slug, request.params.language);
        return reply.status(204).send();
      },
    );
    app.put(
      '/help-categories',
      { config: { permission, ...writeLimit }, schema: { tags, summary: 'Create or rename a help category', body: helpCategoryInputSchema, response: { 200: helpCategorySchema } } },
      async (request) => saveCategory(deps, actorOf(request), request.body),
    );
    app.delete(
      '/help-categories/:slug',
      { config: { permission, ...writeLimit }, schema: { tags, summary: 'Delete an empty help category', params: slugParams } },
      async (request, reply) => {
        await deleteCategory(deps, actorOf(request), request.params.slug);
        return reply.status(204).send();
      },
    );
  };
}
