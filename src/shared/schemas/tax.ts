import { z } from 'zod';
import { isCountryCode } from '../countries';
import { normalizeVatId, vatIdProblem } from '../vat-ids';

/*
 * Billing details, the tax lines of a document and the parties printed on it
 * (docs/decisions/023-taxes-and-invoice-numbering.md).
 */

export const countrySchema = z
  .string('Choose a country')
  .trim()
  .toUpperCase()
  .refine(isCountryCode, 'Choose a country from the list');

const POSTAL_CODE = /^[A-Z0-9](?:[A-Z0-9 -]{0,10}[A-Z0-9])?$/i;

/** PUT /api/account/billing-details: who the invoices are made out to, and where taxes are due. */
export const billingDetailsInputSchema = z.object({
  name: z.string('Enter your name or company').trim().min(1, 'Enter your name or company').max(200, 'Please keep the name under 200 characters'),
  /** Street and city; optional, printed on invoices. */
  address: z.string().trim().max(300, 'Please keep the address under 300 characters').default(''),
  country: countrySchema,
  /** A region or state, as the store's regional rates name it ("CA", "QC"); optional unless the country has such rates. */
  region: z.string().trim().max(100, 'Please keep the region under 100 characters').default(''),
  postalCode: z
    .string()
    .trim()
    .max(12, 'That postal code is too long')
    .refine((v) => v === '' || POSTAL_CODE.test(v), 'Enter a postal code of letters, digits, spaces or dashes')
    .default(''),
  /** An EU VAT ID, for businesses; empty for none. Checked for form here, then with VIES by the server. */
  vatId: z
    .string()
    .max(40, 'That VAT ID is too long')
    .transform(normalizeVatId)
    .superRefine((v, ctx) => {
      const problem = vatIdProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .default(''),
});
export type BillingDetailsInput = z.input<typeof billingDetailsInputSchema>;
export type BillingDetailsValues = z.output<typeof billingDetailsInputSchema>;

/**
 * Where a saved VAT ID stands with the EU's VIES service (docs/decisions/033-vat-id-checks.md):
 * 'checking' until VIES answers (VAT is charged meanwhile), 'verified' (reverse charge may apply),
 * 'invalid' when VIES says it is not registered.
 */
export const vatIdStatusSchema = z.enum(['checking', 'verified', 'invalid']);
export type VatIdStatus = z.infer<typeof vatIdStatusSchema>;

/** The last answer about a VAT ID: VIES's (with its consultation number when it gave one) or a staff member's, by hand. */
export const vatCheckSchema = z.object({
  by: z.enum(['vies', 'staff']),
  /** VIES's consultation number (requestIdentifier), the proof of the check; null when VIES gave none or staff verified it. */
  consultation: z.string().nullable(),
  checkedAt: z.string(),
});
export type VatCheck = z.infer<typeof vatCheckSchema>;

export const billingDetailsSchema = z.object({
  name: z.string(),
  address: z.string(),
  country: z.string(),
  region: z.string(),
  postalCode: z.string(),
  vatId: z.string(),
  /** null without a VAT ID. */
  vatIdStatus: vatIdStatusSchema.nullable(),
  /** The answer that verified the ID (or found it invalid); null until there is one. */
  vatCheck: vatCheckSchema.nullable(),
  /** While checking: VIES's last error code (MS_UNAVAILABLE, TIMEOUT...), or null before the first try. */
  vatCheckError: z.string().nullable(),
  updatedAt: z.string(),
});
export type BillingDetails = z.infer<typeof billingDetailsSchema>;

/** GET /api/account/billing-details: null until the customer gives them (the first checkout asks). */
export const billingDetailsResponseSchema = z.object({ details: billingDetailsSchema.nullable() });
export type BillingDetailsResponse = z.infer<typeof billingDetailsResponseSchema>;

export const taxLineSchema = z.object({
  name: z.string(),
  /** Thousandths of a percent: 19000 is 19%. */
  rate: z.number().int(),
  amountCents: z.number().int(),
});
export type TaxLineView = z.infer<typeof taxLineSchema>;

/**
 * The seller as a document was issued: the store's legal name, address, country and tax ID at that
 * moment ('' and null where staff had not set them yet; the brand name stands in for the name).
 */
export const sellerSnapshotSchema = z.object({
  name: z.string(),
  address: z.string(),
  country: z.string().nullable(),
  taxId: z.string(),
});
export type SellerSnapshot = z.infer<typeof sellerSnapshotSchema>;

/** The buyer as a document was issued: their billing details and email at that moment. */
export const buyerSnapshotSchema = z.object({
  name: z.string(),
  email: z.string(),
  address: z.string(),
  postalCode: z.string(),
  region: z.string(),
  country: z.string(),
  vatId: z.string(),
  /** 'unverified' on documents issued before VAT IDs were checked with VIES. */
  vatIdStatus: z.enum(['unverified', ...vatIdStatusSchema.options]).nullable(),
  /** The check that verified the ID, printed on the invoice; absent on older documents. */
  vatCheck: vatCheckSchema.nullable().optional(),
});
export type BuyerSnapshot = z.infer<typeof buyerSnapshotSchema>;

/** What a document or an order says about taxes. */
export const taxSummarySchema = z.object({
  inclusive: z.boolean(),
  reverseCharge: z.boolean(),
  netCents: z.number().int(),
  lines: z.array(taxLineSchema),
  taxCents: z.number().int(),
  grossCents: z.number().int(),
  /** The legal note printed under reverse charge; null otherwise. */
  note: z.string().nullable(),
});
export type TaxSummary = z.infer<typeof taxSummarySchema>;

/** GET /api/tax/terms: how prices are shown, and the signed-in customer's own tax lines once known. */
export const taxTermsSchema = z.object({
  pricesIncludeTax: z.boolean(),
  /** Whether the signed-in customer has billing details (false when signed out). */
  hasBillingDetails: z.boolean(),
  /** The customer's treatment (shared/tax.ts), null until billing details are known. */
  treatment: z
    .object({
      inclusive: z.boolean(),
      reverseCharge: z.boolean(),
      lines: z.array(z.object({ name: z.string(), rate: z.number().int() })),
    })
    .nullable(),
  /** Regions with rates of their own, per country, so the billing form can offer them. */
  regions: z.record(z.string(), z.array(z.string())),
});
export type TaxTerms = z.infer<typeof taxTermsSchema>;

/**
 * The server's refusal of billing details without the region its country's taxes depend on, in
 * English as the API answers it; the form says it in the page's language (billing.regionRequired).
 */
export const regionRequiredMessage = (country: string) => `Enter your state or region: taxes in ${country} depend on it.`;
export const regionRequiredPattern = /^Enter your state or region: taxes in .+ depend on it\.$/;
