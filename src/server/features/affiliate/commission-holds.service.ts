import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { commissionStatusAt } from '../../../shared/affiliate';
import { formatMoney } from '../../../shared/money';
import type { HeldCommission, ReviewedCommission } from '../../../shared/schemas/affiliate';
import { commissions, users } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import { audited, type StaffActor } from '../../lib/audit';
import { notifyAffiliate, type NotifyDeps } from './affiliate.notify';
import { said } from '../../lib/activity';

const referrer = alias(users, 'held_referrer');
const customer = alias(users, 'held_customer');
const nameOf = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** Commissions held as a possible self-referral, oldest first (the first to be answered). */
export async function listHeldCommissions(deps: Pick<NotifyDeps, 'db'>): Promise<HeldCommission[]> {
  const rows = await deps.db
    .select({
      commission: commissions,
      referrer: { id: referrer.id, email: referrer.email, firstName: referrer.firstName, lastName: referrer.lastName },
      customer: { id: customer.id, email: customer.email, firstName: customer.firstName, lastName: customer.lastName },
    })
    .from(commissions)
    .innerJoin(referrer, eq(referrer.id, commissions.referrerUserId))
    .innerJoin(customer, eq(customer.id, commissions.customerUserId))
    .where(eq(commissions.status, 'held'))
    .orderBy(commissions.createdAt, desc(commissions.id))
    .limit(200);
  return rows.map(({ commission: c, referrer: r, customer: u }) => ({
    id: c.id,
    planName: c.planName,
    paymentCents: c.paymentCents,
    amountCents: c.amountCents,
    currency: c.currency,
    createdAt: c.createdAt.toISOString(),
    payableAt: c.payableAt.toISOString(),
    holdReason: c.holdReason ?? '',
    referrer: { id: r.id, email: r.email, name: nameOf(r) },
    customer: { id: u.id, email: u.email, name: nameOf(u) },
  }));
}

/**
 * Staff answer a held commission once: released, it is pending again (payable once its refund
 * window is over); voided, it is reversed for good. The change and its audit record, with the
 * staff member's reason, are one transaction; a commission no longer held is refused (409).
 */
export async function reviewHeldCommission(
  deps: NotifyDeps,
  actor: StaffActor,
  review: { commissionId: string; release: boolean; reason: string },
): Promise<ReviewedCommission> {
  const now = deps.clock.now();
  const row = await audited(deps, actor, async (tx) => {
    const [held] = await tx.select().from(commissions).where(eq(commissions.id, review.commissionId)).for('update');
    if (!held) throw notFound('Commission not found');
    if (held.status !== 'held') {
      throw new HttpError(409, 'not_held', `This commission is not waiting for review: it is ${commissionStatusAt(held, now)}.`);
    }
    const [updated] = await tx
      .update(commissions)
      .set(
        review.release
          ? { status: 'pending', reviewedAt: now, reviewedByUserId: actor.id }
          : { status: 'reversed', reversedAt: now, reviewedAt: now, reviewedByUserId: actor.id },
      )
      .where(and(eq(commissions.id, held.id), eq(commissions.status, 'held')))
      .returning();
    const [who] = await tx
      .select({ referrer: referrer.email, customer: customer.email })
      .from(commissions)
      .innerJoin(referrer, eq(referrer.id, commissions.referrerUserId))
      .innerJoin(customer, eq(customer.id, commissions.customerUserId))
      .where(eq(commissions.id, held.id));
    return {
      result: updated!,
      audit: {
        action: review.release ? 'commission.released' : 'commission.voided',
        targetType: 'commission',
        targetId: held.id,
        targetLabel: `${formatMoney(held.amountCents, held.currency)} commission · ${who?.referrer ?? held.referrerUserId} referred ${who?.customer ?? held.customerUserId}`,
        before: { status: 'held', holdReason: held.holdReason, amountCents: held.amountCents },
        after: { status: updated!.status },
        reason: review.reason,
      },
    };
  });
  const money = { amount: { cents: row.amountCents, currency: row.currency } };
  await notifyAffiliate(
    deps,
    row.referrerUserId,
    said(review.release ? 'activity.affiliate.released' : 'activity.affiliate.voided', { plan: row.planName }, { money }),
    row.id,
  );
  return { id: row.id, status: commissionStatusAt(row, now), amountCents: row.amountCents, currency: row.currency, reviewedAt: now.toISOString() };
}
