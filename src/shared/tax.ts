import { isEuCountry } from './countries';
import { isWellFormedVatId, vatIdCountry } from './vat-ids';

/*
 * Taxes, applied after every discount on top of the shared pricing (docs/decisions/023-taxes-and-invoice-numbering.md).
 * One function, `applyTax`, turns what an order costs after its discounts into net, tax lines and
 * gross, for the quote, the checkout, renewals and the invoice alike. Money is integer cents.
 *
 * Rates are in thousandths of a percent (19% = 19000, 8.875% = 8875), so every rate a tax office
 * publishes is a whole number. The rounding rule, once per line:
 * - prices without tax (the default): each tax line is net × rate, rounded half up to the cent;
 *   gross = net + the lines.
 * - prices with tax: the tax inside the gross is gross × R / (100% + R) for the lines' total rate R,
 *   rounded half up once; it is split between the lines in proportion to their rates (the cents a
 *   split leaves go to the lines with the largest remainders, the first on a tie); net = gross − tax.
 */

export const RATE_SCALE = 1000;
/** 100%, the highest rate a line may have. */
export const MAX_RATE = 100 * RATE_SCALE;

/** A rate as staff set it: for a whole country (region null) or one region of it. */
export interface TaxRateRule {
  country: string;
  /** A region or state code or name as customers enter it (compared without case); null: the whole country. */
  region: string | null;
  /** "VAT", "GST", "Sales tax". */
  name: string;
  /** Thousandths of a percent. */
  rate: number;
}

/** What the store's settings say about taxes. */
export interface StoreTaxSettings {
  /** true: catalog prices include tax (gross) and the net is derived; false: tax is added on top. */
  pricesIncludeTax: boolean;
  /** The seller's country (ISO code), or null when not set yet. */
  sellerCountry: string | null;
  rates: readonly TaxRateRule[];
}

/** The billing details taxes depend on. */
export interface TaxBuyer {
  country: string;
  region: string;
  vatId: string;
  /** Where the VAT ID stands with VIES: only 'verified' counts for reverse charge (docs/decisions/033-vat-id-checks.md). */
  vatIdStatus?: string | null;
}

/** Which rates apply to one buyer, and how prices are read. */
export interface TaxTreatment {
  inclusive: boolean;
  reverseCharge: boolean;
  lines: { name: string; rate: number }[];
}

export interface TaxLine {
  name: string;
  rate: number;
  amountCents: number;
}

export interface TaxBreakdown {
  inclusive: boolean;
  reverseCharge: boolean;
  netCents: number;
  lines: TaxLine[];
  taxCents: number;
  grossCents: number;
}

/** Printed on an invoice or credit note issued under reverse charge. */
export const REVERSE_CHARGE_NOTE =
  'Reverse charge: no VAT is charged on this invoice. The customer, as the recipient of the services, accounts for the VAT due in their own member state (Article 196 of Council Directive 2006/112/EC).';

function sameRegion(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Whether a buyer is an EU business outside the seller's member state: an EU billing address, a
 * well-formed EU VAT ID that VIES (or staff, by hand) verified, and neither the address nor the ID
 * in the seller's country. The ID's country need not be the address's (a business may be
 * registered elsewhere in the EU). An ID still being checked, or found invalid, pays VAT.
 */
export function isReverseCharge(sellerCountry: string | null, buyer: TaxBuyer): boolean {
  if (!isEuCountry(buyer.country) || !isWellFormedVatId(buyer.vatId)) return false;
  if (buyer.vatIdStatus !== 'verified') return false;
  const idCountry = vatIdCountry(buyer.vatId);
  return idCountry !== sellerCountry && buyer.country !== sellerCountry;
}

/**
 * The lines that apply to a buyer: every rate of their country for the whole country, then every
 * rate for their region. Without billing details, none (the checkout asks for them first).
 * An EU business under reverse charge gets one 0% line, named as their country's first rate.
 */
export function taxTreatment(store: StoreTaxSettings, buyer: TaxBuyer | null): TaxTreatment {
  const inclusive = store.pricesIncludeTax;
  if (!buyer) return { inclusive, reverseCharge: false, lines: [] };
  const own = store.rates.filter((r) => r.country === buyer.country);
  if (isReverseCharge(store.sellerCountry, buyer)) {
    return { inclusive, reverseCharge: true, lines: [{ name: own[0]?.name ?? 'VAT', rate: 0 }] };
  }
  const country = own.filter((r) => r.region === null);
  const region = buyer.region.trim() ? own.filter((r) => r.region !== null && sameRegion(r.region, buyer.region)) : [];
  return { inclusive, reverseCharge: false, lines: [...country, ...region].map((r) => ({ name: r.name, rate: r.rate })) };
}

