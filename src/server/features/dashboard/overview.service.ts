import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/i18n/locales';
import type { Say } from '../../../shared/line-text';
import type { Db } from '../../db/client';
import { activityWords } from '../../lib/activity';
import { activityLog, orders, purchases, servers, tickets, users } from '../../db/schema';

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
}

const activeStatuses = ['online', 'offline', 'starting', 'stopping', 'installing', 'provisioning'] as const;

/**
 * The four tiles and the recent-activity list of the dashboard, all for one user. The list reads
 * in `reader`'s language; lines written before it had words of their own stay in English.
 */
export async function getOverview(db: Db, userId: string, reader?: { say: Say; locale: Locale }): Promise<Overview> {
  const [active, spent, ticketCounts, referred, activity] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(servers)
      .where(and(eq(servers.userId, userId), inArray(servers.status, [...activeStatuses]))),
    db
      .select({ currency: orders.currency, cents: sql<number>`sum(${purchases.amountCents})::int` })
      .from(purchases)
      .innerJoin(orders, eq(orders.id, purchases.orderId))
      .where(and(eq(purchases.userId, userId), eq(purchases.status, 'paid')))
      .groupBy(orders.currency)
      .orderBy(desc(sql`sum(${purchases.amountCents})`), orders.currency),
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
      spent: spent.map((s) => ({ currency: s.currency, cents: Number(s.cents) })),
      supportTickets: ticketCounts[0]?.all ?? 0,
      openTickets: ticketCounts[0]?.open ?? 0,
      referrals: referred[0]?.n ?? 0,
    },
    activity: activity.map((a) => ({
      id: a.id,
      kind: a.kind,
      message: reader ? activityWords(a, reader.say, reader.locale) : a.message,
      createdAt: a.createdAt.toISOString(),
    })),
  };
}
