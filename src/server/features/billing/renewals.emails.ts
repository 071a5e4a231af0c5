import { formatMoney } from '../../../shared/money';
import type { Db } from '../../db/client';
import type { Mailer } from '../../integrations/mail/mailer';
import { getBusinessRules } from '../brand';
import { formatDay, sendTemplate } from '../emails';

export interface RenewalMailDeps {
  db: Db;
  mailer: Mailer;
  brand: string;
  publicUrl: string;
  log: { warn(obj: object, msg?: string): void };
}

export type RenewalNotice =
  | { kind: 'receipt'; service: string; amountCents: number; currency: string; creditCents: number; invoiceNumber: string; renewsAt: Date }
  | { kind: 'payment_failed'; service: string; amountCents: number; currency: string; reason: string; retryAt: Date | null; suspendAt: Date }
  | { kind: 'suspended'; renewalId: string; service: string; amountCents: number; currency: string; deleteAt: Date }
  | { kind: 'resumed'; renewalId: string; service: string }
  | { kind: 'deleted'; service: string; backupUntil: Date | null }
  | { kind: 'cancelled'; service: string; backupUntil: Date | null };

/**
 * Billing notices in the customer's language (decision 061). Receipts, failures and endings go
 * only to customers who want billing email; suspended and resumed change what the customer has,
 * so they always go, once per renewal. A mail failure never fails the renewal.
 */
export async function sendRenewalNotice(deps: RenewalMailDeps, userId: string, notice: RenewalNotice): Promise<void> {
  const billing = { userId, actionPath: '/dashboard/billing', optional: 'billing' as const };
  try {
    switch (notice.kind) {
      case 'receipt':
        await sendTemplate(deps, {
          ...billing,
          template: 'renewalReceipt',
          values: (locale) => ({
            server: notice.service,
            amount: formatMoney(notice.amountCents, notice.currency, locale),
            invoice: notice.invoiceNumber,
            credit: notice.creditCents > 0 ? formatMoney(notice.creditCents, notice.currency, locale) : 'none',
            date: formatDay(notice.renewsAt, locale),
          }),
        });
        return;
      case 'payment_failed':
        await sendTemplate(deps, {
          ...billing,
          template: 'paymentFailed',
          values: (locale) => ({
            server: notice.service,
            amount: formatMoney(notice.amountCents, notice.currency, locale),
            reason: notice.reason,
            retryDate: notice.retryAt ? formatDay(notice.retryAt, locale) : 'none',
            suspendDate: formatDay(notice.suspendAt, locale),
          }),
        });
        return;
      case 'deleted': {
        const days = String((await getBusinessRules(deps.db)).deleteAfterDays);
        await sendTemplate(deps, {
          ...billing,
          template: 'serviceDeleted',
          values: (locale) => ({ server: notice.service, days, backupUntil: notice.backupUntil ? formatDay(notice.backupUntil, locale) : 'none' }),
        });
        return;
      }
      case 'cancelled':
        await sendTemplate(deps, {
          ...billing,
          template: 'serviceCancelled',
          values: (locale) => ({ server: notice.service, backupUntil: notice.backupUntil ? formatDay(notice.backupUntil, locale) : 'none' }),
        });
        return;
      case 'suspended':
        await sendTemplate(deps, {
          userId,
          template: 'serviceSuspended',
          values: (locale) => ({ server: notice.service, amount: formatMoney(notice.amountCents, notice.currency, locale), deleteDate: formatDay(notice.deleteAt, locale) }),
          actionPath: '/dashboard/billing',
          dedupeKey: `service-suspended:${notice.renewalId}`,
        });
        return;
      case 'resumed':
        await sendTemplate(deps, {
          userId,
          template: 'serviceResumed',
          values: () => ({ server: notice.service }),
          actionPath: '/dashboard/services',
          dedupeKey: `service-resumed:${notice.renewalId}`,
        });
        return;
    }
  } catch (error) {
    deps.log.warn({ err: error, userId, notice: notice.kind }, 'could not send a renewal email');
  }
}
