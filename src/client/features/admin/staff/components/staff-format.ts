import { roleLabels } from '../../../../../shared/permissions';
import type { Role } from '../../../../../shared/schemas/auth';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function formatWhen(iso: string | null, fallback = 'Never'): string {
  return iso ? dateTime.format(new Date(iso)) : fallback;
}

export function formatDay(iso: string): string {
  return dateOnly.format(new Date(iso));
}

export function roleLabel(role: string): string {
  return roleLabels[role as Role] ?? role;
}

export const roleDescriptions: Record<'support' | 'billing' | 'admin', string> = {
  support: 'Tickets and customers; can look at money but not move it.',
  billing: 'Also orders, invoices, refunds, credit, coupons and payouts.',
  admin: 'Everything, including staff, the audit log, the catalog and settings.',
};
