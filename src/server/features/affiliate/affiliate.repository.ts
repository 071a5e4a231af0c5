import { and, desc, eq, gt, gte, isNotNull, sql } from 'drizzle-orm';
import type { Window } from '../../../shared/affiliate';
import type { Db } from '../../db/client';
import { affiliateClicks, affiliatePayouts, affiliates, commissions, users } from '../../db/schema';

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** In the window (start, end]: what happens at this very moment counts in the current period. */
function inWindow(column: typeof commissions.createdAt | typeof affiliateClicks.createdAt | typeof users.createdAt, w: Window) {
  return sql`${column} > ${ts(w.start)} and ${column} <= ${ts(w.end)}`;
}

export interface PeriodPair {
  current: number;
  previous: number;
}

export async function findUserByReferralCode(db: Db, code: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code));
  return row;
}

export async function findAffiliateAccount(db: Db, userId: string) {
  const [row] = await db
    .select({ referralCode: users.referralCode, joinedAt: affiliates.joinedAt })
    .from(users)
    .leftJoin(affiliates, eq(affiliates.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** Answers the new enrolment, or undefined when the user had already joined. */
export async function insertAffiliate(db: Db, userId: string, at: Date) {
  const [row] = await db.insert(affiliates).values({ userId, joinedAt: at }).onConflictDoNothing().returning();
  return row;
}

/** Counts a click unless the same visitor clicked the same referrer's link since `dedupeSince`. */
export async function insertClickUnlessRecent(
  db: Db,
  click: { id: string; referrerUserId: string; visitorHash: string; at: Date; dedupeSince: Date },
): Promise<boolean> {
  const [recent] = await db
    .select({ id: affiliateClicks.id })
    .from(affiliateClicks)
    .where(
      and(
        eq(affiliateClicks.referrerUserId, click.referrerUserId),
        eq(affiliateClicks.visitorHash, click.visitorHash),
        gt(affiliateClicks.createdAt, click.dedupeSince),
      ),
    )
    .limit(1);
  if (recent) return false;
  await db.insert(affiliateClicks).values({
    id: click.id,
    referrerUserId: click.referrerUserId,
    visitorHash: click.visitorHash,
    createdAt: click.at,
  });
  return true;
}

export interface PeriodFigures {
  clicks: PeriodPair;
  referrals: PeriodPair;
  /** Per currency: commission is never added across currencies (decision 080). */
  earnings: (PeriodPair & { currency: string })[];
  payingReferrals: PeriodPair;
}

/** Clicks, verified sign-ups, commission earned and paying referrals, in both windows. */
export async function periodFigures(db: Db, userId: string, w: { current: Window; previous: Window }): Promise<PeriodFigures> {
  const pair = (expr: (win: Window) => ReturnType<typeof sql>) => ({
    current: sql<number>`${expr(w.current)}`,
    previous: sql<number>`${expr(w.previous)}`,
  });
  const mine = and(eq(commissions.referrerUserId, userId), sql`${commissions.status} <> 'reversed'`, gte(commissions.createdAt, w.previous.start));
  const [clicks, referrals, paying, earned] = await Promise.all([
    db
      .select(pair((win) => sql`(count(*) filter (where ${inWindow(affiliateClicks.createdAt, win)}))::int`))
      .from(affiliateClicks)
      .where(and(eq(affiliateClicks.referrerUserId, userId), gte(affiliateClicks.createdAt, w.previous.start))),
    db
      .select(pair((win) => sql`(count(*) filter (where ${inWindow(users.createdAt, win)}))::int`))
      .from(users)
      .where(and(eq(users.referredByUserId, userId), isNotNull(users.emailVerifiedAt), gte(users.createdAt, w.previous.start))),
    db
      .select({
        payingCurrent: sql<number>`(count(distinct ${commissions.customerUserId}) filter (where ${inWindow(commissions.createdAt, w.current)}))::int`,
        payingPrevious: sql<number>`(count(distinct ${commissions.customerUserId}) filter (where ${inWindow(commissions.createdAt, w.previous)}))::int`,
      })
      .from(commissions)
      .where(mine),
    db
      .select({
        currency: commissions.currency,
        current: sql<number>`coalesce(sum(${commissions.amountCents}) filter (where ${inWindow(commissions.createdAt, w.current)}), 0)::int`,
        previous: sql<number>`coalesce(sum(${commissions.amountCents}) filter (where ${inWindow(commissions.createdAt, w.previous)}), 0)::int`,
      })
      .from(commissions)
      .where(mine)
      .groupBy(commissions.currency)
      .orderBy(commissions.currency),
  ]);
  const p = paying[0];
  return {
    clicks: { current: Number(clicks[0]?.current ?? 0), previous: Number(clicks[0]?.previous ?? 0) },
    referrals: { current: Number(referrals[0]?.current ?? 0), previous: Number(referrals[0]?.previous ?? 0) },
    earnings: earned.map((e) => ({ currency: e.currency, current: Number(e.current), previous: Number(e.previous) })),
    payingReferrals: { current: Number(p?.payingCurrent ?? 0), previous: Number(p?.payingPrevious ?? 0) },
  };
}

/** All-time commission by state and currency, with 'pending' past its refund window counted as payable. */
export async function commissionTotals(db: Db, userId: string, now: Date) {
  const n = ts(now);
  const rows = await db
    .select({
      currency: commissions.currency,
      pending: sql<number>`coalesce(sum(${commissions.amountCents}) filter (where ${commissions.status} = 'pending' and ${commissions.payableAt} > ${n}), 0)::int`,
      payable: sql<number>`coalesce(sum(${commissions.amountCents}) filter (where ${commissions.status} = 'payable' or (${commissions.status} = 'pending' and ${commissions.payableAt} <= ${n})), 0)::int`,
      requested: sql<number>`coalesce(sum(${commissions.amountCents}) filter (where ${commissions.status} = 'requested'), 0)::int`,
      paid: sql<number>`coalesce(sum(${commissions.amountCents}) filter (where ${commissions.status} = 'paid'), 0)::int`,
    })
    .from(commissions)
    .where(eq(commissions.referrerUserId, userId))
    .groupBy(commissions.currency)
    .orderBy(commissions.currency);
  return rows.map((row) => ({
    currency: row.currency,
    pendingCents: Number(row.pending),
    payableCents: Number(row.payable),
    requestedCents: Number(row.requested),
    paidCents: Number(row.paid),
  }));
}

export async function recentCommissions(db: Db, userId: string, limit: number) {
  return db
    .select({
      id: commissions.id,
      email: users.email,
      planName: commissions.planName,
      amountCents: commissions.amountCents,
      currency: commissions.currency,
      status: commissions.status,
      payableAt: commissions.payableAt,
      createdAt: commissions.createdAt,
    })
    .from(commissions)
    .innerJoin(users, eq(users.id, commissions.customerUserId))
    .where(eq(commissions.referrerUserId, userId))
    .orderBy(desc(commissions.createdAt), desc(commissions.id))
    .limit(limit);
}

/** Verified sign-ups through the link that have not paid yet. */
export async function recentUnpaidSignups(db: Db, userId: string, limit: number) {
  return db
    .select({ id: users.id, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(
      and(
        eq(users.referredByUserId, userId),
        isNotNull(users.emailVerifiedAt),
        sql`not exists (select 1 from ${commissions} where ${commissions.customerUserId} = ${users.id} and ${commissions.referrerUserId} = ${userId})`,
      ),
    )
    .orderBy(desc(users.createdAt))
    .limit(limit);
}

export async function recentPayouts(db: Db, userId: string, limit: number) {
  return db
    .select()
    .from(affiliatePayouts)
    .where(eq(affiliatePayouts.userId, userId))
    .orderBy(desc(affiliatePayouts.createdAt))
    .limit(limit);
}
