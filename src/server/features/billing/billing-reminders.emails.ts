import { and, eq, gt, isNull, lte, notInArray } from 'drizzle-orm';
import { formatMoney } from '../../../shared/money';
import { applyTax } from '../../../shared/tax';
import { orders, serviceCancellations, servers } from '../../db/schema';
import type { PaymentProvider } from '../../integrations/payments/payment-provider';
import type { EventBus } from '../../lib/events';
import type { Clock } from '../../lib/runtime';
import { priceInForce } from '../catalog';
import { priceBeforeCoupon, renewalPrice } from '../coupons';
import { formatDay, formatMonth, sendTemplate, storedEmailKeys, type EmailSendDeps } from '../emails';
import { taxContextFor } from '../tax';
import { savedCardsOf } from './payment-methods.service';

export interface BillingReminderDeps extends EmailSendDeps {
  clock: Clock;
  payments: PaymentProvider;
  events: EventBus;
  log: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The reminder goes this long before a service renews. */
export const RENEWAL_REMINDER_DAYS = 7;
const BATCH = 500;

/** The keys among `keys` the outbox already holds: those notices went before. */
/**
 * Renewal reminders: a service that renews within 7 days (and is not cancelled at its period's
 * end) gets one email per period, with what the renewal will charge, tax included. Answers how
 * many went. Run hourly; a job that was down sends the ones it missed, late rather than never.
 */
export async function sendRenewalReminders(deps: BillingReminderDeps): Promise<number> {
  const now = deps.clock.now();
  const rows = await deps.db
    .select({ server: servers, order: orders })
    .from(servers)
    .innerJoin(orders, eq(orders.id, servers.orderId))
    .leftJoin(serviceCancellations, eq(serviceCancellations.serverId, servers.id))
    .where(
      and(
        gt(servers.renewsAt, now),
        lte(servers.renewsAt, new Date(now.getTime() + RENEWAL_REMINDER_DAYS * DAY_MS)),
        notInArray(servers.status, ['cancelled', 'failed']),
        isNull(serviceCancellations.serverId),
      ),
    )
    .limit(BATCH);
  const keyOf = (r: (typeof rows)[number]) => `renewal-reminder:${r.server.id}:${r.server.renewsAt.toISOString()}`;
  const sent = await storedEmailKeys(deps.db, rows.map(keyOf));
  let count = 0;
  for (const row of rows) {
    const { server, order } = row;
    if (sent.has(keyOf(row))) continue;
    try {
      const change = await priceInForce(deps.db, server.id, server.renewsAt);
      const { amountCents } = await renewalPrice(deps.db, { orderId: order.id, serverId: server.id, periodStart: server.renewsAt, baseCents: change?.newCents ?? priceBeforeCoupon(order), currency: server.currency });
      const tax = await taxContextFor(deps.db, server.userId, { inclusive: order.taxInclusive });
      const gross = applyTax(amountCents, tax.treatment).grossCents;
      const went = await sendTemplate(deps, {
        userId: server.userId,
        template: 'renewalReminder',
        values: (locale) => ({ server: server.name, amount: formatMoney(gross, server.currency, locale), date: formatDay(server.renewsAt, locale) }),
        actionPath: '/dashboard/billing',
        dedupeKey: keyOf(row),
        optional: 'billing',
      });
      if (went) count += 1;
    } catch (error) {
      deps.log.warn({ err: error, serverId: server.id }, 'could not send a renewal reminder');
    }
  }
  return count;
}

/**
 * Card expiring: a saved card that expires this month or next, of a customer with a service that
 * renews, gets one email per card per month. Answers how many went. Run daily.
 */
export async function sendCardExpiryNotices(deps: BillingReminderDeps): Promise<number> {
  const now = deps.clock.now();
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  const period = `${year}-${String(month).padStart(2, '0')}`;
  const customers = await deps.db
    .selectDistinct({ userId: servers.userId })
    .from(servers)
    .where(notInArray(servers.status, ['cancelled', 'failed']))
    .limit(BATCH * 10);
  let count = 0;
  for (const { userId } of customers) {
    try {
      // Read-only: a customer's Stripe customers are those already known; nothing is stored here.
      const cards = await savedCardsOf(deps, userId, { readOnly: true });
      const expiring = cards.filter((c) => (c.expYear === year && c.expMonth === month) || (c.expYear === next.year && c.expMonth === next.month));
      const keys = expiring.map((c) => `card-expiring:${c.id}:${period}`);
      const sent = await storedEmailKeys(deps.db, keys);
      for (const card of expiring) {
        const key = `card-expiring:${card.id}:${period}`;
        if (sent.has(key)) continue;
        const went = await sendTemplate(deps, {
          userId,
          template: 'cardExpiring',
          values: (locale) => ({ card: `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} •••• ${card.last4}`, expiry: formatMonth(card.expYear, card.expMonth, locale) }),
          actionPath: '/dashboard/billing',
          dedupeKey: key,
          optional: 'billing',
        });
        if (went) count += 1;
      }
    } catch (error) {
      deps.log.warn({ err: error, userId }, 'could not check saved cards for expiry');
    }
  }
  return count;
}
