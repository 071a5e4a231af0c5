import { countryName } from '../../../shared/countries';
import {
  REVERSE_CHARGE_NOTE,
  taxTreatment,
  type StoreTaxSettings,
  type TaxBreakdown,
  type TaxTreatment,
} from '../../../shared/tax';
import type {
  BillingDetails,
  BillingDetailsValues,
  BuyerSnapshot,
  SellerSnapshot,
  TaxLineView,
  TaxSummary,
  TaxTerms,
} from '../../../shared/schemas/tax';
import { regionRequiredMessage } from '../../../shared/schemas/tax';
import type { Executor } from '../../db/client';
import { HttpError } from '../../lib/errors';
import type { Clock } from '../../lib/runtime';
import {
  billingDetailsRow,
  emailOf,
  storeSettingsRow,
  taxRateRows,
  upsertBillingDetails,
  type BillingDetailsRow,
} from './tax.repository';
import { vatCheckOf } from './vat-id-checks';
import type { VatIdChecks } from './vat-id-checks.service';

/*
 * Who pays which tax, read from the store's settings, its rates and the customer's billing
 * details; the arithmetic is shared/tax.ts (docs/decisions/023-taxes-and-invoice-numbering.md).
 */

export interface StoreTax {
  settings: StoreTaxSettings;
  seller: SellerSnapshot;
}

export async function storeTax(db: Executor): Promise<StoreTax> {
  const [row, rates] = await Promise.all([storeSettingsRow(db), taxRateRows(db)]);
  return {
    settings: {
      pricesIncludeTax: row.pricesIncludeTax,
      sellerCountry: row.sellerCountry,
      rates: rates.map((r) => ({ country: r.country, region: r.region || null, name: r.name, rate: r.rate })),
    },
    seller: { name: row.sellerName, address: row.sellerAddress, country: row.sellerCountry, taxId: row.sellerTaxId },
  };
}

export function buyerSnapshot(row: BillingDetailsRow, email: string): BuyerSnapshot {
  return {
    name: row.name,
    email,
    address: row.address,
    postalCode: row.postalCode,
    region: row.region,
    country: row.country,
    vatId: row.vatId,
    vatIdStatus: row.vatIdStatus ?? null,
    // Printed on the invoice as the proof behind reverse charge (docs/decisions/033-vat-id-checks.md).
    vatCheck: row.vatIdStatus === 'verified' ? vatCheckOf(row) : null,
  };
}

export interface TaxContext {
  seller: SellerSnapshot;
  /** null while the customer has given no billing details. */
  buyer: BuyerSnapshot | null;
  treatment: TaxTreatment;
}

/**
 * The taxes of a customer's next charge: the store's rates for their billing details now.
 * `inclusive` overrides how prices are read: a renewal keeps the basis its service was sold with.
 */
export async function taxContextFor(db: Executor, userId: string, options: { inclusive?: boolean } = {}): Promise<TaxContext> {
  const [store, details, email] = await Promise.all([storeTax(db), billingDetailsRow(db, userId), emailOf(db, userId)]);
  const settings = options.inclusive === undefined ? store.settings : { ...store.settings, pricesIncludeTax: options.inclusive };
  const buyer = details ? buyerSnapshot(details, email) : null;
  return { seller: store.seller, buyer, treatment: taxTreatment(settings, buyer) };
}

/** A customer's treatment for either basis: a service renews on the basis it was sold with. */
export async function treatmentsFor(db: Executor, userId: string): Promise<(inclusive: boolean) => TaxTreatment> {
  const [store, details] = await Promise.all([storeTax(db), billingDetailsRow(db, userId)]);
  const buyer = details ? buyerSnapshot(details, '') : null;
  return (inclusive) => taxTreatment({ ...store.settings, pricesIncludeTax: inclusive }, buyer);
}

