import { and, eq, lte, sql } from 'drizzle-orm';
import { commissionCents, commissionPayableAt, commissionStillEarned } from '../../../shared/affiliate';
import type { BusinessRules } from '../../../shared/business-rules';
import type { Db, Executor } from '../../db/client';
import { affiliatePayouts, commissions, users } from '../../db/schema';
import type { EventBus } from '../../lib/events';
import type { Clock, Ids } from '../../lib/runtime';
import { notifyAffiliate, type NotifyDeps } from './affiliate.notify';
import { holdReasonFor } from './self-referral';
import { said } from '../../lib/activity';

export type CommissionRow = typeof commissions.$inferSelect;

export interface ReferredPayment {
  purchaseId: string;
  customerUserId: string;
  planName: string;
  paymentCents: number;
  /** The payment's currency: the commission is earned in it (decision 080). */
  currency: string;
  paidAt: Date;
}

/**
 * Books the referrer's commission on a referred customer's payment, in the payment's own
 * transaction. Once per purchase (unique purchase id): a second call books nothing. Answers the
 * new row, or null when the customer was not referred or nothing was booked. When the two
 * accounts share a card, a payment customer, a VAT ID or a billing address, the commission is
 * booked 'held' for staff to review (self-referral.ts, decision 034).
 */
export async function recordReferralCommission(
  tx: Executor,
  ids: Ids,
  payment: ReferredPayment,
  rules: Pick<BusinessRules, 'refundWindowHours' | 'affiliate'>,
): Promise<CommissionRow | null> {
  // Off in Settings → Business rules: nothing is earned on payments made while it is off.
  if (!rules.affiliate.enabled) return null;
  const [customer] = await tx
    .select({ referrer: users.referredByUserId, referredAt: users.createdAt })
    .from(users)
    .where(eq(users.id, payment.customerUserId));
  const referrer = customer?.referrer;
  // Sign-up already refuses a self-referral; this keeps a bad row from ever paying one.
  if (!referrer || referrer === payment.customerUserId) return null;
  if (!commissionStillEarned(customer.referredAt, payment.paidAt, rules.affiliate.commissionMonths)) return null;
  const rate = rules.affiliate.commissionPercent;
  const amount = commissionCents(payment.paymentCents, rate);
  if (amount <= 0) return null;
  const holdReason = await holdReasonFor(tx, referrer, payment.customerUserId);
  const [row] = await tx
    .insert(commissions)
    .values({
      id: ids.uuid(),
      referrerUserId: referrer,
      customerUserId: payment.customerUserId,
      purchaseId: payment.purchaseId,
      planName: payment.planName,
      paymentCents: payment.paymentCents,
      ratePercent: rate,
      amountCents: amount,
      // 25% of ¥1,500 is ¥375, kept and paid out in yen, never converted (decision 080).
      currency: payment.currency.toLowerCase(),
      status: holdReason ? 'held' : 'pending',
      holdReason,
      payableAt: commissionPayableAt(payment.paidAt, rules.refundWindowHours),
      createdAt: payment.paidAt,
    })
    .onConflictDoNothing({ target: commissions.purchaseId })
    .returning();
  return row ?? null;
}

/**
 * Reverses the commission on a refunded purchase, in the refund's transaction. A commission in a
 * cash payout request leaves it (the request's amount drops). One already paid out stays paid:
 * the money has left, and staff settle it by hand (see the warning the caller logs).
 */
export async function reverseReferralCommission(
  tx: Executor,
  purchaseId: string,
  at: Date,
): Promise<{ commission: CommissionRow; reversed: boolean } | null> {
  const [row] = await tx.select().from(commissions).where(eq(commissions.purchaseId, purchaseId)).for('update');
  if (!row || row.status === 'reversed') return null;
  if (row.status === 'paid') return { commission: row, reversed: false };
  await tx
    .update(commissions)
    .set({ status: 'reversed', reversedAt: at, payoutId: null })
    .where(eq(commissions.id, row.id));
  if (row.status === 'requested' && row.payoutId) {
    await tx
      .update(affiliatePayouts)
      .set({ amountCents: sql`greatest(${affiliatePayouts.amountCents} - ${row.amountCents}, 0)` })
      .where(and(eq(affiliatePayouts.id, row.payoutId), eq(affiliatePayouts.status, 'requested')));
  }
  return { commission: row, reversed: true };
}

/** What a partial refund did to the commission on its purchase. */
export interface CommissionReduction {
  commission: CommissionRow;
  /** Cents taken off the commission; 0 when it was already paid out (staff settle that by hand). */
  reducedByCents: number;
  /** The commission had left already: the money is with the referrer. */
  alreadyPaid: boolean;
}

