import { currencyDigits, toMajor } from '../../../../shared/currency';
import { shopCurrency } from '../../../lib/shop-currency';
import { CSV_EXPORT_MAX_ROWS, type AdminInvoiceListQuery, type AdminOrderListQuery } from '../../../../shared/schemas/admin/orders';
import type { Db } from '../../../db/client';
import { listInvoices, listOrders } from './orders.repository';
import { toInvoiceSummary, toOrderSummary } from './orders.service';

/**
 * One CSV field. Quotes when needed, and defuses text a spreadsheet would run as a formula
 * (a cell starting with =, +, -, @, tab or carriage return gets a leading apostrophe).
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: (string | number | null | undefined)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

// Every sale is in the shop's currency (a change is refused once anything was sold, decision 053).
const major = (minor: number, currency: string) => toMajor(minor, currency).toFixed(currencyDigits(currency));

export async function ordersCsv(db: Db, query: Omit<AdminOrderListQuery, 'page' | 'pageSize'>): Promise<string> {
  const { rows } = await listOrders(db, { ...query, page: 1, pageSize: CSV_EXPORT_MAX_ROWS }, CSV_EXPORT_MAX_ROWS, 0);
  const currency = await shopCurrency(db);
  const code = currency.toUpperCase();
  let out = csvLine(['Order ID', 'Created (UTC)', 'Paid (UTC)', 'Status', 'Customer', 'Kind', 'Plan', 'Game', 'Provider', `Total (${code})`, `Refunded (${code})`, 'Invoice', 'Renewal']);
  for (const row of rows) {
    const o = toOrderSummary(row);
    out += csvLine([o.id, o.createdAt, o.paidAt, o.status, o.customer.email, o.kind, o.planName, o.game, o.provider, major(o.totalCents, currency), major(o.refundedCents, currency), o.invoice?.number, o.renewal ? 'yes' : 'no']);
  }
  return out;
}

export async function invoicesCsv(db: Db, query: Omit<AdminInvoiceListQuery, 'page' | 'pageSize'>): Promise<string> {
  const { rows } = await listInvoices(db, { ...query, page: 1, pageSize: CSV_EXPORT_MAX_ROWS }, CSV_EXPORT_MAX_ROWS, 0);
  const currency = await shopCurrency(db);
  const code = currency.toUpperCase();
  let out = csvLine(['Invoice', 'Issued (UTC)', 'Status', 'Customer', 'Description', 'Game', 'Provider', `Total (${code})`, `Refunded (${code})`, 'Order ID']);
  for (const row of rows) {
    const i = toInvoiceSummary(row);
    out += csvLine([i.number, i.issuedAt, i.status, i.customer.email, i.description, i.game, i.provider, major(i.totalCents, currency), major(i.refundedCents, currency), i.orderId]);
  }
  return out;
}
