import { and, eq, isNull } from 'drizzle-orm';
import { purchases, users } from '../../db/schema';
import { PaymentRequestRefused } from '../../integrations/payments/payment-provider';
import { logActivity, said } from '../../lib/activity';
import { addLedgerEntry, lockedBalanceCents } from '../../lib/credit-ledger';
import { splitUnderMinimum } from '../../lib/minimum-charge';
import type { CheckoutDeps } from './checkout-deps';
import { setOrderSession } from './checkout.repository';
import { fulfilOrder } from './fulfilment';

/**
 * The account's one customer at the provider, made before its first checkout and kept on the
 * account, so every later checkout (and every card it saves) belongs to the same customer. Null
 * for a provider without customers. Two first checkouts at once ask with the same idempotency key
 * and get the same customer; the first to store it wins.
 */
export async function providerCustomerOf(deps: CheckoutDeps, user: { id: string; email: string }, gone?: string): Promise<string | null> {
  if (!deps.payments.createCustomer) return null;
  if (gone) {
    // Deleted at the provider (its Dashboard): forget it, so a new one is made below.
    await deps.db.update(users).set({ stripeCustomerId: null }).where(and(eq(users.id, user.id), eq(users.stripeCustomerId, gone)));
    deps.log.warn({ userId: user.id, customerId: gone }, 'the account’s provider customer is gone; making a new one');
  }
  const [row] = await deps.db.select({ customerId: users.stripeCustomerId }).from(users).where(eq(users.id, user.id));
  if (row?.customerId) return row.customerId;
  const created = await deps.payments.createCustomer({ userId: user.id, email: user.email, ...(gone ? { replacing: gone } : {}) });
  await deps.db.update(users).set({ stripeCustomerId: created }).where(and(eq(users.id, user.id), isNull(users.stripeCustomerId)));
  const [stored] = await deps.db.select({ customerId: users.stripeCustomerId }).from(users).where(eq(users.id, user.id));
  return stored?.customerId ?? created;
}

/** The provider refused the checkout because the customer it names no longer exists. */
export function customerGone(error: unknown): boolean {
  return error instanceof PaymentRequestRefused && error.code === 'resource_missing' && error.param === 'customer';
}

/** The session id of an order settled without the provider; the success page finds the order by it. */
export const settledSessionId = (orderId: string) => `settled_${orderId}`;

/**
 * An order whose total is under the minimum charge (or nothing at all) never goes to the provider
 * (docs/decisions/047-stripe-on-day-one.md): it is fulfilled at once, account credit pays what it
 * can of it and the rest is waived, written on the purchase.
 */
export async function settleWithoutProvider(deps: CheckoutDeps, userId: string, orderId: string, grossCents: number, currency: string): Promise<string> {
  const sessionId = settledSessionId(orderId);
  await setOrderSession(deps.db, orderId, sessionId);
  const result = await fulfilOrder(deps, { orderId, provider: deps.payments.id, paymentId: null });
  if (!result.fulfilled || !result.purchaseId) return sessionId;
  const purchaseId = result.purchaseId;
  const split = await deps.db.transaction(async (tx) => {
    const settled = splitUnderMinimum({ dueCents: grossCents, balanceCents: await lockedBalanceCents(tx, userId, currency), currency });
    if (settled.creditCents > 0) {
      await addLedgerEntry(tx, {
        id: deps.ids.uuid(),
        userId,
        amountCents: -settled.creditCents,
        currency,
        kind: 'credit_applied',
        reason: `Applied to invoice ${result.invoiceNumber ?? orderId}, under the smallest card payment`,
        referenceId: `order:${orderId}`,
        createdAt: deps.clock.now(),
      });
    }
    await tx.update(purchases).set({ waivedCents: settled.waivedCents }).where(eq(purchases.id, purchaseId));
    return settled;
  });
  deps.log.info({ orderId, creditCents: split.creditCents, waivedCents: split.waivedCents }, 'order under the minimum charge settled without the provider');
  if (split.waivedCents > 0 || split.creditCents > 0) {
    await logActivity(deps, {
      userId,
      kind: 'payment',
      text: said('activity.payment.settled', {}, {
        money: { amount: { cents: grossCents, currency }, credit: { cents: split.creditCents, currency }, waived: { cents: split.waivedCents, currency } },
      }),
      subjectId: orderId,
    }).catch((error: unknown) => deps.log.warn({ err: error, orderId }, 'could not log the settlement'));
  }
  return sessionId;
}
