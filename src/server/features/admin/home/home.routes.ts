import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffHomeSchema } from '../../../../shared/schemas/admin/home';
import type { AdminDeps } from '../admin-deps';
import { staffHome } from './home.service';

/** /api/admin/home: the staff home's tiles and revenue chart. */
export function homeAdminRoutes(deps: AdminDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/home',
      {
        config: { permission: 'dashboard.read' },
        schema: {
          tags: ['admin'],
          summary: 'Revenue, MRR, new customers, servers by state, tickets, failures, and 90 days of revenue and refunds',
          response: { 200: staffHomeSchema },
        },
      },
      async () => staffHome(deps),
    );
  };
}
