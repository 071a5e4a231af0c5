import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrderDetail, AdminRefundInput } from '../../../../../shared/schemas/admin/orders';
import { api } from '../../../../lib/api-client';
import { adminOrderKey } from './get-admin-order';
import { adminOrdersKey } from './get-admin-orders';
import { adminInvoicesKey } from './get-admin-invoices';

/** POST /admin/orders/:id/refunds (money.write): answers the order page as it now stands. */
export function refundOrder(id: string, input: AdminRefundInput) {
  return api<AdminOrderDetail>(`/admin/orders/${encodeURIComponent(id)}/refunds`, { method: 'POST', body: input });
}

export function useRefundOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminRefundInput) => refundOrder(id, input),
    onSuccess: async (order) => {
      queryClient.setQueryData(adminOrderKey(id), order);
      // The lists show what was refunded; the order page itself is already up to date.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...adminOrdersKey, 'list'] }),
        queryClient.invalidateQueries({ queryKey: adminInvoicesKey }),
      ]);
    },
    // A refusal can still have changed something (a refund made whose server could not be
    // deleted, a provider failure now listed): the page reads the order again.
    onError: () => queryClient.invalidateQueries({ queryKey: adminOrderKey(id) }),
  });
}
