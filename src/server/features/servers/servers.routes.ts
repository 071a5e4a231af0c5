import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  serverListSchema,
  serverResponseSchema,
  serverStatusQuerySchema,
  serverStatusSchema,
} from '../../../shared/schemas/servers';
import type { Db } from '../../db/client';
import { requireUser, signedIn } from '../auth';
import { getServer, listServers, serverStatus } from './servers.service';

export function serversRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/servers',
      {
        onRequest: signedIn,
        schema: { tags: ['servers'], summary: "The signed-in customer's servers, newest first", response: { 200: serverListSchema } },
      },
      async (request) => ({ servers: await listServers(deps.db, requireUser(request).id) }),
    );

    app.get(
      '/servers/:id',
      {
        onRequest: signedIn,
        schema: {
          tags: ['servers'],
          summary: "One of the customer's servers; another customer's answers 404",
          params: z.object({ id: z.string().max(64) }),
          response: { 200: serverResponseSchema },
        },
      },
      async (request) => ({ server: await getServer(deps.db, requireUser(request).id, request.params.id) }),
    );

    app.get(
      '/server-status',
      {
        onRequest: signedIn,
        schema: {
          tags: ['servers'],
          summary: 'hasServer is true once the latest server (or the one of orderId) is installed; server is that server',
          querystring: serverStatusQuerySchema,
          response: { 200: serverStatusSchema },
        },
      },
      async (request) => serverStatus(deps.db, requireUser(request).id, request.query.orderId),
    );
  };
}
