import type {
  AdminInvoiceList,
  AdminInvoiceListQuery,
  AdminInvoiceStatus,
  AdminInvoiceSummary,
  AdminOrderDetail,
  AdminOrderList,
  AdminOrderListQuery,
  AdminOrderStatus,
  AdminOrderSummary,
  AdminRefundInput,
} from '../../../../shared/schemas/admin/orders';
import { HttpError, conflict, notFound } from '../../../lib/errors';
import { paymentSplit, refundsOfPurchase, serverOfOrder, refundOrder, refundPosition, refundWindowEnd, type RefundServiceDeps } from '../../billing';
import { getBusinessRules } from '../../brand';
import type { AdminDeps } from '../admin-deps';
import type { StaffActor } from '../../../lib/audit';
import { isUuid } from '../customers/customers.repository';
import { taxSummaryOf } from '../../tax';
import { deleteServer } from '../servers/server-actions.service';
import { listInvoices, listOrders, orderById, purchaseOfOrder, type InvoiceListRow, type OrderListRow } from './orders.repository';

export type OrdersAdminDeps = RefundServiceDeps & Pick<AdminDeps, 'config' | 'panel' | 'provisioning'>;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function orderStatus(row: OrderListRow): AdminOrderStatus {
  if (row.order.status === 'paid' && row.refundedCents > 0) return 'partially_refunded';
  return row.order.status;
}

export function toOrderSummary(row: OrderListRow): AdminOrderSummary {
  const { order } = row;
  return {
    id: order.id,
    kind: order.kind,
    status: orderStatus(row),
    planName: order.planName,
    game: order.game,
    provider: order.provider,
    customer: { id: order.userId, email: row.email },
    currency: order.currency,
    // What the customer pays, tax included (the net and tax are on the order's detail).
    totalCents: order.grossCents,
    refundedCents: row.refundedCents,
    invoice: row.invoiceId && row.invoiceNumber ? { id: row.invoiceId, number: row.invoiceNumber } : null,
    renewal: row.renewal,
    createdAt: order.createdAt.toISOString(),
    paidAt: iso(order.paidAt),
  };
}

function invoiceStatus(row: InvoiceListRow): AdminInvoiceStatus {
  const { invoice, refundedCents } = row;
  if (invoice.status !== 'paid' || refundedCents === 0) return invoice.status;
  return refundedCents >= invoice.grossCents ? 'refunded' : 'partially_refunded';
}

export function toInvoiceSummary(row: InvoiceListRow): AdminInvoiceSummary {
  const { invoice } = row;
  const what = row.planName ?? invoice.lines[0]?.description ?? 'Invoice';
  return {
    id: invoice.id,
    number: invoice.number,
    status: invoiceStatus(row),
    description: row.serverName ? `${what} · ${row.serverName}` : what,
    game: row.game,
    provider: row.provider,
    customer: { id: invoice.userId, email: row.email },
    currency: invoice.currency,
    totalCents: invoice.grossCents,
    refundedCents: row.refundedCents,
    orderId: row.paidOrderId,
    issuedAt: invoice.issuedAt.toISOString(),
  };
}

export async function listAdminOrders(deps: Pick<OrdersAdminDeps, 'db'>, query: AdminOrderListQuery): Promise<AdminOrderList> {
  const { rows, total } = await listOrders(deps.db, query);
  return { items: rows.map(toOrderSummary), total, page: query.page, pageSize: query.pageSize };
}

export async function listAdminInvoices(deps: Pick<OrdersAdminDeps, 'db'>, query: AdminInvoiceListQuery): Promise<AdminInvoiceList> {
  const { rows, total } = await listInvoices(deps.db, query);
  return { items: rows.map(toInvoiceSummary), total, page: query.page, pageSize: query.pageSize };
}

