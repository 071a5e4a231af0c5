import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { HttpError } from '../../lib/errors';

export function healthRoutes(database: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/health', { schema: { tags: ['health'], summary: 'ok once the database answers' } }, async () => {
      try {
        await database.query('select 1');
      } catch {
        throw new HttpError(503, 'unavailable', 'The database is not reachable');
      }
      return { status: 'ok' };
    });
  };
}
