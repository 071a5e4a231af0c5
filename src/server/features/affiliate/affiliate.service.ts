import { createHmac } from 'node:crypto';
import {
  commissionStatusAt,
  conversionRate,
  maskEmail,
  minimumPayoutIn,
  nextPayoutDate,
  normaliseReferralCode,
  percentChange,
  periodWindows,
  referralLink,
  type AffiliatePeriod,
} from '../../../shared/affiliate';
import type { AffiliateSummary, RecentReferral } from '../../../shared/schemas/affiliate';
import { HttpError, notFound } from '../../lib/errors';
import {
  commissionTotals,
  findAffiliateAccount,
  findUserByReferralCode,
  insertAffiliate,
  insertClickUnlessRecent,
  periodFigures,
  recentCommissions,
  recentPayouts,
  recentUnpaidSignups,
} from './affiliate.repository';
import { notifyAffiliate, type NotifyDeps } from './affiliate.notify';
import { getBusinessRules } from '../brand';
import { toPayout } from './payouts.service';
import { said } from '../../lib/activity';
import { shopCurrency } from '../../lib/shop-currency';

export interface AffiliateDeps extends NotifyDeps {
  publicUrl: string;
  /** Key of the HMAC that turns a visitor's IP address into the stored click fingerprint. */
  ipSalt: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const RECENT = 10;

export function visitorHash(salt: string, ip: string): string {
  return createHmac('sha256', salt).update(ip).digest('hex');
}

/**
 * A visit through `?ref=CODE`. Answers the code to put in the attribution cookie, or null when the
 * code names nobody, or names the signed-in visitor (their own link is neither counted nor set).
 * The same visitor is counted once per referrer per 24 hours.
 */
export async function recordClick(
  deps: AffiliateDeps,
  input: { code: string | undefined; viewerUserId: string | undefined; ip: string },
): Promise<string | null> {
  const code = normaliseReferralCode(input.code);
  if (!code) return null;
  const owner = await findUserByReferralCode(deps.db, code);
  if (!owner || owner.id === input.viewerUserId) return null;
  const now = deps.clock.now();
  const counted = await insertClickUnlessRecent(deps.db, {
    id: deps.ids.uuid(),
    referrerUserId: owner.id,
    visitorHash: visitorHash(deps.ipSalt, input.ip),
    at: now,
    dedupeSince: new Date(now.getTime() - DAY_MS),
  });
  if (counted) deps.events.publish(owner.id, { topic: 'affiliate' });
  return code;
}

export async function joinProgramme(deps: AffiliateDeps, userId: string): Promise<{ joined: true; joinedAt: string }> {
  if (!(await getBusinessRules(deps.db)).affiliate.enabled) {
    throw new HttpError(409, 'programme_closed', 'The affiliate program is closed at the moment, so it takes no new members.');
  }
  const row = await insertAffiliate(deps.db, userId, deps.clock.now());
  if (!row) throw new HttpError(409, 'already_joined', 'You have already joined the affiliate program.');
  await notifyAffiliate(deps, userId, said('activity.affiliate.joined'));
  return { joined: true, joinedAt: row.joinedAt.toISOString() };
}

/** The affiliate dashboard of one user: their link, the period's figures, referrals, commission and payouts. */
export async function getAffiliateSummary(deps: AffiliateDeps, userId: string, period: AffiliatePeriod): Promise<AffiliateSummary> {
  const now = deps.clock.now();
  const { affiliate: rules } = await getBusinessRules(deps.db);
  const account = await findAffiliateAccount(deps.db, userId);
  if (!account) throw notFound();
  const windows = periodWindows(period, now);
  const [shop, figures, totals, commissionsList, signups, payouts] = await Promise.all([
    shopCurrency(deps.db),
    periodFigures(deps.db, userId, windows),
    commissionTotals(deps.db, userId, now),
    recentCommissions(deps.db, userId, RECENT),
    recentUnpaidSignups(deps.db, userId, RECENT),
    recentPayouts(deps.db, userId, 5),
  ]);
  const rate = {
    current: conversionRate(figures.payingReferrals.current, figures.clicks.current),
    previous: conversionRate(figures.payingReferrals.previous, figures.clicks.previous),
  };
  const recentReferrals: RecentReferral[] = [
    ...commissionsList.map((c) => ({
      id: c.id,
      user: maskEmail(c.email),
      plan: c.planName,
      amount: c.amountCents,
      currency: c.currency,
      date: c.createdAt.toISOString(),
      status: commissionStatusAt(c, now),
    })),
    ...signups.map((s) => ({
      id: s.id,
      user: maskEmail(s.email),
      plan: null,
      amount: 0,
      currency: shop,
      date: s.createdAt.toISOString(),
      status: 'signed_up' as const,
    })),
  ]
    .sort((a, b) => b.date.localeCompare(a.date))
    .slice(0, RECENT);
  // The shop's currency first and always there, then each other one commission was earned in: never added together (decision 080).
  const shopFirst = <T extends { currency: string }>(rows: T[], empty: T): T[] => [
    rows.find((r) => r.currency === shop) ?? empty,
    ...rows.filter((r) => r.currency !== shop),
  ];
  const balances = shopFirst(totals, { currency: shop, pendingCents: 0, payableCents: 0, requestedCents: 0, paidCents: 0 }).map((b) => ({
    ...b,
    minimumPayoutCents: minimumPayoutIn(rules, b.currency, shop),
  }));
  const earnings = shopFirst(figures.earnings, { currency: shop, current: 0, previous: 0 })
    .filter((e) => e.currency === shop || e.current !== 0 || e.previous !== 0)
    .map((e) => ({ currency: e.currency, cents: e.current, change: percentChange(e.current, e.previous) }));

  return {
    referralCode: account.referralCode,
    referralLink: referralLink(deps.publicUrl, account.referralCode),
    joined: account.joinedAt !== null,
    joinedAt: account.joinedAt?.toISOString() ?? null,
    period,
    programmeOpen: rules.enabled,
    commissionPercent: rules.commissionPercent,
    commissionMonths: rules.commissionMonths,
    stats: {
      earnings,
      referrals: figures.referrals.current,
      conversionRate: rate.current,
      clicks: figures.clicks.current,
      referralsChange: percentChange(figures.referrals.current, figures.referrals.previous),
      conversionChange: percentChange(rate.current, rate.previous),
      clicksChange: percentChange(figures.clicks.current, figures.clicks.previous),
    },
    recentReferrals,
    balances,
    nextPayout: nextPayoutDate(now),
    payouts: payouts.map(toPayout),
  };
}
