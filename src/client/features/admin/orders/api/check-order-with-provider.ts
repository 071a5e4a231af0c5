import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProviderCheck } from '../../../../../shared/schemas/admin/orders';
import { api } from '../../../../lib/api-client';
import { adminInvoicesKey } from './get-admin-invoices';
import { adminOrderKey } from './get-admin-order';
import { adminOrdersKey } from './get-admin-orders';

/** POST /admin/orders/:id/check-provider (money.write): what the provider says, and the order as it now stands. */
export function checkOrderWithProvider(id: string) {
  return api<AdminProviderCheck>(`/admin/orders/${encodeURIComponent(id)}/check-provider`, { method: 'POST' });
}

export function useCheckOrderWithProvider(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => checkOrderWithProvider(id),
    onSuccess: async (check) => {
      queryClient.setQueryData(adminOrderKey(id), check.order);
      // A fulfilled order is paid in the lists too, with its new invoice.
      if (check.fulfilled) {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: [...adminOrdersKey, 'list'] }),
          queryClient.invalidateQueries({ queryKey: adminInvoicesKey }),
        ]);
      }
    },
  });
}
