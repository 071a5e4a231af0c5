import { and, eq, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ticketMessages, tickets } from '../../db/schema';
import type { EventBus } from '../../lib/events';
import { randomIds, type Clock, type Ids } from '../../lib/runtime';

export const AUTO_RESOLVE_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
export const AUTO_RESOLVE_NOTE = 'Closed automatically after 7 days without a reply';

/**
 * Resolves every ticket that has waited on the customer (pending) for 7 days with no customer
 * reply since, and adds a staff note saying so. Answers how many it resolved. Safe to run
 * twice or on several workers at once: the update only takes tickets that are still pending.
 * Meant to run daily from the job scheduler.
 */
export async function autoResolveStaleTickets(deps: {
  db: Db;
  clock: Clock;
  ids?: Ids;
  events?: EventBus;
}): Promise<number> {
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - AUTO_RESOLVE_AFTER_MS);
  const ids = deps.ids ?? randomIds;
  const resolved = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(tickets)
      .set({ status: 'resolved', pendingSince: null, updatedAt: now })
      .where(
        and(
          eq(tickets.status, 'pending'),
          isNotNull(tickets.pendingSince),
          lte(tickets.pendingSince, cutoff),
          or(isNull(tickets.lastCustomerReplyAt), lte(tickets.lastCustomerReplyAt, tickets.pendingSince)),
        ),
      )
      .returning({ id: tickets.id, userId: tickets.userId });
    if (rows.length > 0) {
      await tx.insert(ticketMessages).values(
        rows.map((r) => ({
          id: ids.uuid(),
          ticketId: r.id,
          authorKind: 'staff',
          authorName: 'Support team',
          body: AUTO_RESOLVE_NOTE,
          createdAt: now,
        })),
      );
    }
    return rows;
  });
  for (const r of resolved) if (r.userId) deps.events?.publish(r.userId, { topic: 'tickets', id: r.id });
  return resolved.length;
}
