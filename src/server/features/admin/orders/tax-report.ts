import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { currencyDigits } from '../../../../shared/currency';
import type { TaxReportQuery } from '../../../../shared/schemas/admin/tax-report';
import type { TaxLineView } from '../../../../shared/schemas/tax';
import type { Db } from '../../../db/client';
import { creditNotes, invoices, users } from '../../../db/schema';
import { csvLine } from './orders.csv';

interface TaxDocument {
  number: string;
  type: 'invoice' | 'credit note';
  issuedAt: Date;
  email: string;
  country: string;
  vatId: string;
  currency: string;
  netMinor: number;
  taxMinor: number;
  taxLines: TaxLineView[];
  reverseCharge: boolean;
}

/** An amount in major units with the currency's own decimals (JPY has none), as accountants import it. */
function major(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}

/** The document's rate in percent: its single tax line's, or several joined ("19 + 7"); 0 without tax. */
function rate(lines: TaxLineView[]): string {
  if (lines.length === 0) return '0';
  return lines.map((l) => String(l.rate / 1000)).join(' + ');
}

/** Invoices and credit notes issued in the period, buyer details as printed on each document. */
async function documents(db: Db, query: TaxReportQuery): Promise<TaxDocument[]> {
  const from = new Date(`${query.from}T00:00:00Z`);
  const until = new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000);
  // A refunded invoice was still issued and paid: its credit note, in the period it was issued, takes it back.
  const issued = await db
    .select({ doc: invoices, email: users.email })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(and(gte(invoices.issuedAt, from), lt(invoices.issuedAt, until), inArray(invoices.status, ['paid', 'refunded'])));
  const refunded = await db
    .select({ doc: creditNotes, email: users.email, reverseCharge: invoices.reverseCharge })
    .from(creditNotes)
    .innerJoin(users, eq(users.id, creditNotes.userId))
    .leftJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(and(gte(creditNotes.issuedAt, from), lt(creditNotes.issuedAt, until)));
  const rows: TaxDocument[] = [
    ...issued.map(({ doc, email }) => ({
      number: doc.number,
      type: 'invoice' as const,
      issuedAt: doc.issuedAt,
      email: doc.buyer?.email ?? email,
      country: doc.buyer?.country ?? '',
      vatId: doc.buyer?.vatId ?? '',
      currency: doc.currency,
      netMinor: doc.netCents,
      taxMinor: doc.taxCents,
      taxLines: doc.taxLines,
      reverseCharge: doc.reverseCharge,
    })),
    // A credit note takes back net and tax: negative, so a period's sums are what is owed.
    ...refunded.map(({ doc, email, reverseCharge }) => ({
      number: doc.number,
      type: 'credit note' as const,
      issuedAt: doc.issuedAt,
      email: doc.buyer?.email ?? email,
      country: doc.buyer?.country ?? '',
      vatId: doc.buyer?.vatId ?? '',
      currency: doc.currency,
      netMinor: -doc.netCents,
      taxMinor: -doc.taxCents,
      taxLines: doc.taxLines,
      reverseCharge: reverseCharge ?? false,
    })),
  ];
  return rows.sort((a, b) => a.issuedAt.getTime() - b.issuedAt.getTime() || a.number.localeCompare(b.number));
}

/** The tax report as CSV: one row per document, or totals per country, currency, rate and reverse charge. */
export async function taxReportCsv(db: Db, query: TaxReportQuery): Promise<string> {
  const docs = await documents(db, query);
  if (query.view === 'documents') {
    let out = csvLine(['Document', 'Type', 'Issued (UTC)', 'Customer', 'Country', 'VAT ID', 'Currency', 'Net', 'Tax', 'Rate (%)', 'Reverse charge']);
    for (const d of docs) {
      const cur = d.currency.toUpperCase();
      out += csvLine([d.number, d.type, d.issuedAt.toISOString(), d.email, d.country, d.vatId, cur, major(d.netMinor, d.currency), major(d.taxMinor, d.currency), rate(d.taxLines), d.reverseCharge ? 'yes' : 'no']);
    }
    return out;
  }
  // Never summed across currencies: each currency is its own row.
  const groups = new Map<string, { country: string; currency: string; rate: string; reverseCharge: boolean; net: number; tax: number; count: number }>();
  for (const d of docs) {
    const key = [d.country, d.currency, rate(d.taxLines), d.reverseCharge].join('|');
    const g = groups.get(key) ?? { country: d.country, currency: d.currency, rate: rate(d.taxLines), reverseCharge: d.reverseCharge, net: 0, tax: 0, count: 0 };
    g.net += d.netMinor;
    g.tax += d.taxMinor;
    g.count += 1;
    groups.set(key, g);
  }
  let out = csvLine(['Period from', 'Period to', 'Country', 'Currency', 'Rate (%)', 'Reverse charge', 'Net', 'Tax', 'Documents']);
  const sorted = [...groups.values()].sort((a, b) => a.country.localeCompare(b.country) || a.currency.localeCompare(b.currency) || a.rate.localeCompare(b.rate));
  for (const g of sorted) {
    out += csvLine([query.from, query.to, g.country, g.currency.toUpperCase(), g.rate, g.reverseCharge ? 'yes' : 'no', major(g.net, g.currency), major(g.tax, g.currency), g.count]);
  }
  return out;
}
