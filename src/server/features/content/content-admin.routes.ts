import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contentLanguageQuery,
  contentPageEditSchema,
  contentPageListSchema,
  contentPageParams,
  contentPreviewSchema,
  contentRestoreSchema,
  contentSaveSchema,
  contentVersionSchema,
  renderedPageSchema,
} from '../../../shared/schemas/content';
import { actorOf } from '../auth';
import { listPages, pageForEdit, previewPage, restorePage, savePage, type ContentDeps } from './content.service';

const tags = ['admin'];
const permission = 'content.manage' as const;
const writeLimit = { rateLimit: { max: 120, timeWindow: '10 minutes' } };

/** /api/admin/content: staff edit the Markdown pages; every save is a new version, audited. */
export function contentAdminRoutes(deps: ContentDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    app.get(
      '/content/pages',
      { config: { permission }, schema: { tags, summary: 'The editable pages, with whether each still shows the sample text', response: { 200: contentPageListSchema } } },
      async () => ({ pages: await listPages(deps) }),
    );
    app.get(
      '/content/pages/:slug',
      {
        config: { permission },
        schema: { tags, summary: "One page in one language: its text and every version, newest first", params: contentPageParams, querystring: contentLanguageQuery, response: { 200: contentPageEditSchema } },
      },
      async (request) => pageForEdit(deps, request.params.slug, request.query.lang),
    );
    app.post(
      '/content/pages/:slug/preview',
      {
        config: { permission, ...writeLimit },
        schema: { tags, summary: 'The page as it would show, without saving; unknown variables are refused', params: contentPageParams, body: contentPreviewSchema, response: { 200: renderedPageSchema } },
      },
      async (request) => previewPage(deps, request.params.slug, request.body.language, request.body.body),
    );
    app.post(
      '/content/pages/:slug/versions',
      {
        config: { permission, ...writeLimit },
        schema: { tags, summary: 'Save the text as a new version and publish it', params: contentPageParams, body: contentSaveSchema, response: { 201: contentVersionSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await savePage(deps, actorOf(request), request.params.slug, request.body.language, request.body.body)),
    );
    app.post(
      '/content/pages/:slug/restore',
      {
        config: { permission, ...writeLimit },
        schema: {
          tags,
          summary: 'Publish an older version again, as a new version (0 is the sample)',
          params: contentPageParams,
          body: contentRestoreSchema,
          response: { 201: contentVersionSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await restorePage(deps, actorOf(request), request.params.slug, request.body.language, request.body.version)),
    );
  };
}
