import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingDetailsInputSchema, billingDetailsResponseSchema, billingDetailsSchema, taxTermsSchema } from '../../../shared/schemas/tax';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/runtime';
import { requireUser, signedIn } from '../auth';
import { getBillingDetails, saveBillingDetails, taxTerms } from './tax.service';
import type { VatIdChecks } from './vat-id-checks.service';

const tags = ['account'];

/** The customer's billing details (asked for at the first checkout) and the tax terms the storefront shows. */
export function taxRoutes(deps: { db: Db; clock: Clock; vatIds: VatIdChecks }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/tax/terms',
      {
        schema: {
          tags: ['catalog'],
          summary: 'Whether prices include tax, the regions with rates of their own, and the signed-in customer’s tax lines',
          response: { 200: taxTermsSchema },
        },
      },
      async (request) => taxTerms(deps.db, request.user?.id ?? null),
    );

    app.get(
      '/account/billing-details',
      {
        onRequest: signedIn,
        schema: { tags, summary: 'Your billing details; null until you give them', response: { 200: billingDetailsResponseSchema } },
      },
      async (request) => ({ details: await getBillingDetails(deps.db, requireUser(request).id) }),
    );

    app.put(
      '/account/billing-details',
      {
        onRequest: signedIn,
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Save your name or company, country, region, postal code and optional EU VAT ID (checked with VIES; VAT is charged until it is verified)',
          body: billingDetailsInputSchema,
          response: { 200: billingDetailsSchema },
        },
      },
      async (request) => saveBillingDetails(deps, requireUser(request).id, request.body),
    );
  };
}
