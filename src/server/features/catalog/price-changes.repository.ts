import { and, asc, desc, eq, inArray, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Db, Tx, Executor } from '../../db/client';
import { orders, renewals, servers, servicePriceChanges, users } from '../../db/schema';

export type PriceChangeRow = typeof servicePriceChanges.$inferSelect;

/** Services still running (or being set up) whose price has not been checked against `version`. */
export async function servicesToReview(db: Db, version: number, limit: number) {
  return db
    .select({
      server: {
        id: servers.id,
        userId: servers.userId,
        name: servers.name,
        game: servers.game,
        planId: servers.planId,
        planName: servers.planName,
        period: servers.period,
        location: servers.location,
        addons: servers.addons,
        currency: servers.currency,
        renewsAt: servers.renewsAt,
        createdAt: servers.createdAt,
      },
      order: { totalCents: orders.totalCents, lines: orders.lines, months: orders.months, paidAt: orders.paidAt },
      /** A renewal already opened for the period starting at renews_at: its amount is fixed. */
      renewalOpen: sql<boolean>`exists (select 1 from ${renewals} r where r.server_id = ${servers.id} and r.period_start = ${servers.renewsAt})`,
    })
    .from(servers)
    .innerJoin(orders, eq(orders.id, servers.orderId))
    .where(
      and(
        notInArray(servers.status, ['cancelled', 'failed']),
        isNull(servers.deletedAt),
        or(isNull(servers.catalogVersion), lt(servers.catalogVersion, version)),
      ),
    )
    .orderBy(asc(servers.id))
    .limit(limit);
}

/** Marks the services reviewed against `version`; answers the ids this caller won (another worker may have them). */
export async function claimReview(tx: Tx, ids: string[], version: number): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .update(servers)
    .set({ catalogVersion: version })
    .where(and(inArray(servers.id, ids), or(isNull(servers.catalogVersion), lt(servers.catalogVersion, version))))
    .returning({ id: servers.id });
  return new Set(rows.map((r) => r.id));
}

/** The scheduled change and the newest applied one of each service. */
export async function changesOf(db: Executor, serverIds: string[]) {
  if (serverIds.length === 0) return { scheduled: new Map<string, PriceChangeRow>(), applied: new Map<string, PriceChangeRow>() };
  const rows = await db
    .select()
    .from(servicePriceChanges)
    .where(and(inArray(servicePriceChanges.serverId, serverIds), inArray(servicePriceChanges.status, ['scheduled', 'applied'])))
    .orderBy(asc(servicePriceChanges.appliesFrom), asc(servicePriceChanges.noticeAt));
  const scheduled = new Map<string, PriceChangeRow>();
  const applied = new Map<string, PriceChangeRow>();
  for (const row of rows) (row.status === 'scheduled' ? scheduled : applied).set(row.serverId, row);
  return { scheduled, applied };
}

/**
 * The price a renewal of the period starting at `periodStart` charges: the announced change due
 * by then, else the last one charged; undefined when the service still pays its order's price.
 */
export async function priceInForce(db: Db, serverId: string, periodStart: Date): Promise<PriceChangeRow | undefined> {
  const [row] = await db
    .select()
    .from(servicePriceChanges)
    .where(
      and(
        eq(servicePriceChanges.serverId, serverId),
        inArray(servicePriceChanges.status, ['scheduled', 'applied']),
        lte(servicePriceChanges.appliesFrom, periodStart),
      ),
    )
    .orderBy(desc(servicePriceChanges.appliesFrom), desc(servicePriceChanges.noticeAt))
    .limit(1);
  return row;
}

export async function markApplied(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(servicePriceChanges)
    .set({ status: 'applied', appliedAt: now })
    .where(and(eq(servicePriceChanges.id, id), eq(servicePriceChanges.status, 'scheduled')));
}

/**
 * Calls off a scheduled change. The customer is told only if they had been told of it and no new
 * notice replaces it (`tellCustomer`); otherwise the withdrawal counts as already said.
 */
export async function withdraw(tx: Tx, id: string, now: Date, tellCustomer: boolean): Promise<void> {
  await tx
    .update(servicePriceChanges)
    .set({ status: 'withdrawn', withdrawnAt: now, ...(tellCustomer ? {} : { withdrawalEmailedAt: now }) })
    .where(and(eq(servicePriceChanges.id, id), eq(servicePriceChanges.status, 'scheduled')));
}

