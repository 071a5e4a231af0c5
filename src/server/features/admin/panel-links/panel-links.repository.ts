import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import { orders, panelAccounts, panelServerLinks, servers, users } from '../../../db/schema';

/** Panel server ids that already stand behind a service here (linked, or made by a checkout). */
export async function panelServerIdsInUse(db: Db, panel: string): Promise<Set<string>> {
  const [linked, ours] = await Promise.all([
    db.select({ id: panelServerLinks.panelServerId }).from(panelServerLinks).where(eq(panelServerLinks.panel, panel)),
    db.select({ id: servers.panelServerId }).from(servers).where(and(isNotNull(servers.panelServerId), isNull(servers.deletedAt))),
  ]);
  return new Set([...linked, ...ours].map((r) => r.id).filter((id): id is string => id !== null));
}

/** Our server ids among `ids`: a panel server whose external id is one of them was made by us. */
export async function ourServerIds(db: Db, ids: string[]): Promise<Set<string>> {
  const uuids = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (uuids.length === 0) return new Set();
  const rows = await db.select({ id: servers.id }).from(servers).where(inArray(servers.id, uuids));
  return new Set(rows.map((r) => r.id));
}

/** Accounts by email, lower-cased, for matching panel owners. */
export async function accountsByEmail(db: Db, emails: string[]) {
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  if (wanted.length === 0) return new Map<string, { id: string; email: string }>();
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, wanted));
  return new Map(rows.map((r) => [r.email, r]));
}

/** True when a live service here already runs on this panel server (read in the linking transaction). */
export async function panelServerTaken(tx: Executor, panel: string, panelServerId: string): Promise<boolean> {
  const [linked] = await tx
    .select({ id: panelServerLinks.serverId })
    .from(panelServerLinks)
    .where(and(eq(panelServerLinks.panel, panel), eq(panelServerLinks.panelServerId, panelServerId)));
  if (linked) return true;
  const [ours] = await tx
    .select({ id: servers.id })
    .from(servers)
    .where(and(eq(servers.panelServerId, panelServerId), isNull(servers.deletedAt)))
    .limit(1);
  return Boolean(ours);
}

export async function insertLinkedService(
  tx: Executor,
  rows: {
    order: typeof orders.$inferInsert;
    server: typeof servers.$inferInsert;
    link: typeof panelServerLinks.$inferInsert;
  },
) {
  await tx.insert(orders).values(rows.order);
  await tx.insert(servers).values(rows.server);
  await tx.insert(panelServerLinks).values(rows.link);
}

/** The customer's panel account, when they have none yet: SFTP and subusers need it. */
export async function rememberPanelAccount(tx: Executor, userId: string, panelUserId: string, now: Date) {
  await tx.insert(panelAccounts).values({ userId, panelUserId, createdAt: now }).onConflictDoNothing();
}
