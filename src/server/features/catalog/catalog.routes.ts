import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { priceChangeNoticeSchema, quoteRequestSchema } from '../../../shared/schemas/catalog';
import type { Db } from '../../db/client';
import { requireUser, signedIn } from '../auth';
import type { CatalogService } from './catalog.service';
import { priceChangeNotices } from './price-changes.service';
import { storeTax, taxContextFor } from '../tax';

/** The storefront's catalog and quotes, and a customer's announced price changes. */
export function catalogRoutes(catalog: CatalogService, deps: { db: Db }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/catalog',
      { schema: { tags: ['catalog'], summary: 'Games, plans, add-ons, periods, locations and packs' } },
      async (request, reply) => {
        const { json, etag, version } = await catalog.current();
        // Revalidated on every use, so a saved catalog reaches browsers at once; unchanged, it costs a 304.
        reply.header('cache-control', 'no-cache');
        reply.header('etag', etag);
        reply.header('x-catalog-version', String(version));
        if (request.headers['if-none-match'] === etag) return reply.status(304).send();
        reply.header('content-type', 'application/json; charset=utf-8');
        return reply.send(json);
      },
    );
    app.post(
      '/quote',
      {
        schema: {
          tags: ['catalog'],
          summary: 'The price breakdown of a choice, in integer cents, with the signed-in customer’s tax lines (net, each line, gross)',
          body: quoteRequestSchema,
        },
      },
      async (request) => {
        // Signed in with billing details: their own lines. Otherwise how prices are shown, no lines yet.
        const context = request.user ? await taxContextFor(deps.db, request.user.id) : null;
        const tax = context?.buyer
          ? context.treatment
          : { inclusive: (await storeTax(deps.db)).settings.pricesIncludeTax, reverseCharge: false, lines: [] };
        return catalog.quote(request.body, tax);
      },
    );
    app.get(
      '/price-changes',
      {
        onRequest: signedIn,
        schema: {
          tags: ['catalog'],
          summary: 'Price changes announced for your services and still to come: old and new price, and the renewal they start at',
          response: { 200: z.object({ items: z.array(priceChangeNoticeSchema) }) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { items: await priceChangeNotices(deps.db, requireUser(request).id) };
      },
    );
  };
}
