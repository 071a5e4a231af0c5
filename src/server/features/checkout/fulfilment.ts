import { eq } from 'drizzle-orm';
import { orders, purchases, servers } from '../../db/schema';
import { logActivity, said } from '../../lib/activity';
import { announceCommission, recordReferralCommission } from '../affiliate';
import { issuePaidInvoice } from '../billing';
import { lockCustomerCoupons, settlePaidOrderCoupons } from '../coupons';
import { manualAddons, manualPack, openTasks } from '../delivery';
import type { ChangeEvent } from '../../lib/events';
import { addMonthsClamped } from '../../lib/renewal-dates';
import type { FulfilmentDeps } from './checkout-deps';
import { serverSize } from '../catalog';
import { getBusinessRules } from '../brand';
import { expireProviderSessions } from './provider-sessions';


export interface PaymentReceived {
  orderId: string;
  provider: string;
  /** The provider's payment id (Stripe payment_intent, or the built-in charge id), for refunds. */
  paymentId: string | null;
}

export interface FulfilmentResult {
  /** False when the order was already paid: nothing was created this time. */
  fulfilled: boolean;
  purchaseId?: string;
  invoiceNumber?: string;
  serverId?: string | null;
}

/**
 * The unpaid orders a payment closed (their coupon no longer applies) can no longer be paid at
 * the provider either. One that the customer paid meanwhile is fulfilled by its own webhook.
 */
async function closeSessionsOf(deps: FulfilmentDeps, userId: string, orderIds: string[]) {
  if (orderIds.length === 0) return;
  for (const id of orderIds) deps.events.publish(userId, { topic: 'orders', id });
  if (!deps.payments) return;
  const paid = await expireProviderSessions({ ...deps, payments: deps.payments }, orderIds);
  for (const session of paid) deps.log.info({ sessionId: session.sessionId, orderId: session.orderId }, 'a closed order was paid before its session expired');
}

/**
 * Turns a paid order into a purchase, an invoice and (for a server) the servers row, exactly
 * once. The order row is locked for the transaction, so a webhook, its redelivery and the success
 * page's reconcile can race: the first one in does the work, the others find the order paid.
 * The unique order_id on purchases and servers backs this up.
 */
