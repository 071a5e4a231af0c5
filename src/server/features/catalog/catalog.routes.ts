import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogQuerySchema, currencyChoiceSchema, priceChangeNoticeSchema, quoteRequestSchema } from '../../../shared/schemas/catalog';
import { chooseCurrency, currencyCookie } from '../../../shared/currency';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { requireUser, signedIn } from '../auth';
import type { CatalogService } from './catalog.service';
import { priceChangeNotices } from './price-changes.service';
import { storeTax, taxContextFor } from '../tax';
import { answerLocale } from '../i18n';
import { etagMatches } from '../../lib/compression';

const YEAR_S = 365 * 24 * 3600;

async function accountCurrency(db: Db, request: FastifyRequest): Promise<string | null> {
  if (!request.user) return null;
  const [row] = await db
    .select({ currency: sql<string | null>`${users.preferences}->>'currency'` })
    .from(users)
    .where(sql`${users.id} = ${request.user.id}`);
  return row?.currency ?? null;
}

function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/** The currency this visitor sees prices in (shared/currency.ts chooseCurrency, decision 063). */
async function visitorCurrency(db: Db, request: FastifyRequest, offered: readonly string[]): Promise<string> {
  if (offered.length <= 1) return offered[0]!;
  return chooseCurrency(offered, {
    cookie: request.cookies[currencyCookie],
    account: await accountCurrency(db, request),
    country: header(request, 'cf-ipcountry') ?? header(request, 'x-country-code'),
    acceptLanguage: header(request, 'accept-language'),
  });
}

/** The storefront's catalog and quotes, the currency picker's choice, and a customer's announced price changes. */
export function catalogRoutes(catalog: CatalogService, deps: { db: Db; secureCookies?: boolean }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/catalog',
      {
        schema: {
          tags: ['catalog'],
          summary:
            "Games, plans, add-ons, periods, locations and packs, priced in the asked currency or else the visitor's, with their texts in the asked language or else the visitor's (falling back to the shop's own text)",
          querystring: catalogQuerySchema,
        },
      },
      async (request, reply) => {
        const { catalog: shopCatalog } = await catalog.current();
        const offered = shopCatalog.currencies ?? [shopCatalog.currency];
        const currency = request.query.currency ?? (await visitorCurrency(deps.db, request, offered));
        // The page's language when the client names it (a /de/ page read in an English browser), else
        // the visitor's, else the shop's default (answerLocale, the rule every answer follows).
        const locale = await answerLocale(deps.db, request, request.query.lang);
        const { json, etag, version } = await catalog.inCurrency(currency, locale);
        // Revalidated on every use, so a saved catalog reaches browsers at once; unchanged, it costs a 304.
        reply.header('cache-control', 'no-cache');
        reply.header('vary', 'Cookie, Accept-Language, CF-IPCountry, X-Country-Code');
        reply.header('etag', etag);
        reply.header('x-catalog-version', String(version));
        if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
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
        return catalog.quote(request.body, tax, request.body.currency);
      },
    );
    app.put(
      '/currency',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags: ['catalog'],
          summary: "Remember the visitor's currency (a cookie), and the account's preference when signed in; only an offered one",
          body: currencyChoiceSchema,
          response: { 200: currencyChoiceSchema },
        },
      },
      async (request, reply) => {
        const { currency } = request.body;
        await catalog.inCurrency(currency);
        if (request.user && !request.viewAs) {
          await deps.db
            .update(users)
            .set({ preferences: sql`jsonb_set(${users.preferences}, '{currency}', to_jsonb(${currency}::text))` })
            .where(sql`${users.id} = ${request.user.id}`);
        }
        void reply.setCookie(currencyCookie, currency, { path: '/', maxAge: YEAR_S, sameSite: 'lax', secure: deps.secureCookies ?? false });
        return { currency };
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
