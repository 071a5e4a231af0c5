import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import { orders, webhookEvents } from '../../db/schema';
import type { PaymentEvent, SessionState } from '../../integrations/payments/payment-provider';
import { logActivity, said } from '../../lib/activity';
import { HttpError } from '../../lib/errors';
import { releaseExpiredReservations } from '../coupons';
import type { FulfilmentDeps } from './checkout-deps';
import { findOrder, findOrderBySession, type OrderRow } from './checkout.repository';
import { fulfilOrder, type FulfilmentResult } from './fulfilment';

async function orderOfSession(deps: FulfilmentDeps, provider: string, session: SessionState): Promise<OrderRow | undefined> {
  const bySession = await findOrderBySession(deps.db, provider, session.sessionId);
  if (bySession) return bySession;
  // The provider's reference, trusted only for an order of this provider not yet tied to another session.
  if (!session.orderId || !/^[0-9a-f-]{36}$/i.test(session.orderId)) return undefined;
  const order = await findOrder(deps.db, session.orderId);
  if (order && order.provider === provider && order.providerSessionId === null) return order;
  return undefined;
}

/**
 * Fulfils the order of a session the provider reports as paid. Shared by the webhook and the
 * success page's reconcile, so both go through the same locked, idempotent fulfilment.
 */
export async function fulfilPaidSession(
  deps: FulfilmentDeps,
  provider: string,
  session: SessionState,
): Promise<FulfilmentResult> {
  if (session.paymentStatus !== 'paid') return { fulfilled: false };
  const order = await orderOfSession(deps, provider, session);
  if (!order) {
    deps.log.error({ provider, sessionId: session.sessionId }, 'paid session has no matching order');
    return { fulfilled: false };
  }
  if (session.amountCents !== order.grossCents) {
    deps.log.error(
      { orderId: order.id, sessionId: session.sessionId, paid: session.amountCents, gross: order.grossCents },
      'paid amount does not match the order total; not fulfilled',
    );
    return { fulfilled: false };
  }
  return fulfilOrder(deps, { orderId: order.id, provider, paymentId: session.paymentId });
}

/** Marks a pending order expired (or failed, for an async payment that bounced). */
async function closeOrder(deps: FulfilmentDeps, provider: string, session: SessionState, failed: boolean) {
  const order = await orderOfSession(deps, provider, session);
  if (!order) return;
  const closed = await deps.db
    .update(orders)
    .set({ status: 'expired' })
    .where(and(eq(orders.id, order.id), inArray(orders.status, ['pending'])))
    .returning({ id: orders.id });
  if (closed.length === 0) return;
  await releaseExpiredReservations(deps.db, deps.clock.now(), [order.id]);
  deps.events.publish(order.userId, { topic: 'orders', id: order.id });
  if (failed) {
    deps.log.warn({ orderId: order.id, sessionId: session.sessionId }, 'async payment failed');
    await logActivity(deps, {
      userId: order.userId,
      kind: 'payment',
      text: said('activity.payment.failed', { plan: order.planName }, { money: { amount: { cents: order.grossCents, currency: order.currency } } }),
      subjectId: order.id,
    });
  }
}

/** A claim older than this whose event is still unprocessed belonged to a process that died: take it over. */
const STALE_CLAIM_MS = 60_000;
/** How long a copy waits for the same event being handled elsewhere before asking for a redelivery. */
const WAIT_FOR_OTHER_MS = 10_000;
/** Between looks at the other copy's progress: few enough queries not to crowd the pool under a burst. */
const WAIT_STEP_MS = 200;

type Claim = 'claimed' | 'processed' | 'busy' | 'gone';

/**
 * Claims an event id: inserted, or taken over when its earlier claim went stale unprocessed (the
 * instance handling it was killed). `received_at` is the time of the latest claim.
 */
async function claimEvent(deps: FulfilmentDeps, provider: string, type: string, id: string): Promise<Claim> {
  const now = deps.clock.now();
  const claimed = await deps.db
    .insert(webhookEvents)
    .values({ id, provider, type, receivedAt: now })
    .onConflictDoUpdate({
      target: webhookEvents.id,
      set: { receivedAt: now },
      setWhere: and(isNull(webhookEvents.processedAt), lt(webhookEvents.receivedAt, new Date(now.getTime() - STALE_CLAIM_MS))),
    })
    .returning({ id: webhookEvents.id });
  if (claimed.length > 0) return 'claimed';
  const [row] = await deps.db.select({ processedAt: webhookEvents.processedAt }).from(webhookEvents).where(eq(webhookEvents.id, id));
  if (!row) return 'gone';
  return row.processedAt ? 'processed' : 'busy';
}

/**
 * Handles one verified provider event. Its id is claimed first; a redelivery of a processed id
 * answers at once without doing anything. A copy arriving while another instance handles the same
 * id waits for it (then answers duplicate), or answers 409 so the provider delivers it again; a
 * claim left unprocessed for a minute (its instance died) is taken over, so a payment is never
 * lost to a crash between storing the id and fulfilling the order. If handling fails, the id is
 * forgotten again so the provider's retry is processed.
 */
export async function handlePaymentEvent(
  deps: FulfilmentDeps,
  provider: string,
  event: PaymentEvent,
  options: { waitForOtherMs?: number } = {},
): Promise<{ duplicate: boolean }> {
  const type = event.type === 'ignored' ? event.rawType : event.type;
  const deadline = Date.now() + (options.waitForOtherMs ?? WAIT_FOR_OTHER_MS);
  for (;;) {
    const claim = await claimEvent(deps, provider, type, event.id);
    if (claim === 'claimed') break;
    if (claim === 'processed') return { duplicate: true };
    if (claim === 'busy' && Date.now() > deadline) {
      throw new HttpError(409, 'webhook_in_progress', 'This event is being processed. Deliver it again later.');
    }
    await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
  }
  try {
    switch (event.type) {
      case 'checkout.completed':
      case 'checkout.async_succeeded':
        // A completed session with a delayed method (bank debit) is not paid yet: wait for async_succeeded.
        await fulfilPaidSession(deps, provider, event.session);
        break;
      case 'checkout.async_failed':
        await closeOrder(deps, provider, event.session, true);
        break;
      case 'checkout.expired':
        await closeOrder(deps, provider, event.session, false);
        break;
      case 'payment.refunded':
        // Refunds made at the provider (its dashboard) are booked here; our own are already counted.
        await deps.providerRefunded?.(provider, event.paymentId, event.refundedCents);
        break;
      case 'ignored':
        break;
    }
    await deps.db.update(webhookEvents).set({ processedAt: deps.clock.now() }).where(eq(webhookEvents.id, event.id));
    return { duplicate: false };
  } catch (error) {
    await deps.db.delete(webhookEvents).where(eq(webhookEvents.id, event.id)).catch(() => undefined);
    throw error;
  }
}
