import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkoutRequestSchema,
  checkoutResponseSchema,
  latestPurchaseSchema,
  orderStateSchema,
} from '../../../shared/schemas/checkout';
import { requestOrigin } from '../../lib/request-origin';
import { requireUser, signedIn } from '../auth';
import { couponRoutes } from '../coupons';
import { requestLocale } from '../../lib/request-locale';
import type { CheckoutDeps } from './checkout-deps';
import { latestPurchase } from './checkout.repository';
import { createCheckout, readCheckout, readOrder } from './checkout.service';

export function checkoutRoutes(deps: CheckoutDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(couponRoutes(deps));
    app.post(
      '/checkout',
      {
        onRequest: signedIn,
        config: {
          rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: (request) => request.user?.id ?? request.ip },
        },
        schema: {
          tags: ['checkout'],
          summary: 'Prices a server or pack choice from the catalog, stores a pending order and opens the checkout',
          body: checkoutRequestSchema,
          response: { 200: checkoutResponseSchema },
        },
      },
      // The request's language, if it names one: createCheckout places it after the account's own
      // choice and before the last sign-in's and the shop's (decision 078).
      async (request) => createCheckout(deps, requireUser(request), request.body, requestOrigin(request), requestLocale(request)),
    );
    app.get(
      '/checkout/:sessionId',
      {
        onRequest: signedIn,
        schema: {
          tags: ['checkout'],
          summary: "The order of one of the customer's checkout sessions, reconciled with the provider",
          params: z.object({ sessionId: z.string().min(1).max(200) }),
          response: { 200: orderStateSchema },
        },
      },
      async (request) => readCheckout(deps, requireUser(request).id, request.params.sessionId),
    );
    app.get(
      '/orders/:id',
      {
        onRequest: signedIn,
        schema: {
          tags: ['checkout'],
          summary: "One of the customer's orders with its purchase and server",
          params: z.object({ id: z.string().min(1).max(64) }),
          response: { 200: orderStateSchema },
        },
      },
      async (request) => readOrder(deps, requireUser(request).id, request.params.id),
    );
    app.get(
      '/purchases/latest',
      {
        onRequest: signedIn,
        schema: {
          tags: ['checkout'],
          summary: "The customer's most recent purchase, or null",
          response: { 200: latestPurchaseSchema },
        },
      },
      async (request) => ({ purchase: await latestPurchase(deps.db, requireUser(request).id) }),
    );
  };
}