/** The columns orders and invoices keep about their taxes. */
export function taxColumns(tax: TaxBreakdown) {
  return {
    taxInclusive: tax.inclusive,
    netCents: tax.netCents,
    taxCents: tax.taxCents,
    grossCents: tax.grossCents,
    taxLines: tax.lines as TaxLineView[],
    reverseCharge: tax.reverseCharge,
  };
}

export function taxNoteOf(reverseCharge: boolean): string | null {
  return reverseCharge ? REVERSE_CHARGE_NOTE : null;
}

/** A stored order's or invoice's taxes as the API shows them. */
export function taxSummaryOf(doc: {
  taxInclusive: boolean;
  reverseCharge: boolean;
  netCents: number;
  taxCents: number;
  grossCents: number;
  taxLines: TaxLineView[];
  taxNote?: string | null;
}): TaxSummary {
  return {
    inclusive: doc.taxInclusive,
    reverseCharge: doc.reverseCharge,
    netCents: doc.netCents,
    lines: doc.taxLines,
    taxCents: doc.taxCents,
    grossCents: doc.grossCents,
    note: doc.taxNote ?? taxNoteOf(doc.reverseCharge),
  };
}

function detailsView(row: BillingDetailsRow): BillingDetails {
  return {
    name: row.name,
    address: row.address,
    country: row.country,
    region: row.region,
    postalCode: row.postalCode,
    vatId: row.vatId,
    vatIdStatus: row.vatId ? (row.vatIdStatus ?? null) : null,
    vatCheck: row.vatId && row.vatIdStatus !== 'checking' ? vatCheckOf(row) : null,
    vatCheckError: row.vatIdStatus === 'checking' ? row.vatIdCheckError : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getBillingDetails(db: Executor, userId: string): Promise<BillingDetails | null> {
  const row = await billingDetailsRow(db, userId);
  return row ? detailsView(row) : null;
}

/** Countries with rates of their own per region, and those regions, as staff entered them. */
function regionsByCountry(settings: StoreTaxSettings): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const rate of settings.rates) {
    if (!rate.region) continue;
    const list = (out[rate.country] ??= []);
    if (!list.some((r) => r.toLowerCase() === rate.region!.toLowerCase())) list.push(rate.region);
  }
  return out;
}

/**
 * Saves the signed-in customer's billing details. Where the store has rates per region in their
 * country, the region is required, since the tax depends on it. A VAT ID that is not verified yet
 * (new, changed, or saved again) is checked with VIES before the answer, so a checkout right after
 * already knows; the same verified ID keeps its verification.
 */
export async function saveBillingDetails(
  deps: { db: Executor; clock: Clock; vatIds: Pick<VatIdChecks, 'checkNow'> },
  userId: string,
  input: BillingDetailsValues,
): Promise<BillingDetails> {
  const { settings } = await storeTax(deps.db);
  const regions = regionsByCountry(settings)[input.country];
  if (regions && !input.region) {
    const message = regionRequiredMessage(countryName(input.country));
    throw new HttpError(400, 'validation_failed', message, { region: message });
  }
  const saved = await upsertBillingDetails(deps.db, userId, input, deps.clock.now());
  if (!saved.vatId || saved.vatIdStatus === 'verified') return detailsView(saved);
  return detailsView((await deps.vatIds.checkNow(userId)) ?? saved);
}

/** GET /api/tax/terms: how prices are shown and, for a customer with billing details, their tax lines. */
export async function taxTerms(db: Executor, userId: string | null): Promise<TaxTerms> {
  const store = await storeTax(db);
  const regions = regionsByCountry(store.settings);
  if (!userId) return { pricesIncludeTax: store.settings.pricesIncludeTax, hasBillingDetails: false, treatment: null, regions };
  const context = await taxContextFor(db, userId);
  return {
    pricesIncludeTax: store.settings.pricesIncludeTax,
    hasBillingDetails: context.buyer !== null,
    treatment: context.buyer ? context.treatment : null,
    regions,
  };
}
