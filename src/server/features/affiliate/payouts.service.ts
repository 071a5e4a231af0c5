import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { meetsPayoutMinimum, minimumPayoutIn } from '../../../shared/affiliate';
import { formatMoney } from '../../../shared/money';
import { storeCurrencies } from '../../lib/shop-currency';
import type { Payout, PayoutRequest, PayoutStatus, StaffPayout } from '../../../shared/schemas/affiliate';
import { affiliatePayouts, affiliates, commissions, users } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import { audited, type StaffActor } from '../../lib/audit';
import { addLedgerEntry } from '../../lib/credit-ledger';
import { notifyAffiliate, type NotifyDeps } from './affiliate.notify';
import { payableNow } from './commissions';
import { getBusinessRules } from '../brand';
import { holdMatchingCommissions } from './self-referral';
import { said } from '../../lib/activity';

type PayoutRow = typeof affiliatePayouts.$inferSelect;

export function toPayout(row: PayoutRow): Payout {
  return {
    id: row.id,
    method: row.method,
    status: row.status,
    amountCents: row.amountCents,
    currency: row.currency,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionNote: row.decisionNote,
  };
}

/**
 * The currency a payout request names, else the shop's. One the shop sells in, or one the affiliate
 * holds commission in (a currency staff stopped selling still pays out what was earned in it).
 */
async function payoutCurrency(deps: NotifyDeps, userId: string, named: string | undefined): Promise<{ currency: string; shop: string }> {
  const { shop, extras } = await storeCurrencies(deps.db);
  const currency = named ?? shop;
  if (currency === shop || extras.includes(currency)) return { currency, shop };
  const [earned] = await deps.db
    .select({ id: commissions.id })
    .from(commissions)
    .where(and(eq(commissions.referrerUserId, userId), eq(commissions.currency, currency)))
    .limit(1);
  if (earned) return { currency, shop };
  throw badRequest(`The shop does not sell in ${currency.toUpperCase()}, and you have no commission in it.`, {
    currency: `Choose a currency the shop sells in: ${[shop, ...extras].map((c) => c.toUpperCase()).join(', ')}`,
  });
}

/**
 * Pays out all payable commission of one currency (decision 080): as account credit at once (a
 * credit-ledger entry in that currency), or as a cash request that staff approve or reject. The
 * payable rows are locked, so two requests at once cannot both take the same commission.
 */
export async function requestPayout(deps: NotifyDeps, userId: string, input: PayoutRequest): Promise<Payout> {
  const [member] = await deps.db.select().from(affiliates).where(eq(affiliates.userId, userId));
  if (!member) {
    throw new HttpError(403, 'not_joined', 'Join the affiliate program before requesting a payout.');
  }
  const { currency, shop } = await payoutCurrency(deps, userId, input.currency);
  // A card saved or an address given since a payment can link the two accounts only now.
  await holdMatchingCommissions(deps.db, userId);
  const now = deps.clock.now();
  const credit = input.method === 'credit';
  // Earned commission is owed even while the programme is closed; only the minimum applies.
  const minimumPayoutCents = minimumPayoutIn((await getBusinessRules(deps.db)).affiliate, currency, shop);
  const payout = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: commissions.id, amountCents: commissions.amountCents })
      .from(commissions)
      .where(and(eq(commissions.referrerUserId, userId), eq(commissions.currency, currency), payableNow(now)))
      .for('update');
    const total = rows.reduce((sum, r) => sum + r.amountCents, 0);
    if (!meetsPayoutMinimum(total, minimumPayoutCents)) {
      throw new HttpError(
        400,
        'below_minimum',
        minimumPayoutCents <= 0
          ? `You have no payable commission in ${currency.toUpperCase()} to pay out.`
          : `You need at least ${formatMoney(minimumPayoutCents, currency)} in payable commission in ${currency.toUpperCase()} to request a payout. You have ${formatMoney(total, currency)}.`,
      );
    }
    const [created] = await tx
      .insert(affiliatePayouts)
      .values({
        id: deps.ids.uuid(),
        userId,
        method: input.method,
        status: credit ? 'credited' : 'requested',
        amountCents: total,
        currency,
        details: credit ? null : (input.details ?? null),
        createdAt: now,
        decidedAt: credit ? now : null,
      })
      .returning();
    if (!created) throw new Error('payout insert returned nothing');
    await tx
      .update(commissions)
      .set({ status: credit ? 'paid' : 'requested', paidAt: credit ? now : null, payoutId: created.id })
      .where(inArray(commissions.id, rows.map((r) => r.id)));
    if (credit) {
      await addLedgerEntry(tx, {
        userId,
        amountCents: total,
        currency,
        kind: 'affiliate_credit',
        reason: 'Affiliate commission paid as account credit',
        referenceId: created.id,
        createdAt: now,
      });
    }
    return created;
  });
  const money = { amount: { cents: payout.amountCents, currency: payout.currency } };
  await notifyAffiliate(
    deps,
    userId,
    said(credit ? 'activity.affiliate.credited' : 'activity.affiliate.requested', {}, { money }),
    payout.id,
  );
  if (credit) deps.events.publish(userId, { topic: 'billing', id: payout.id });
  return toPayout(payout);
}