/** Withdraws the server's announced price changes: the customer's own plan change or move replaces them. */
export async function withdrawAnnouncedChanges(tx: Tx, serverId: string, now: Date): Promise<void> {
  await tx
    .update(servicePriceChanges)
    .set({ status: 'withdrawn', withdrawnAt: now, withdrawalEmailedAt: sql`coalesce(${servicePriceChanges.withdrawalEmailedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(servicePriceChanges.serverId, serverId), eq(servicePriceChanges.status, 'scheduled')));
}

export async function insertChange(tx: Tx, row: typeof servicePriceChanges.$inferInsert): Promise<void> {
  await tx.insert(servicePriceChanges).values(row).onConflictDoNothing();
}

/** Takes one notice to email (at most once across workers): a new announcement, or a withdrawal of one that was sent. */
export async function claimUnsentNotice(db: Db, now: Date) {
  const [announce] = await db
    .update(servicePriceChanges)
    .set({ emailedAt: now })
    .where(
      eq(
        servicePriceChanges.id,
        sql`(select id from ${servicePriceChanges} where status = 'scheduled' and emailed_at is null order by notice_at limit 1 for update skip locked)`,
      ),
    )
    .returning();
  if (announce) return { kind: 'announce' as const, change: announce };
  const [withdrawn] = await db
    .update(servicePriceChanges)
    .set({ withdrawalEmailedAt: now })
    .where(
      eq(
        servicePriceChanges.id,
        sql`(select id from ${servicePriceChanges} where status = 'withdrawn' and emailed_at is not null and withdrawal_emailed_at is null order by withdrawn_at limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return withdrawn ? { kind: 'withdraw' as const, change: withdrawn } : undefined;
}

/** Gives a notice back to the sender after the mail could not go out. */
export async function releaseNotice(db: Db, id: string, kind: 'announce' | 'withdraw'): Promise<void> {
  await db
    .update(servicePriceChanges)
    .set(kind === 'announce' ? { emailedAt: null } : { withdrawalEmailedAt: null })
    .where(eq(servicePriceChanges.id, id));
}

export async function noticeContext(db: Db, change: PriceChangeRow) {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      serverName: servers.name,
      planName: servers.planName,
      months: orders.months,
      status: servers.status,
      currency: servers.currency,
    })
    .from(servers)
    .innerJoin(users, eq(users.id, servers.userId))
    .innerJoin(orders, eq(orders.id, servers.orderId))
    .where(eq(servers.id, change.serverId));
  return row;
}

/** A customer's announced changes still to come, for the dashboard notice. */
export async function scheduledChangesOf(db: Db, userId: string) {
  return db
    .select({
      id: servicePriceChanges.id,
      serverId: servicePriceChanges.serverId,
      serverName: servers.name,
      planName: servers.planName,
      months: orders.months,
      kind: servicePriceChanges.kind,
      currency: servers.currency,
      oldCents: servicePriceChanges.oldCents,
      newCents: servicePriceChanges.newCents,
      noticeAt: servicePriceChanges.noticeAt,
      appliesFrom: servicePriceChanges.appliesFrom,
    })
    .from(servicePriceChanges)
    .innerJoin(servers, eq(servers.id, servicePriceChanges.serverId))
    .innerJoin(orders, eq(orders.id, servers.orderId))
    .where(
      and(
        eq(servicePriceChanges.userId, userId),
        eq(servicePriceChanges.status, 'scheduled'),
        notInArray(servers.status, ['cancelled', 'failed']),
      ),
    )
    .orderBy(asc(servicePriceChanges.appliesFrom));
}

/** Every running service with its last applied price change (null: it still pays its order's price) and its order. */
export async function runningServicesWithPrice(db: Db) {
  return db
    .select({
      server: {
        id: servers.id,
        name: servers.name,
        game: servers.game,
        planId: servers.planId,
        period: servers.period,
        location: servers.location,
        addons: servers.addons,
        currency: servers.currency,
      },
      appliedCents: sql<number | null>`(select c.new_cents from ${servicePriceChanges} c where c.server_id = ${servers.id} and c.status = 'applied' order by c.applies_from desc, c.notice_at desc limit 1)`,
      order: { totalCents: orders.totalCents, lines: orders.lines },
    })
    .from(servers)
    .innerJoin(orders, eq(orders.id, servers.orderId))
    .where(and(notInArray(servers.status, ['cancelled', 'failed']), isNull(servers.deletedAt)));
}
