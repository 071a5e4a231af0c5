import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCatalogSchema,
  catalogPreviewSchema,
  catalogVersionListSchema,
  panelPlanCheckInputSchema,
  panelPlanCheckSchema,
  saveCatalogResultSchema,
  saveCatalogSchema,
} from '../../../../shared/schemas/admin/catalog';
import type { AdminDeps } from '../admin-deps';
import { actorOf } from '../../auth';
import { checkPlanOnPanel } from './catalog-panel';
import { getAdminCatalog, listCatalogVersions, previewCatalog, saveCatalog, type CatalogAdminDeps } from './catalog.service';

const tags = ['admin'];

/** The catalog editor: the current version with what uses each item, a preview of a change, and saving a new version. */
export function catalogAdminRoutes(deps: AdminDeps): FastifyPluginAsyncZod {
  const d: CatalogAdminDeps = {
    db: deps.db,
    clock: deps.clock,
    ids: deps.ids,
    mailer: deps.mailer,
    events: deps.events,
    brand: deps.brand,
    publicUrl: deps.publicUrl,
    log: deps.log,
    panelCheck: deps.panel,
  };
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/catalog',
      {
        config: { permission: 'catalog.manage' },
        schema: { tags, summary: 'The current catalog version, hidden items included, and how many services use each item', response: { 200: adminCatalogSchema } },
      },
      async () => getAdminCatalog(d),
    );

    app.get(
      '/catalog/versions',
      {
        config: { permission: 'catalog.manage' },
        schema: { tags, summary: 'The latest 50 catalog versions, newest first', response: { 200: catalogVersionListSchema } },
      },
      async () => listCatalogVersions(d),
    );

    app.post(
      '/catalog/preview',
      {
        config: { permission: 'catalog.manage' },
        schema: {
          tags,
          summary: 'What saving this catalog would change, and how many running services would get a price notice; writes nothing',
          body: saveCatalogSchema,
          response: { 200: catalogPreviewSchema },
        },
      },
      async (request) => previewCatalog(d, request.body),
    );

    app.put(
      '/catalog',
      {
        config: { permission: 'catalog.manage' },
        schema: {
          tags,
          summary: 'Save the catalog as a new version (409 if another was saved since baseVersion); running services get price notices',
          body: saveCatalogSchema,
          response: { 200: saveCatalogResultSchema },
        },
      },
      async (request) => saveCatalog(d, actorOf(request), request.body),
    );

    app.post(
      '/catalog/panel-check',
      {
        config: { permission: 'catalog.manage' },
        schema: {
          tags,
          summary: "Check one plan of the edited catalog against the panel: its egg variables and a node with room in each location; creates nothing",
          body: panelPlanCheckInputSchema,
          response: { 200: panelPlanCheckSchema },
        },
      },
      async (request) => checkPlanOnPanel(d, request.body),
    );
  };
}
