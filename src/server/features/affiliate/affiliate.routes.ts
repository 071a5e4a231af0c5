import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { policy } from '../../../shared/policy';
import {
  affiliateClickQuerySchema,
  affiliateQuerySchema,
  affiliateSummarySchema,
  commissionReviewSchema,
  heldCommissionSchema,
  joinResponseSchema,
  payoutDecisionSchema,
  payoutRequestSchema,
  payoutSchema,
  reviewedCommissionSchema,
  staffPayoutQuerySchema,
  staffPayoutSchema,
} from '../../../shared/schemas/affiliate';
import { requireUser, signedIn, REFERRAL_COOKIE, actorOf } from '../auth';
import { getAffiliateSummary, joinProgramme, recordClick, type AffiliateDeps } from './affiliate.service';
import { listHeldCommissions, reviewHeldCommission } from './commission-holds.service';
import { decidePayout, listPayoutsForStaff, requestPayout } from './payouts.service';

export interface AffiliateRouteDeps extends AffiliateDeps {
  secureCookies: boolean;
}

const tags = ['affiliate'];
const cookieSeconds = policy.affiliate.cookieDays * 24 * 60 * 60;
const perAccount = (max: number) => ({
  rateLimit: { max, timeWindow: '10 minutes', keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip },
});
const payoutParams = z.object({ id: z.uuid() });

/** The affiliate programme: link clicks, the dashboard, joining and payouts; staff decide cash payouts and held commissions. */
export function affiliateRoutes(deps: AffiliateRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/affiliate/click',
      {
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: `A visit through ?ref=CODE: counts a click and sets the ${policy.affiliate.cookieDays}-day attribution cookie`,
          querystring: affiliateClickQuerySchema,
        },
      },
      async (request, reply) => {
        const code = await recordClick(deps, { code: request.query.code, viewerUserId: request.user?.id, ip: request.ip });
        if (code) {
          reply.setCookie(REFERRAL_COOKIE, code, {
            path: '/',
            httpOnly: true,
            sameSite: 'lax',
            secure: deps.secureCookies,
            maxAge: cookieSeconds,
            expires: new Date(deps.clock.now().getTime() + cookieSeconds * 1000),
          });
        }
        return reply.status(204).send();
      },
    );

    app.get(
      '/affiliate',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'Your referral link, the period against the one before, recent referrals, commission and payouts',
          querystring: affiliateQuerySchema,
          response: { 200: affiliateSummarySchema },
        },
      },
      async (request) => getAffiliateSummary(deps, requireUser(request).id, request.query.period),
    );

    app.post(
      '/affiliate/join',
      {
        onRequest: signedIn,
        config: perAccount(20),
        schema: { tags, summary: 'Join the affiliate programme', response: { 201: joinResponseSchema } },
      },
      async (request, reply) => reply.status(201).send(await joinProgramme(deps, requireUser(request).id)),
    );

    app.post(
      '/affiliate/payouts',
      {
        onRequest: signedIn,
        config: perAccount(20),
        schema: {
          tags,
          summary: 'Take all payable commission as account credit, or request a cash payout',
          body: payoutRequestSchema,
          response: { 201: payoutSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await requestPayout(deps, requireUser(request).id, request.body)),
    );

    const adminTags = ['admin'];

    app.get(
      '/admin/affiliate/payouts',
      {
        config: { permission: 'affiliate.payouts' },
        schema: {
          tags: adminTags,
          summary: 'Affiliate payouts, newest first',
          querystring: staffPayoutQuerySchema,
          response: { 200: z.array(staffPayoutSchema) },
        },
      },
      async (request) => listPayoutsForStaff(deps, request.query.status),
    );

    for (const action of ['approve', 'reject'] as const) {
      app.post(
        `/admin/affiliate/payouts/:id/${action}`,
        {
          config: { permission: 'affiliate.payouts' },
          schema: {
            tags: adminTags,
            summary: action === 'approve' ? 'Approve a cash payout: its commission is paid' : 'Reject a cash payout: its commission is payable again',
            params: payoutParams,
            body: payoutDecisionSchema,
            response: { 200: payoutSchema },
          },
        },
        async (request) =>
          decidePayout(deps, actorOf(request), {
            payoutId: request.params.id,
            approve: action === 'approve',
            reason: request.body.reason,
            note: request.body.note,
          }),
      );
    }

    app.get(
      '/admin/affiliate/commissions/held',
      {
        config: { permission: 'affiliate.payouts' },
        schema: {
          tags: adminTags,
          summary: 'Commissions held as a possible self-referral, with why, oldest first',
          response: { 200: z.array(heldCommissionSchema) },
        },
      },
      async () => listHeldCommissions(deps),
    );

    for (const action of ['release', 'void'] as const) {
      app.post(
        `/admin/affiliate/commissions/:id/${action}`,
        {
          config: { permission: 'affiliate.payouts' },
          schema: {
            tags: adminTags,
            summary: action === 'release' ? 'Release a held commission: it counts towards payouts again' : 'Void a held commission: it is reversed',
            params: payoutParams,
            body: commissionReviewSchema,
            response: { 200: reviewedCommissionSchema },
          },
        },
        async (request) =>
          reviewHeldCommission(deps, actorOf(request), { commissionId: request.params.id, release: action === 'release', reason: request.body.reason }),
      );
    }
  };
}
