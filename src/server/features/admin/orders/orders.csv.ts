import { currencyDigits, toMajor } from '../../../../shared/currency';
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

// Each row in its own currency, named in the Currency column: amounts in different currencies are
// never in one column under one code (decision 063).
const major = (minor: number, currency: string) => toMajor(minor, currency).toFixed(currencyDigits(currency));

export async function ordersCsv(db: Db, query: Omit<AdminOrderListQuery, 'page' | 'pageSize'>): Promise<string> {
  const { rows } = await listOrders(db, { ...query, page: 1, pageSize: CSV_EXPORT_MAX_ROWS }, CSV_EXPORT_MAX_ROWS, 0);
  let out = csvLine(['Order ID', 'Created (UTC)', 'Paid (UTC)', 'Status', 'Customer', 'Kind', 'Plan', 'Game', 'Provider', 'Currency', 'Total', 'Refunded', 'Invoice', 'Renewal']);
  for (const row of rows) {
    const o = toOrderSummary(row);
    const c = o.currency;
    out += csvLine([o.id, o.createdAt, o.paidAt, o.status, o.customer.email, o.kind, o.planName, o.game, o.provider, c.toUpperCase(), major(o.totalCents, c), major(o.refundedCents, c), o.invoice?.number, o.renewal ? 'yes' : 'no']);
  }
  return out;
}

export async function invoicesCsv(db: Db, query: Omit<AdminInvoiceListQuery, 'page' | 'pageSize'>): Promise<string> {
  const { rows } = await listInvoices(db, { ...query, page: 1, pageSize: CSV_EXPORT_MAX_ROWS }, CSV_EXPORT_MAX_ROWS, 0);
  let out = csvLine(['Invoice', 'Issued (UTC)', 'Status', 'Customer', 'Description', 'Game', 'Provider', 'Currency', 'Total', 'Refunded', 'Order ID']);
  for (const row of rows) {
    const i = toInvoiceSummary(row);
    const c = i.currency;
    out += csvLine([i.number, i.issuedAt, i.status, i.customer.email, i.description, i.game, i.provider, c.toUpperCase(), major(i.totalCents, c), major(i.refundedCents, c), i.orderId]);
  }
  return out;
}