export async function fulfilOrder(deps: FulfilmentDeps, payment: PaymentReceived): Promise<FulfilmentResult> {
  // Read before the transaction: on PGlite a query outside it would wait for it to end.
  const [priced] = await deps.db
    .select({ version: orders.catalogVersion, userId: orders.userId })
    .from(orders)
    .where(eq(orders.id, payment.orderId));
  const { catalog } = await deps.catalog.atVersion(priced?.version);
  const rules = await getBusinessRules(deps.db);
  // Without its queue the payment is still booked; the confirmation then goes beside the request only.
  const owed = deps.confirmationOwed;
  const durable = owed
    ? await owed.prepare().then(
        () => true,
        (error: unknown) => {
          deps.log.error({ err: error, orderId: payment.orderId }, 'could not prepare the order confirmation job');
          return false;
        },
      )
    : false;
  const done = await deps.db.transaction(async (tx) => {
    // Before the order row, as a checkout takes it before the orders it replaces.
    if (priced) await lockCustomerCoupons(tx, priced.userId);
    const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId)).for('update');
    if (!order) throw new Error(`fulfilment: no order ${payment.orderId}`);
    if (order.status === 'paid' || order.status === 'refunded') return null;
    // An order marked expired whose payment still went through is fulfilled: the money was taken.
    const now = deps.clock.now();
    const purchaseId = deps.ids.uuid();
    await tx.insert(purchases).values({
      id: purchaseId,
      userId: order.userId,
      orderId: order.id,
      planName: order.planName,
      // What was charged: the gross, tax included.
      amountCents: order.grossCents,
      status: 'paid',
      provider: payment.provider,
      providerPaymentId: payment.paymentId,
      createdAt: now,
    });
    // The referrer's commission, booked with the payment (once per purchase id), on what was paid
    // after every discount and without its tax, which is the state's, not the store's.
    const commission = await recordReferralCommission(tx, deps.ids, {
      purchaseId,
      customerUserId: order.userId,
      planName: order.planName,
      paymentCents: order.netCents,
      currency: order.currency,
      paidAt: now,
    }, rules);
    await tx.update(orders).set({ status: 'paid', paidAt: now }).where(eq(orders.id, order.id));
    const coupons = await settlePaidOrderCoupons(tx, deps, order);
    if (coupons.broken.length > 0) {
      deps.log.warn({ orderId: order.id, broken: coupons.broken }, 'order paid with a coupon past its rules; fulfilled and counted (decision 032)');
    }
    let serverId: string | null = null;
    if (order.kind === 'server') {
      if (!order.game || !order.planId || !order.location || !order.period) {
        throw new Error(`fulfilment: server order ${order.id} lacks its configuration`);
      }
      serverId = deps.ids.uuid();
      const size = serverSize(catalog, order.planId, order.addons);
      await tx.insert(servers).values({
        id: serverId,
        userId: order.userId,
        orderId: order.id,
        name: order.serverName ?? order.planName,
        game: order.game,
        planId: order.planId,
        planName: order.planName,
        ...size,
        location: order.location,
        addons: order.addons,
        status: 'provisioning',
        period: order.period,
        currency: order.currency,
        catalogVersion: order.catalogVersion,
        renewsAt: addMonthsClamped(now, order.months),
        createdAt: now,
        updatedAt: now,
      });
    }
    // Add-ons and packs delivered by hand open their staff tasks with the payment (decision 058).
    const manual = order.kind === 'server' ? manualAddons(catalog, order.addons) : order.kind === 'pack' ? manualPack(catalog, order.packId) : [];
    await openTasks(tx, deps, { sourceId: order.id, orderId: order.id, userId: order.userId, serverId }, manual);
    const { id: invoiceId, number: invoiceNumber } = await issuePaidInvoice(tx, deps.ids, order, purchaseId, now);
    // The confirmation is owed from the moment the payment is booked, in the same transaction.
    if (durable) await owed!.record(tx, { userId: order.userId, invoiceId });
    return { order, purchaseId, invoiceId, invoiceNumber, serverId, commission, closed: coupons.closed };
  });
  if (!done) return { fulfilled: false };

  const { order, purchaseId, invoiceId, invoiceNumber, serverId, commission, closed } = done;
  await closeSessionsOf(deps, order.userId, closed);
  if (serverId) {
    try {
      await deps.provisioning.enqueue(serverId);
    } catch (error) {
      deps.log.error({ err: error, serverId, orderId: order.id }, 'could not enqueue provisioning');
    }
  }
  const changes: ChangeEvent[] = [
    { topic: 'orders', id: order.id },
    { topic: 'purchases', id: purchaseId },
    { topic: 'billing', id: invoiceNumber },
  ];
  if (serverId) changes.push({ topic: 'servers', id: serverId });
  for (const event of changes) {
    deps.events.publish(order.userId, event);
  }
  if (commission) await announceCommission(deps, commission);
  if (order.kind === 'plan_change' && deps.planChangePaid) {
    // If this fails, the plan changes' sweep applies (or refunds) the payment later.
    await deps.planChangePaid(order.id).catch((error: unknown) => deps.log.error({ err: error, orderId: order.id }, 'could not apply a paid plan change'));
  }
  if (deps.orderPaid) {
    // Only the call that fulfilled the order gets here: a webhook's replay returned above. The
    // hook queues the email; the request does not wait for the PDF.
    await deps.orderPaid({ orderId: order.id, userId: order.userId, invoiceId }).catch((error: unknown) =>
      deps.log.error({ err: error, orderId: order.id, invoiceNumber }, 'could not send the order confirmation'),
    );
  }
  try {
    if (order.kind === 'server' || order.kind === 'pack') {
      // Written once the order is paid, dated when it was placed: checkouts opened and left
      // unpaid (closed, reopened, abandoned) are not orders the customer placed.
      await logActivity(deps, {
        userId: order.userId,
        kind: 'order',
        text: said('activity.order.placed', { what: order.planName, months: order.months }, { money: { amount: { cents: order.grossCents, currency: order.currency } } }),
        subjectId: order.id,
        at: order.createdAt,
      });
    }
    await logActivity(deps, {
      userId: order.userId,
      kind: 'payment',
      text: said('activity.payment.received', { plan: order.planName, invoice: invoiceNumber }, { money: { amount: { cents: order.grossCents, currency: order.currency } } }),
      subjectId: order.id,
    });
  } catch (error) {
    deps.log.warn({ err: error, orderId: order.id }, 'could not log payment activity');
  }
  deps.log.info({ orderId: order.id, purchaseId, serverId, invoiceNumber }, 'order fulfilled');
  return { fulfilled: true, purchaseId, invoiceNumber, serverId };
}
