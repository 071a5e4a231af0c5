import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  planChangeChoiceSchema,
  planChangeOptionsSchema,
  planChangeQuoteSchema,
  planChangeRequestSchema,
  planChangeResultSchema,
  planChangeViewSchema,
} from '../../../shared/schemas/plan-changes';
import { requestLocale } from '../../lib/request-locale';
import { requestOrigin } from '../../lib/request-origin';
import { requireUser, signedIn } from '../auth';
import type { PlanChangeDeps } from './plan-change-deps';
import { cancelPlanChange, planChangeOptions, quotePlanChange, requestPlanChange } from './plan-changes.service';

const tags = ['servers'];
const params = z.object({ id: z.string().max(64) });
const perUser = (max: number) => ({
  rateLimit: { max, timeWindow: '1 minute', keyGenerator: (r: { user: { id: string } | null; ip: string }) => r.user?.id ?? r.ip },
});

/** Changing a server's plan (owner only): options, a server-priced quote, the change itself, and calling it off. */
export function planChangeRoutes(deps: PlanChangeDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/servers/:id/plan-change',
      { onRequest: signedIn, schema: { tags, summary: "The game's plans and add-ons a server can change to, and a change under way", params, response: { 200: planChangeOptionsSchema } } },
      async (request) => planChangeOptions(deps, requireUser(request).id, request.params.id),
    );

    app.post(
      '/servers/:id/plan-change/quote',
      {
        onRequest: signedIn,
        config: perUser(120),
        schema: { tags, summary: 'The prorated price of changing to a plan and add-ons, and the renewal price after', params, body: planChangeChoiceSchema, response: { 200: planChangeQuoteSchema } },
      },
      async (request) => quotePlanChange(deps, requireUser(request).id, request.params.id, request.body),
    );

    app.post(
      '/servers/:id/plan-change',
      {
        onRequest: signedIn,
        config: perUser(20),
        schema: {
          tags,
          summary:
            "Upgrade now (credit, saved card, else a checkout_url to open) or schedule a downgrade for the renewal; 202 with the change still 'charging' when the card charge's outcome could not be confirmed (asked again with the same idempotency key for up to 23 hours, then left to staff); 409 change_open, disk_too_small, quote_outdated; 402 card_declined",
          params,
          body: planChangeRequestSchema,
          response: { 200: planChangeResultSchema, 202: planChangeResultSchema },
        },
      },
      async (request, reply) => {
        const result = await requestPlanChange(deps, requireUser(request), request.params.id, request.body, requestOrigin(request), requestLocale(request));
        // Accepted, not done: the payment is being confirmed (decision 084).
        return reply.code(result.change.status === 'charging' ? 202 : 200).send(result);
      },
    );

    app.delete(
      '/servers/:id/plan-change',
      { onRequest: signedIn, config: perUser(20), schema: { tags, summary: 'Call off a scheduled downgrade, or an upgrade still waiting for its checkout', params, response: { 200: planChangeViewSchema } } },
      async (request) => cancelPlanChange(deps, requireUser(request).id, request.params.id),
    );
  };
}
