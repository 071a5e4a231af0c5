import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentEvent } from '../../integrations/payments/payment-provider';
import { HttpError, notFound } from '../../lib/errors';
import type { CheckoutDeps } from './checkout-deps';
import { handlePaymentEvent } from './payment-events';

/**
 * POST /api/webhooks/<provider>. Signatures are computed over the exact bytes sent, so this
 * plugin alone replaces the JSON parser with one that keeps the raw body.
 */
export function webhookRoutes(deps: CheckoutDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));
    app.post(
      '/webhooks/:provider',
      {
        schema: {
          tags: ['checkout'],
          summary: "The payment provider's signed event deliveries",
          params: z.object({ provider: z.string().max(32) }),
        },
      },
      async (request) => {
        if (request.params.provider !== deps.payments.id) {
          throw notFound(`No webhook endpoint for ${request.params.provider}`);
        }
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let event: PaymentEvent;
        try {
          event = deps.payments.parseWebhook(raw, request.headers);
        } catch (error) {
          request.log.warn({ err: error, provider: deps.payments.id }, 'webhook refused');
          throw new HttpError(400, 'invalid_signature', 'The webhook signature could not be verified.');
        }
        const { duplicate } = await handlePaymentEvent(deps, deps.payments.id, event);
        return { received: true, duplicate };
      },
    );
  };
}
