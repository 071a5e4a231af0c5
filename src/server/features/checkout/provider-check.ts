import { conflict, notFound } from '../../lib/errors';
import type { SessionState } from '../../integrations/payments/payment-provider';
import type { CheckoutDeps } from './checkout-deps';
import { findOrder } from './checkout.repository';
import { fulfilPaidSession } from './payment-events';

export interface ProviderCheck {
  orderId: string;
  session: Pick<SessionState, 'status' | 'paymentStatus' | 'amountCents'>;
  /** True when this check fulfilled the order (the webhook had not). */
  fulfilled: boolean;
  message: string;
}

/**
 * Staff's 'Check with the provider' on an unpaid order: asks the provider for the order's checkout
 * session and, when it was paid, fulfils it through fulfilPaidSession, the webhook's own locked and
 * idempotent path, so a webhook arriving at the same moment fulfils nothing twice.
 */
export async function checkOrderWithProvider(deps: CheckoutDeps, orderId: string): Promise<ProviderCheck> {
  const order = /^[0-9a-f-]{36}$/i.test(orderId) ? await findOrder(deps.db, orderId) : undefined;
  if (!order) throw notFound('No such order');
  if (order.status !== 'pending' && order.status !== 'expired') throw conflict('This order is already paid: there is nothing to check.');
  if (order.provider !== deps.payments.id) {
    throw conflict(`This order was placed with ${order.provider}, which is not the payment provider now, so it cannot be checked from here.`);
  }
  if (!order.providerSessionId) throw conflict('This order never reached the payment provider (no checkout was opened), so nothing can have been paid.');
  const session = await deps.payments.getSession(order.providerSessionId);
  const result = await fulfilPaidSession(deps, deps.payments.id, session);
  const name = deps.payments.displayName;
  let message: string;
  if (result.fulfilled) message = `${name} says the checkout was paid: the order is now fulfilled.`;
  else if (session.paymentStatus === 'paid') {
    const after = await findOrder(deps.db, orderId);
    message =
      after?.status === 'paid'
        ? `${name} says the checkout was paid; the order had just been fulfilled.`
        : `${name} says the checkout was paid, but the amount does not match the order, so it was not fulfilled. Look at the payment in ${name}.`;
  } else if (session.status === 'open') message = `${name} says the checkout is still open and unpaid.`;
  else if (session.status === 'complete') message = `${name} says the checkout was completed but the payment has not arrived yet (a delayed payment method).`;
  else message = `${name} says the checkout expired unpaid.`;
  deps.log.info({ orderId, sessionId: session.sessionId, paymentStatus: session.paymentStatus, fulfilled: result.fulfilled }, 'order checked with the payment provider');
  return {
    orderId,
    session: { status: session.status, paymentStatus: session.paymentStatus, amountCents: session.amountCents },
    fulfilled: result.fulfilled,
    message,
  };
}
