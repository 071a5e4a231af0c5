import type { AdminInvoiceStatus, AdminMoneySort, AdminOrderStatus } from '../../../../../shared/schemas/admin/orders';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const timeOnly = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : '—';
}

export function formatDay(iso: string | null | undefined): string {
  return iso ? dateOnly.format(new Date(iso)) : '—';
}

export function formatTime(iso: string): string {
  return timeOnly.format(new Date(iso));
}

export const orderStatusLabels: Record<AdminOrderStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
  expired: 'Expired',
};

export const invoiceStatusLabels: Record<AdminInvoiceStatus, string> = {
  paid: 'Paid',
  pending: 'Pending',
  failed: 'Failed',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
};

export const sortLabels: Record<AdminMoneySort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  amount_desc: 'Largest amount first',
  amount_asc: 'Smallest amount first',
};

/** The payment providers an order can have been paid through. */
export const providerLabels: Record<string, string> = { local: 'Built-in checkout', stripe: 'Stripe' };

export function providerLabel(provider: string | null): string {
  if (!provider) return '—';
  return providerLabels[provider] ?? provider;
}
