import type { AdminProviderCheck } from '../../../../shared/schemas/admin/orders';
import { audited, type StaffActor } from '../../../lib/audit';
import type { AdminDeps } from '../admin-deps';
import { getAdminOrder, type OrdersAdminDeps } from './orders.service';

/**
 * POST /api/admin/orders/:id/check-provider: asks the payment provider about an unpaid order and
 * fulfils it if it was paid (features/checkout/provider-check.ts), then writes who asked and what
 * the provider said to the audit log. The fulfilment commits in its own locked transaction first,
 * as the webhook's does, so the audit record follows it rather than sharing it.
 */
export async function checkAdminOrderWithProvider(
  deps: OrdersAdminDeps & Pick<AdminDeps, 'checkOrderWithProvider'>,
  actor: StaffActor,
  orderId: string,
): Promise<AdminProviderCheck> {
  const before = await getAdminOrder(deps, orderId);
  const check = await deps.checkOrderWithProvider(before.id);
  await audited(deps, actor, async () => ({
    result: null,
    audit: {
      action: 'order.checked_with_provider',
      targetType: 'order',
      targetId: before.id,
      targetLabel: before.invoice ? `${before.invoice.number} · ${before.planName}` : before.planName,
      before: { status: before.status },
      after: { sessionStatus: check.session.status, paymentStatus: check.session.paymentStatus, fulfilled: check.fulfilled },
    },
  }));
  return { session: check.session, fulfilled: check.fulfilled, message: check.message, order: await getAdminOrder(deps, before.id) };
}