/**
 * After a partial refund the commission stays 25% (the rate booked) of what the customer kept,
 * by the same rules as a full reversal: a commission in a payout request lowers the request, one
 * already paid out is left for staff. A refund of everything goes through reverseReferralCommission.
 */
export async function reduceReferralCommission(
  tx: Executor,
  purchaseId: string,
  keptPaymentCents: number,
): Promise<CommissionReduction | null> {
  const [row] = await tx.select().from(commissions).where(eq(commissions.purchaseId, purchaseId)).for('update');
  if (!row || row.status === 'reversed') return null;
  const target = Math.min(row.amountCents, commissionCents(Math.max(0, keptPaymentCents), row.ratePercent));
  const cut = row.amountCents - target;
  if (cut <= 0) return null;
  if (row.status === 'paid') return { commission: row, reducedByCents: 0, alreadyPaid: true };
  await tx.update(commissions).set({ amountCents: target }).where(eq(commissions.id, row.id));
  if (row.status === 'requested' && row.payoutId) {
    await tx
      .update(affiliatePayouts)
      .set({ amountCents: sql`greatest(${affiliatePayouts.amountCents} - ${cut}, 0)` })
      .where(and(eq(affiliatePayouts.id, row.payoutId), eq(affiliatePayouts.status, 'requested')));
  }
  return { commission: row, reducedByCents: cut, alreadyPaid: false };
}

/** After a partial refund committed. */
export async function announceReduction(
  deps: NotifyDeps & { log?: { warn(obj: object, msg?: string): void } },
  result: CommissionReduction,
) {
  const { commission } = result;
  if (result.alreadyPaid) {
    deps.log?.warn(
      { commissionId: commission.id, purchaseId: commission.purchaseId, referrerUserId: commission.referrerUserId },
      'partly refunded purchase had a commission that was already paid out; settle it by hand',
    );
    return;
  }
  await notifyAffiliate(
    deps,
    commission.referrerUserId,
    said('activity.affiliate.lowered', { plan: commission.planName }, { money: { amount: { cents: result.reducedByCents, currency: commission.currency } } }),
    commission.id,
  );
}

/** After the payment committed: the referrer's dashboard refreshes and their activity says why. */
export async function announceCommission(deps: NotifyDeps, commission: CommissionRow) {
  const money = { amount: { cents: commission.amountCents, currency: commission.currency } };
  await notifyAffiliate(
    deps,
    commission.referrerUserId,
    commission.status === 'held'
      ? said('activity.affiliate.held', { plan: commission.planName }, { money })
      : said('activity.affiliate.earned', { plan: commission.planName }, { money, dates: { date: commission.payableAt.toISOString() } }),
    commission.id,
  );
}

/** After the refund committed. */
export async function announceReversal(
  deps: NotifyDeps & { log?: { warn(obj: object, msg?: string): void } },
  result: { commission: CommissionRow; reversed: boolean },
) {
  const { commission } = result;
  if (!result.reversed) {
    deps.log?.warn(
      { commissionId: commission.id, purchaseId: commission.purchaseId, referrerUserId: commission.referrerUserId },
      'refunded purchase had a commission that was already paid out; settle it by hand',
    );
    return;
  }
  await notifyAffiliate(
    deps,
    commission.referrerUserId,
    said('activity.affiliate.reversed', { plan: commission.planName }, { money: { amount: { cents: commission.amountCents, currency: commission.currency } } }),
    commission.id,
  );
}

/**
 * Stores 'payable' on every pending commission whose refund window has passed. Reads already treat
 * them so; this keeps the stored status honest for reports. Safe to run at any interval.
 */
export async function promotePayableCommissions(db: Db, clock: Clock, events?: EventBus): Promise<number> {
  const rows = await db
    .update(commissions)
    .set({ status: 'payable' })
    .where(and(eq(commissions.status, 'pending'), lte(commissions.payableAt, clock.now())))
    .returning({ id: commissions.id, referrerUserId: commissions.referrerUserId });
  if (events) {
    for (const referrer of new Set(rows.map((r) => r.referrerUserId))) {
      events.publish(referrer, { topic: 'affiliate' });
    }
  }
  return rows.length;
}

/** SQL for "payable now": promoted, or pending with the refund window over. */
export function payableNow(now: Date) {
  return sql`(${commissions.status} = 'payable' or (${commissions.status} = 'pending' and ${commissions.payableAt} <= ${now}))`;
}