/** Every payout (newest first), or those in one status, with the affiliate who asked for it. */
export async function listPayoutsForStaff(deps: NotifyDeps, status?: PayoutStatus): Promise<StaffPayout[]> {
  const rows = await deps.db
    .select({
      payout: affiliatePayouts,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      commissions: sql<number>`(select count(*) from ${commissions} where ${commissions.payoutId} = ${affiliatePayouts.id})::int`,
    })
    .from(affiliatePayouts)
    .innerJoin(users, eq(users.id, affiliatePayouts.userId))
    .where(status ? eq(affiliatePayouts.status, status) : undefined)
    .orderBy(desc(affiliatePayouts.createdAt))
    .limit(200);
  return rows.map((r) => ({
    ...toPayout(r.payout),
    affiliate: { id: r.payout.userId, email: r.email, name: `${r.firstName} ${r.lastName}`.trim() },
    commissions: Number(r.commissions),
  }));
}

/**
 * Staff decide a cash request once: approved marks its commission paid (the amount is what is
 * still in it, should a refund have reversed part since); rejected returns it to payable. The
 * decision and its audit record (with the staff member's reason) are one transaction.
 */
export async function decidePayout(
  deps: NotifyDeps,
  actor: StaffActor,
  decision: { payoutId: string; approve: boolean; reason: string; note?: string },
): Promise<Payout> {
  const now = deps.clock.now();
  const payout = await audited(deps, actor, async (tx) => {
    const [row] = await tx.select().from(affiliatePayouts).where(eq(affiliatePayouts.id, decision.payoutId)).for('update');
    if (!row) throw notFound('Payout not found');
    if (row.status !== 'requested') {
      throw new HttpError(409, 'already_decided', `This payout was already ${row.status === 'credited' ? 'paid as credit' : row.status}.`);
    }
    const inRequest = and(eq(commissions.payoutId, row.id), eq(commissions.status, 'requested'));
    let amount = row.amountCents;
    if (decision.approve) {
      const paid = await tx
        .update(commissions)
        .set({ status: 'paid', paidAt: now })
        .where(inRequest)
        .returning({ amountCents: commissions.amountCents });
      amount = paid.reduce((sum, r) => sum + r.amountCents, 0);
    } else {
      await tx.update(commissions).set({ status: 'payable', payoutId: null }).where(inRequest);
    }
    const [updated] = await tx
      .update(affiliatePayouts)
      .set({
        status: decision.approve ? 'approved' : 'rejected',
        amountCents: amount,
        decidedAt: now,
        decidedByUserId: actor.id,
        decisionNote: decision.note || null,
      })
      .where(eq(affiliatePayouts.id, row.id))
      .returning();
    const [affiliate] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
    return {
      result: updated!,
      audit: {
        action: decision.approve ? 'payout.approved' : 'payout.rejected',
        targetType: 'payout',
        targetId: row.id,
        targetLabel: `${formatMoney(row.amountCents, row.currency)} cash payout · ${affiliate?.email ?? row.userId}`,
        before: { status: row.status, amountCents: row.amountCents, currency: row.currency },
        after: { status: updated!.status, amountCents: amount, note: updated!.decisionNote },
        reason: decision.reason,
      },
    };
  });
  const money = { amount: { cents: payout.amountCents, currency: payout.currency } };
  const text = decision.approve
    ? said('activity.affiliate.approved', {}, { money })
    : payout.decisionNote
      ? said('activity.affiliate.declinedNote', { note: payout.decisionNote }, { money })
      : said('activity.affiliate.declined', {}, { money });
  await notifyAffiliate(deps, payout.userId, text, payout.id);
  return toPayout(payout);
}
