import { and, eq } from 'drizzle-orm';
import { formatCents } from '../../../shared/money';
import type { Db } from '../../db/client';
import { invoices, orders, purchases } from '../../db/schema';
import type { PaymentProvider } from '../../integrations/payments/payment-provider';
import { logActivity } from '../../lib/activity';
import { announceReversal, reverseReferralCommission } from '../affiliate/commissions';
import type { EventBus } from '../../lib/events';
import type { Clock, Ids } from '../../lib/runtime';
import { stderrLogger, type Logger } from './checkout-deps';

export interface RefundDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  payments: PaymentProvider;
  events: EventBus;
  log?: Logger;
}

export interface Refunds {
  /**
   * Refunds an order's payment in full: the provider refund, then the purchase, its invoice and
   * the order marked 'refunded', an activity line and change events. Calling it again, or twice
   * at once, refunds once: the provider call is idempotent per payment and the rows change only
   * from 'paid'. An order with no payment is an error.
   */
  refundOrder(orderId: string, reason: string): Promise<void>;
}

export function createRefunds(deps: RefundDeps): Refunds {
  const log = deps.log ?? stderrLogger;
  return {
    async refundOrder(orderId, reason) {
      const [purchase] = await deps.db.select().from(purchases).where(eq(purchases.orderId, orderId));
      if (!purchase) throw new Error(`refund: order ${orderId} has no payment`);
      if (purchase.status === 'refunded') return;
      if (purchase.provider !== deps.payments.id) {
        throw new Error(`refund: order ${orderId} was paid with ${purchase.provider}, but ${deps.payments.id} is configured`);
      }
      if (!purchase.providerPaymentId) throw new Error(`refund: order ${orderId} has no provider payment id`);
      await deps.payments.refund(purchase.providerPaymentId, purchase.amountCents, reason);

      const now = deps.clock.now();
      let reversal = null as Awaited<ReturnType<typeof reverseReferralCommission>>;
      const changed = await deps.db.transaction(async (tx) => {
        const rows = await tx
          .update(purchases)
          .set({ status: 'refunded', refundedAt: now, refundReason: reason.slice(0, 500) })
          .where(and(eq(purchases.id, purchase.id), eq(purchases.status, 'paid')))
          .returning({ id: purchases.id });
        if (rows.length === 0) return false;
        await tx.update(invoices).set({ status: 'refunded' }).where(eq(invoices.purchaseId, purchase.id));
        await tx.update(orders).set({ status: 'refunded' }).where(eq(orders.id, orderId));
        reversal = await reverseReferralCommission(tx, purchase.id, now);
        return true;
      });
      if (!changed) return;
      if (reversal) await announceReversal({ ...deps, log }, reversal);

      for (const topic of ['purchases', 'orders', 'billing'] as const) {
        deps.events.publish(purchase.userId, { topic, id: topic === 'purchases' ? purchase.id : orderId });
      }
      try {
        await logActivity(deps, {
          userId: purchase.userId,
          kind: 'refund',
          message: `Refund of ${formatCents(purchase.amountCents)} for ${purchase.planName}: ${reason}`,
          subjectId: orderId,
        });
      } catch (error) {
        log.warn({ err: error, orderId }, 'could not log refund activity');
      }
      log.info({ orderId, purchaseId: purchase.id, reason }, 'order refunded');
    },
  };
}
