import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentEvent } from '../../integrations/payments/payment-provider';
import { HttpError, notFound } from '../../lib/errors';
import type { StaffAlert } from '../../lib/staff-alert';
import type { CheckoutDeps } from './checkout-deps';
import { handlePaymentEvent } from './payment-events';

/** Staff hear of refused or failed deliveries, at most every 15 minutes a kind: anyone can post to this route. */
async function alert(deps: CheckoutDeps, what: 'signature' | 'processing', alert: Omit<StaffAlert, 'kind'>) {
  await deps.alerts?.raise({ kind: 'webhook_rejected', ...alert }, { throttleKey: `webhook-${deps.payments.id}-${what}`, throttleSeconds: 900 });
}

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
          await alert(deps, 'signature', {
            subject: `Payment webhook refused: the ${deps.payments.id} signature did not verify`,
            lines: [
              `A delivery to /api/webhooks/${deps.payments.id} from ${request.ip} was refused because its signature could not be verified.`,
              'If it keeps happening, payments are not being confirmed: check that STRIPE_WEBHOOK_SECRET is the signing secret of this endpoint in the Stripe Dashboard.',
              'Anyone can post to this address, so one refusal alone may be noise. Alerts like this one are sent at most every 15 minutes.',
            ],
          });
          throw new HttpError(400, 'invalid_signature', 'The webhook signature could not be verified.');
        }
        try {
          const { duplicate } = await handlePaymentEvent(deps, deps.payments.id, event);
          return { received: true, duplicate };
        } catch (error) {
          if (!(error instanceof HttpError && error.statusCode < 500)) {
            await alert(deps, 'processing', {
              subject: `Payment webhook failed: a ${deps.payments.id} event could not be processed`,
              lines: [
                `A signed ${event.type} event could not be processed; the provider will deliver it again later.`,
                'Until it goes through, the order or payment it concerns may not be fulfilled: read the server log for the error.',
              ],
              link: '/admin/orders',
            });
          }
          throw error;
        }
      },
    );
  };
}
