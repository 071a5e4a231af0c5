import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/i18n/locales';
import type { Say } from '../../../shared/line-text';
import type { Db } from '../../db/client';
import { activityWords } from '../../lib/activity';
import { activityLog, orders, purchases, refunds, servers, tickets, users } from '../../db/schema';

export interface Overview {
  stats: {
    activeServers: number;
    /** What the user paid, per currency (largest first): amounts of different currencies are never added up. */
    spent: { currency: string; cents: number }[];
    supportTickets: number;
    openTickets: number;
    referrals: number;
  };
  activity: { id: string; kind: string; message: string; createdAt: string }[];
  /** The customer has bought something (paid, even if refunded since): "Welcome back" and the last purchase link. */
  hasPurchase: boolean;
}

const activeStatuses = ['online', 'offline', 'starting', 'stopping', 'installing', 'provisioning'] as const;

/** Paid less refunded, per currency, largest first; a currency refunded in full is left out. */
function netSpent(paid: { currency: string; cents: number }[], refunded: { currency: string; cents: number }[]) {
  const back = new Map(refunded.map((r) => [r.currency, Number(r.cents)]));
  return paid
    .map((p) => ({ currency: p.currency, cents: Number(p.cents) - (back.get(p.currency) ?? 0) }))
    .filter((s) => s.cents > 0)
    .sort((a, b) => b.cents - a.cents || a.currency.localeCompare(b.currency));
}

/**
 * The four tiles and the recent-activity list of the dashboard, all for one user. The list reads
 * in `reader`'s language; lines written before it had words of their own stay in English.
 */
export async function getOverview(db: Db, userId: string, reader?: { say: Say; locale: Locale }): Promise<Overview> {
  const [active, paid, refunded, ticketCounts, referred, activity] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(servers)
      .where(and(eq(servers.userId, userId), inArray(servers.status, [...activeStatuses]))),
    // What was paid, refunds taken off (a purchase refunded in full is marked so, one refunded in
    // part stays paid), per currency.
    db
      .select({ currency: orders.currency, cents: sql<number>`sum(${purchases.amountCents})::int` })
      .from(purchases)
      .innerJoin(orders, eq(orders.id, purchases.orderId))
      .where(and(eq(purchases.userId, userId), inArray(purchases.status, ['paid', 'refunded'])))
      .groupBy(orders.currency),
    db
      .select({ currency: refunds.currency, cents: sql<number>`sum(${refunds.amountCents})::int` })
      .from(refunds)
      .where(and(eq(refunds.userId, userId), eq(refunds.status, 'succeeded')))
      .groupBy(refunds.currency),
    db
      .select({
        all: sql<number>`count(*)::int`,
        open: sql<number>`count(*) filter (where ${tickets.status} <> 'resolved')::int`,
      })
      .from(tickets)
      .where(eq(tickets.userId, userId)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.referredByUserId, userId), isNotNull(users.emailVerifiedAt))),
    db
      .select()
      .from(activityLog)
      .where(eq(activityLog.userId, userId))
      .orderBy(desc(activityLog.createdAt))
      .limit(10),
  ]);
  return {
    stats: {
      activeServers: active[0]?.n ?? 0,
      spent: netSpent(paid, refunded),
      supportTickets: ticketCounts[0]?.all ?? 0,
      openTickets: ticketCounts[0]?.open ?? 0,
      referrals: referred[0]?.n ?? 0,
    },
    // Every purchase is paid or refunded, so any row of what was paid means one exists.
    hasPurchase: paid.length > 0,
    activity: activity.map((a) => ({
      id: a.id,
      kind: a.kind,
      message: reader ? activityWords(a, reader.say, reader.locale) : a.message,
      createdAt: a.createdAt.toISOString(),
    })),
  };
}
