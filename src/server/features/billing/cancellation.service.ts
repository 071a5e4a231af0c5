import { and, eq } from 'drizzle-orm';
import type { Cancellation } from '../../../shared/schemas/billing';
import { serviceCancellations } from '../../db/schema';
import { logActivity, said } from '../../lib/activity';
import { conflict, notFound } from '../../lib/errors';
import type { BillingDeps } from './billing-deps';
import { isUuid } from './billing-deps';
import { ownLiveServer } from './billing.repository';

async function ownServer(deps: BillingDeps, userId: string, serverId: string) {
  const row = isUuid(serverId) ? await ownLiveServer(deps.db, userId, serverId) : undefined;
  if (!row) throw notFound('That service was not found.');
  if (row.server.status === 'cancelled' || row.server.status === 'failed') {
    throw conflict('This service has already ended.');
  }
  return row;
}

/**
 * Cancels a service at the end of its paid period: it keeps running until then and is not
 * renewed. Asking again answers the same date. The renewal job carries it out.
 */
export async function cancelAtPeriodEnd(deps: BillingDeps, userId: string, serverId: string): Promise<Cancellation> {
  const { server, cancelAt } = await ownServer(deps, userId, serverId);
  if (cancelAt) return { serverId, cancelAt: cancelAt.toISOString() };
  const [row] = await deps.db
    .insert(serviceCancellations)
    .values({ serverId, userId, cancelAt: server.renewsAt, requestedAt: deps.clock.now() })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    const [earlier] = await deps.db.select().from(serviceCancellations).where(eq(serviceCancellations.serverId, serverId));
    return { serverId, cancelAt: (earlier?.cancelAt ?? server.renewsAt).toISOString() };
  }
  await logActivity(deps, {
    userId,
    kind: 'server',
    text: said('activity.cancel.scheduled', { server: server.name }, { dates: { date: row.cancelAt.toISOString() } }),
    subjectId: serverId,
  });
  deps.events.publish(userId, { topic: 'billing', id: serverId });
  deps.events.publish(userId, { topic: 'servers', id: serverId });
  return { serverId, cancelAt: row.cancelAt.toISOString() };
}

/** Takes back a cancellation before it happens: the service renews as usual. */
export async function resumeService(deps: BillingDeps, userId: string, serverId: string): Promise<void> {
  const { server } = await ownServer(deps, userId, serverId);
  const removed = await deps.db
    .delete(serviceCancellations)
    .where(and(eq(serviceCancellations.serverId, serverId), eq(serviceCancellations.userId, userId)))
    .returning();
  if (removed.length === 0) return;
  await logActivity(deps, {
    userId,
    kind: 'server',
    text: said('activity.cancel.withdrawn', { server: server.name }),
    subjectId: serverId,
  });
  deps.events.publish(userId, { topic: 'billing', id: serverId });
  deps.events.publish(userId, { topic: 'servers', id: serverId });
}
