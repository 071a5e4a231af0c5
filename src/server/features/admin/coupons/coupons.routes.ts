import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCouponListSchema,
  adminCouponSchema,
  couponCreateSchema,
  couponDisableSchema,
  couponEditSchema,
  couponIdParams,
  couponListQuerySchema,
} from '../../../../shared/schemas/admin/coupons';
import { createCatalogService } from '../../catalog';
import type { AdminDeps } from '../admin-deps';
import { actorOf } from '../../auth';
import { createCoupon, editCoupon, getCoupon, listCoupons, setCouponEnabled, type CouponAdminDeps } from './coupons.service';

const tags = ['admin'];
const permission = 'coupons.manage' as const;
const writeLimit = { rateLimit: { max: 120, timeWindow: '10 minutes' } };

/** /api/admin/coupons: the list with redemption counts, create, safe edits, disable and enable. Billing and admin. */
export function couponsAdminRoutes(deps: AdminDeps): FastifyPluginAsyncZod {
  const d: CouponAdminDeps = { db: deps.db, clock: deps.clock, ids: deps.ids, catalog: createCatalogService(deps.db, deps.brand) };
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/coupons',
      {
        config: { permission },
        schema: { tags, summary: 'Coupons, newest first, with their redemptions', querystring: couponListQuerySchema, response: { 200: adminCouponListSchema } },
      },
      async (request) => listCoupons(d, request.query),
    );

    app.get(
      '/coupons/:id',
      {
        config: { permission },
        schema: { tags, summary: 'One coupon with its redemptions', params: couponIdParams, response: { 200: adminCouponSchema } },
      },
      async (request) => getCoupon(d, request.params.id),
    );

    app.post(
      '/coupons',
      {
        config: { permission, ...writeLimit },
        schema: { tags, summary: 'Create a coupon (its code, amount and duration never change afterwards)', body: couponCreateSchema, response: { 201: adminCouponSchema } },
      },
      async (request, reply) => reply.status(201).send(await createCoupon(d, actorOf(request), request.body)),
    );

    app.patch(
      '/coupons/:id',
      {
        config: { permission, ...writeLimit },
        schema: {
          tags,
          summary: "Change a coupon's description, expiry, maximum, customer rules or restrictions; they govern new redemptions",
          params: couponIdParams,
          body: couponEditSchema,
          response: { 200: adminCouponSchema },
        },
      },
      async (request) => editCoupon(d, actorOf(request), request.params.id, request.body),
    );

    app.post(
      '/coupons/:id/disable',
      {
        config: { permission, ...writeLimit },
        schema: {
          tags,
          summary: 'Stop new redemptions of a coupon, with a reason; customers who hold it keep their discount',
          params: couponIdParams,
          body: couponDisableSchema,
          response: { 200: adminCouponSchema },
        },
      },
      async (request) => setCouponEnabled(d, actorOf(request), request.params.id, false, request.body.reason),
    );

    app.post(
      '/coupons/:id/enable',
      {
        config: { permission, ...writeLimit },
        schema: {
          tags,
          summary: 'Let a disabled coupon be redeemed again',
          params: couponIdParams,
          body: z.object({ reason: z.string().trim().max(500).optional() }).default({}),
          response: { 200: adminCouponSchema },
        },
      },
      async (request) => setCouponEnabled(d, actorOf(request), request.params.id, true, request.body.reason || null),
    );
  };
}
