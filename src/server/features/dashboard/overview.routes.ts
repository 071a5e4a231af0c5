import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { requireUser, signedIn } from '../auth';
import { getOverview } from './overview.service';

export function overviewRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/overview',
      { onRequest: signedIn, schema: { tags: ['dashboard'], summary: 'Stat tiles and recent activity of the signed-in user' } },
      async (request) => getOverview(deps.db, requireUser(request).id),
    );
  };
}
