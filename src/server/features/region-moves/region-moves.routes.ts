import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { regionMoveOptionsSchema, regionMoveRequestSchema, regionMoveViewSchema } from '../../../shared/schemas/region-moves';
import { requestLocale } from '../../lib/request-locale';
import { requireUser, signedIn } from '../auth';
import type { RegionMoveDeps } from './region-move-deps';
import { moveOptions, requestMove } from './region-moves.service';

const tags = ['servers'];
const params = z.object({ id: z.string().max(64) });
const perUser = (max: number) => ({
  rateLimit: { max, timeWindow: '1 minute', keyGenerator: (r: { user: { id: string } | null; ip: string }) => r.user?.id ?? r.ip },
});

/** Moving a server to another location (owner only): the priced locations with room, and the move itself. */
export function regionMoveRoutes(deps: RegionMoveDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/servers/:id/move',
      {
        onRequest: signedIn,
        config: perUser(120),
        schema: { tags, summary: 'Locations with room for this server, each with the prorated price difference, and a move under way or the last one', params, response: { 200: regionMoveOptionsSchema } },
      },
      async (request) => moveOptions(deps, requireUser(request).id, request.params.id),
    );

    app.post(
      '/servers/:id/move',
      {
        onRequest: signedIn,
        config: perUser(10),
        schema: {
          tags,
          summary:
            'Start moving the server (a higher price is charged first: credit, then the saved card); 409 move_open, plan_change_open, no_capacity, quote_outdated; 402 payment_required, card_declined',
          params,
          body: regionMoveRequestSchema,
          response: { 202: regionMoveViewSchema },
        },
      },
      async (request, reply) => reply.code(202).send(await requestMove(deps, requireUser(request).id, request.params.id, request.body, requestLocale(request))),
    );
  };
}
