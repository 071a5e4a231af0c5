import { z } from 'zod';
import { MAX_RATE, RATE_SCALE } from '../../tax';
import { countrySchema } from '../tax';
import { isShopCurrency } from '../../currency';

/** Why staff changed what customers pay (a rate, or whether prices include tax): kept in the audit log. */
export const settingsReasonSchema = z
  .string('Please give a reason')
  .trim()
  .min(3, 'Please give a reason of at least 3 characters')
  .max(500, 'Please keep the reason under 500 characters');

/**
 * PUT /api/admin/settings: the seller printed on invoices and credit notes, and how prices are
 * shown. A reason is needed only when whether prices include tax changes (that changes what new
 * orders pay); the seller's details need none.
 */
export const storeSettingsInputSchema = z.object({
  sellerName: z.string('Enter the legal name').trim().min(1, 'Enter the legal name').max(200, 'Please keep the legal name under 200 characters'),
  sellerAddress: z.string().trim().max(500, 'Please keep the address under 500 characters').default(''),
  sellerCountry: countrySchema,
  sellerTaxId: z.string().trim().max(40, 'That tax ID is too long').default(''),
  pricesIncludeTax: z.boolean('Choose whether prices include tax'),
  reason: z.string().trim().max(500, 'Please keep the reason under 500 characters').default(''),
});
export type StoreSettingsInput = z.input<typeof storeSettingsInputSchema>;

export const storeSettingsSchema = z.object({
  sellerName: z.string(),
  sellerAddress: z.string(),
  sellerCountry: z.string().nullable(),
  sellerTaxId: z.string(),
  pricesIncludeTax: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;

/** A percent from 0 to 100 with at most three decimals ("19", 8.875); answered in thousandths of a percent. */
const ratePercent = z.union([z.number(), z.string()], 'Enter a rate as a number').transform((value, ctx) => {
  const fail = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  const text = typeof value === 'number' ? String(value) : value.trim().replace(',', '.');
  if (text === '') return fail('Enter a rate');
  const n = Number(text);
  if (!Number.isFinite(n)) return fail('Enter a rate as a number');
  if (n < 0) return fail('A rate cannot be negative');
  if (n > 100) return fail('A rate cannot be more than 100%');
  if (Math.abs(n * RATE_SCALE - Math.round(n * RATE_SCALE)) > 1e-6) return fail('Use at most three decimals');
  return Math.round(n * RATE_SCALE);
});

/** POST /api/admin/settings/tax-rates and PUT …/:id. */
export const taxRateInputSchema = z.object({
  country: countrySchema,
  /** Empty: the whole country. Otherwise the region or state as customers enter it ("CA", "QC"). */
  region: z
    .string()
    .trim()
    .max(100, 'Please keep the region under 100 characters')
    .refine((v) => !/[\p{Cc}]/u.test(v), 'The region has characters that are not allowed')
    .default(''),
  name: z.string('Name the tax').trim().min(1, 'Name the tax, e.g. VAT').max(40, 'Please keep the name under 40 characters'),
  ratePercent,
  reason: settingsReasonSchema,
});
export type TaxRateInput = z.input<typeof taxRateInputSchema>;

export const taxRateSchema = z.object({
  id: z.string(),
  country: z.string(),
  countryName: z.string(),
  region: z.string(),
  name: z.string(),
  /** Thousandths of a percent. */
  rate: z.number().int().min(0).max(MAX_RATE),
  /** "19%". */
  label: z.string(),
  updatedAt: z.string(),
});
export type TaxRate = z.infer<typeof taxRateSchema>;

export const adminSettingsSchema = z.object({
  store: storeSettingsSchema,
  rates: z.array(taxRateSchema),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

export const taxRateIdParams = z.object({ id: z.uuid('Unknown tax rate') });

export const taxRateDeleteSchema = z.object({ reason: settingsReasonSchema });

/** PUT /api/admin/settings/currency: the currency the shop sells in (decision 053). */
export const currencySettingsInputSchema = z.object({
  currency: z
    .string('Choose a currency')
    .trim()
    .toLowerCase()
    .refine((code) => isShopCurrency(code), 'Choose one of the currencies in the list'),
  reason: settingsReasonSchema,
});
export type CurrencySettingsInput = z.input<typeof currencySettingsInputSchema>;

export const currencySettingsSchema = z.object({
  currency: z.string(),
  /** Every currency the shop may sell in, lower-case ISO codes. */
  choices: z.array(z.string()),
  /** True once anything was sold: the currency can no longer change, or old prices would be re-labelled. */
  locked: z.boolean(),
  /**
   * The extra currencies staff enabled, in their order (decision 063): `missing` counts the items
   * on sale with no price in it yet; customers are offered it only at 0.
   */
  extras: z.array(z.object({ currency: z.string(), offered: z.boolean(), missing: z.number().int() })),
});
export type CurrencySettings = z.infer<typeof currencySettingsSchema>;

export const MAX_EXTRA_CURRENCIES = 10;

/** PUT /api/admin/settings/extra-currencies: every extra currency, in the order the picker lists them. */
export const extraCurrenciesInputSchema = z.object({
  currencies: z
    .array(
      z
        .string('Choose a currency')
        .trim()
        .toLowerCase()
        .refine((code) => isShopCurrency(code), 'Choose one of the currencies in the list'),
      'A list of currencies',
    )
    .max(MAX_EXTRA_CURRENCIES, `At most ${MAX_EXTRA_CURRENCIES} extra currencies`)
    .refine((codes) => new Set(codes).size === codes.length, 'A currency is listed twice'),
  reason: settingsReasonSchema,
});
export type ExtraCurrenciesInput = z.input<typeof extraCurrenciesInputSchema>;
