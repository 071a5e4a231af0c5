import { and, eq, inArray } from 'drizzle-orm';
import { formatCents } from '../../../shared/money';
import { orders, webhookEvents } from '../../db/schema';
import type { PaymentEvent, SessionState } from '../../integrations/payments/payment-provider';
import { logActivity } from '../../lib/activity';
import { releaseExpiredReservations } from '../coupons/coupons.repository';
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
      message: `Payment of ${formatCents(order.grossCents)} for ${order.planName} failed`,
      subjectId: order.id,
    });
  }
}

/**
 * Handles one verified provider event. Its id is stored first; a redelivery of the same id
 * answers at once without doing anything. If handling fails, the id is forgotten again so the
 * provider's retry is processed.
 */
export async function handlePaymentEvent(
  deps: FulfilmentDeps,
  provider: string,
  event: PaymentEvent,
): Promise<{ duplicate: boolean }> {
  const type = event.type === 'ignored' ? event.rawType : event.type;
  const stored = await deps.db
    .insert(webhookEvents)
    .values({ id: event.id, provider, type, receivedAt: deps.clock.now() })
    .onConflictDoNothing({ target: webhookEvents.id })
    .returning({ id: webhookEvents.id });
  if (stored.length === 0) return { duplicate: true };
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