/** n / d rounded half up, for n ≥ 0 and d > 0, in integers. */
function divideHalfUp(n: number, d: number): number {
  return Math.floor((2 * n + d) / (2 * d));
}

/**
 * Splits `total` cents between shares in proportion to their weights: each its floor, then the
 * cents left one each to the largest remainders (the first on a tie). Sums to `total` exactly.
 */
function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const parts = weights.map((w) => Math.floor((total * w) / sum));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = weights
    .map((w, i) => ({ i, remainder: (total * w) % sum }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

/**
 * Net, tax lines and gross of an amount after every discount (`amountCents`: net when prices
 * exclude tax, gross when they include it), by the rounding rule above.
 */
export function applyTax(amountCents: number, treatment: TaxTreatment): TaxBreakdown {
  if (!Number.isInteger(amountCents) || amountCents < 0) throw new RangeError('amountCents must be a whole number of cents, 0 or more');
  for (const line of treatment.lines) {
    if (!Number.isInteger(line.rate) || line.rate < 0 || line.rate > MAX_RATE) throw new RangeError(`Tax rate out of range: ${line.rate}`);
  }
  const { inclusive, reverseCharge } = treatment;
  if (!inclusive) {
    const lines = treatment.lines.map((l) => ({ name: l.name, rate: l.rate, amountCents: divideHalfUp(amountCents * l.rate, MAX_RATE) }));
    const taxCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
    return { inclusive, reverseCharge, netCents: amountCents, lines, taxCents, grossCents: amountCents + taxCents };
  }
  const totalRate = treatment.lines.reduce((sum, l) => sum + l.rate, 0);
  const taxCents = totalRate === 0 ? 0 : divideHalfUp(amountCents * totalRate, MAX_RATE + totalRate);
  const shares = allocate(
    taxCents,
    treatment.lines.map((l) => l.rate),
  );
  const lines = treatment.lines.map((l, i) => ({ name: l.name, rate: l.rate, amountCents: shares[i]! }));
  return { inclusive, reverseCharge, netCents: amountCents - taxCents, lines, taxCents, grossCents: amountCents };
}

/**
 * The tax inside part of a document's gross (a refund): each line scaled by part / gross, rounded
 * half up, and the net as the rest. `alreadyCents` is what earlier refunds of the same document
 * took: each share is counted from the running total (scaled up to `already + part`, less scaled up
 * to `already`), so the refunds of a whole document add up to its tax lines exactly.
 */
export function taxShare(breakdown: Pick<TaxBreakdown, 'grossCents' | 'lines'>, partCents: number, alreadyCents = 0) {
  const { grossCents } = breakdown;
  const upTo = (amount: number, cents: number) => (cents >= grossCents ? amount : divideHalfUp(amount * cents, grossCents));
  const lines = breakdown.lines.map((l) => ({ ...l, amountCents: upTo(l.amountCents, alreadyCents + partCents) - upTo(l.amountCents, alreadyCents) }));
  const taxCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
  return { lines, taxCents, netCents: partCents - taxCents };
}

/** 19000 → "19%", 8875 → "8.875%", 0 → "0%". */
export function formatRate(rate: number): string {
  const whole = Math.floor(rate / RATE_SCALE);
  const fraction = String(rate % RATE_SCALE).padStart(3, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}%` : `${whole}%`;
}

/** "19", "8.875", "7,5" → thousandths of a percent; null when it is not a rate from 0 to 100 with at most three decimals. */
export function parseRate(input: string): number | null {
  const text = input.trim().replace(',', '.').replace(/%$/, '').trim();
  const match = /^(\d{1,3})(?:\.(\d{1,3}))?$/.exec(text);
  if (!match) return null;
  const rate = Number(match[1]) * RATE_SCALE + Number((match[2] ?? '').padEnd(3, '0'));
  return rate <= MAX_RATE ? rate : null;
}

/** "VAT 19%", "VAT 0% (reverse charge)". */
export function taxLineLabel(line: { name: string; rate: number }, reverseCharge = false): string {
  return `${line.name} ${formatRate(line.rate)}${reverseCharge ? ' (reverse charge)' : ''}`;
}
