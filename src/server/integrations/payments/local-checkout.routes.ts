import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardPaymentSchema, localCheckoutViewSchema, localPayResponseSchema } from '../../../shared/schemas/checkout';
import { answerLocale } from '../../features/i18n';
import { localCheckoutView, payLocalCheckout, type LocalCheckoutDeps } from './local-checkout.service';

const params = z.object({ sessionId: z.string().min(1).max(100) });
const viewQuery = z.object({ lang: z.string().max(10).optional() });

/** The built-in hosted checkout's API; the page itself is the client route /checkout/:sessionId. */
export function localCheckoutRoutes(deps: LocalCheckoutDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/local-checkout/:sessionId',
      {
        schema: {
          tags: ['checkout'],
          summary: "The built-in checkout: order lines (in the page's language: lang, else the cookie's or browser's), total and state of a session",
          params,
          querystring: viewQuery,
          response: { 200: localCheckoutViewSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const locale = await answerLocale(deps.db, request, request.query.lang);
        return localCheckoutView(deps, request.params.sessionId, request.host, locale);
      },
    );
    app.post(
      '/local-checkout/:sessionId/pay',
      {
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags: ['checkout'],
          summary: 'Pays a built-in checkout session with a card (test cards behave as on Stripe)',
          params,
          body: cardPaymentSchema,
          response: { 200: localPayResponseSchema },
        },
      },
      async (request) => payLocalCheckout(deps, request.params.sessionId, request.body, request.host),
    );
  };
}
