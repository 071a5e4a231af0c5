import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Catalog } from '../../../shared/catalog';
import { couponCheckResponseSchema, couponCheckSchema } from '../../../shared/schemas/coupons';
import { checkCouponForChoice } from './coupon-check';
import type { CouponDeps } from './coupons.service';

/** The customer's side of coupons: checking a code in the configurator and the pack dialog. */
export function couponRoutes(
  deps: Pick<CouponDeps, 'db' | 'clock'> & { catalog: { get(): Promise<Catalog>; inCurrency?(currency: string): Promise<{ catalog: Catalog }> } },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/coupons/check',
      {
        // Few enough that guessing codes gets nowhere.
        config: { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: (request) => request.user?.id ?? request.ip } },
        schema: {
          tags: ['checkout'],
          summary: 'Whether a coupon code can be used for a server choice or a pack, and what it takes off; a refusal says why',
          body: couponCheckSchema,
          response: { 200: couponCheckResponseSchema },
        },
      },
      async (request) => checkCouponForChoice(deps, request.user?.id ?? null, request.body),
    );
  };
}
