import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Account, NotificationSettings } from '../../../../shared/schemas/account';
import { api } from '../../../lib/api-client';
import { accountQueryKey } from './get-account';

export function updateNotifications(input: NotificationSettings) {
  return api<NotificationSettings>('/account/notifications', { method: 'PUT', body: input });
}

export function useUpdateNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotifications,
    onSuccess: (notifications) =>
      queryClient.setQueryData<Account>(accountQueryKey, (a) => (a ? { ...a, notifications } : a)),
  });
}
