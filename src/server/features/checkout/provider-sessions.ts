import { inArray } from 'drizzle-orm';
import { orders } from '../../db/schema';
import type { PaymentProvider, SessionState } from '../../integrations/payments/payment-provider';
import type { FulfilmentDeps } from './checkout-deps';

export type SessionExpiryDeps = Pick<FulfilmentDeps, 'db' | 'log'> & { payments: Pick<PaymentProvider, 'id' | 'expireSession'> };

/**
 * Expires at the provider the sessions of orders we closed (replaced by a newer checkout, or made
 * ineligible by a payment), so that none of them can still be paid: a Stripe Checkout Session
 * otherwise stays payable until its own expiry. Answers the sessions the customer paid before
 * they could be expired; the caller fulfils those, and fulfilment checks their coupon again. A
 * provider that cannot be reached is logged: a payment it still takes is fulfilled and counted.
 */
export async function expireProviderSessions(deps: SessionExpiryDeps, orderIds: string[]): Promise<SessionState[]> {
  if (orderIds.length === 0) return [];
  const rows = await deps.db
    .select({ id: orders.id, provider: orders.provider, sessionId: orders.providerSessionId })
    .from(orders)
    .where(inArray(orders.id, orderIds));
  const paid: SessionState[] = [];
  for (const row of rows) {
    // No session yet: the checkout still creating it finds its order closed and expires it itself.
    if (!row.sessionId) continue;
    if (row.provider !== deps.payments.id) {
      deps.log.warn({ orderId: row.id, provider: row.provider }, 'cannot expire a session of another payment provider');
      continue;
    }
    try {
      const state = await deps.payments.expireSession(row.sessionId);
      if (state.paymentStatus === 'paid') paid.push(state);
    } catch (error) {
      deps.log.error({ err: error, orderId: row.id, sessionId: row.sessionId }, 'could not expire the checkout session of a closed order');
    }
  }
  return paid;
}