export async function getAdminOrder(deps: OrdersAdminDeps, orderId: string): Promise<AdminOrderDetail> {
  const row = isUuid(orderId) ? await orderById(deps.db, orderId.toLowerCase()) : undefined;
  if (!row) throw notFound('That order was not found.');
  const { order } = row;
  const [purchase, server] = await Promise.all([purchaseOfOrder(deps.db, order.id), serverOfOrder(deps.db, order.id)]);
  const now = deps.clock.now();
  let payment: AdminOrderDetail['payment'] = null;
  const { refundWindowHours } = await getBusinessRules(deps.db);
  let refundable: AdminOrderDetail['refundable'] = { totalCents: 0, cardCents: 0, windowHours: refundWindowHours, withinWindow: false, windowEndsAt: null, canCancelService: false };
  let refunds: AdminOrderDetail['refunds'] = [];
  if (purchase) {
    const [split, position, refundRows] = await Promise.all([
      paymentSplit(deps.db, purchase, order.id),
      refundPosition(deps.db, purchase, order.id),
      refundsOfPurchase(deps.db, purchase.id),
    ]);
    payment = {
      purchaseId: purchase.id,
      amountCents: purchase.amountCents,
      cardCents: split.cardCents,
      creditCents: split.creditCents,
      providerPaymentId: purchase.providerPaymentId,
      paidAt: purchase.createdAt.toISOString(),
    };
    const windowEndsAt = refundWindowEnd(purchase.createdAt, refundWindowHours);
    const withinWindow = now.getTime() < windowEndsAt.getTime();
    refundable = {
      totalCents: position.remainingCents,
      cardCents: purchase.provider === deps.payments.id ? position.cardRemainingCents : 0,
      windowHours: refundWindowHours,
      withinWindow,
      windowEndsAt: windowEndsAt.toISOString(),
      canCancelService: canCancel(withinWindow, row.renewal, position.remainingCents, server),
    };
    refunds = refundRows.map((r) => ({
      id: r.refund.id,
      amountCents: r.refund.amountCents,
      method: r.refund.method,
      status: r.refund.status,
      reason: r.refund.reason,
      cancelService: r.refund.cancelService,
      createdBy: r.createdByEmail,
      error: r.refund.error,
      createdAt: r.refund.createdAt.toISOString(),
      creditNote: r.creditNoteId && r.creditNoteNumber ? { id: r.creditNoteId, number: r.creditNoteNumber } : null,
    }));
  }
  return {
    ...toOrderSummary(row),
    period: order.period,
    months: order.months,
    location: order.location,
    lines: order.lines,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    tax: taxSummaryOf(order),
    payment,
    server: server ? { id: server.id, name: server.name, status: server.status } : null,
    refunds,
    refundable,
  };
}

type OrderServer = Awaited<ReturnType<typeof serverOfOrder>>;

/** Inside the money-back window, the order that bought a server may end it with its refund. */
function canCancel(withinWindow: boolean, renewal: boolean, remainingCents: number, server: OrderServer): boolean {
  if (!withinWindow || renewal || remainingCents === 0 || !server) return false;
  return !server.deletedAt && !['cancelled', 'provisioning', 'installing'].includes(server.status);
}

/**
 * A staff refund: the money (billing's rule, in refunds.service), then, when asked and allowed,
 * the service ends as a staff delete would (panel server deleted, newest backup kept).
 */
export async function refundAdminOrder(deps: OrdersAdminDeps, actor: StaffActor, orderId: string, input: AdminRefundInput): Promise<AdminOrderDetail> {
  const before = await getAdminOrder(deps, orderId);
  if (input.cancelService && !before.refundable.canCancelService) {
    throw conflict(
      before.refundable.withinWindow
        ? 'This order has no running service that a refund can cancel.'
        : `The ${before.refundable.windowHours}-hour money-back window has passed, so this refund cannot cancel the service. Refund it, then delete the server from its page if needed.`,
    );
  }
  await refundOrder(deps, { orderId: before.id, amountCents: input.amountCents, method: input.method, reason: input.reason, cancelService: input.cancelService, actor });
  if (input.cancelService && before.server) {
    try {
      await deleteServer(deps, actor, before.server.id, { confirmName: before.server.name, reason: `Cancelled with a refund: ${input.reason}` });
    } catch (error) {
      deps.log.warn({ err: error, orderId: before.id, serverId: before.server.id }, 'refund made but the service could not be cancelled');
      throw new HttpError(
        502,
        'cancel_failed',
        'The refund was made, but the server could not be deleted, so it is still running. Delete it from its server page.',
      );
    }
  }
  return getAdminOrder(deps, before.id);
}
