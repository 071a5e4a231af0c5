import { z } from 'zod';
import { locales } from '../i18n/locales';

const slug = z.string().trim().min(1, 'Required').max(64);

/** A currency as the API takes it: a three-letter ISO code, any case (decision 063). */
export const currencyCodeSchema = z
  .string('Choose a currency')
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{3}$/, 'A currency is a three-letter code such as EUR');

/** PUT /api/currency: the currency the visitor chose in the header's picker. */
export const currencyChoiceSchema = z.object({ currency: currencyCodeSchema });
export type CurrencyChoice = z.infer<typeof currencyChoiceSchema>;

/**
 * GET /api/catalog?currency=eur&lang=de: prices in that currency, absent in the visitor's (cookie,
 * account, country); texts in that language, absent in the visitor's (sp_lang, Accept-Language).
 */
export const catalogQuerySchema = z.object({
  currency: currencyCodeSchema.optional(),
  lang: z.enum(locales, `A language the shop ships: ${locales.join(', ')}`).optional(),
});

/** The body of POST /api/quote, and the configurator's choice. */
export const quoteRequestSchema = z.object({
  game: slug,
  plan: slug,
  period: slug,
  location: slug,
  addons: z
    .record(z.string().max(64), z.number().int('Must be a whole number').min(0).max(100))
    .default({}),
  /** The currency to price in: the shop's or an offered extra one; absent, the shop's. */
  currency: currencyCodeSchema.optional(),
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

/** A price change announced for one of the customer's services and still to come (GET /api/price-changes). */
export const priceChangeNoticeSchema = z.object({
  id: z.string(),
  serverId: z.string(),
  serverName: z.string(),
  planName: z.string(),
  /** The length of one billing period, which the amounts are for. */
  months: z.number().int(),
  kind: z.enum(['increase', 'decrease']),
  /** The service's currency, which both prices are in. */
  currency: z.string(),
  oldCents: z.number().int(),
  newCents: z.number().int(),
  noticeAt: z.string(),
  /** The renewal from which the new price is charged. */
  appliesFrom: z.string(),
});
export type PriceChangeNotice = z.infer<typeof priceChangeNoticeSchema>;
