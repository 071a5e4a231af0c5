import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditFacetsSchema, auditListQuerySchema, auditPageSchema } from '../../../../shared/schemas/admin/audit';
import type { AdminDeps } from '../admin-deps';
import { auditFacets, listAudit } from './audit.service';

const tags = ['admin'];

/** /api/admin/audit: the append-only log, read-only here (no route edits or deletes it). */
export function auditAdminRoutes(deps: AdminDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/audit',
      {
        config: { permission: 'audit.read' },
        schema: {
          tags,
          summary: 'Audit records, newest first, filtered; pass nextBefore as `before` for the next page',
          querystring: auditListQuerySchema,
          response: { 200: auditPageSchema },
        },
      },
      async (request) => listAudit(deps.db, request.query),
    );

    app.get(
      '/audit/actions',
      {
        config: { permission: 'audit.read' },
        schema: {
          tags,
          summary: 'The actions and the staff members that appear in the log, for the filters',
          response: { 200: auditFacetsSchema },
        },
      },
      async () => auditFacets(deps.db),
    );
  };
}
