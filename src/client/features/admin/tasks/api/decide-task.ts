import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DecideTaskInput, DeliveryTaskView } from '../../../../../shared/schemas/delivery';
import { api } from '../../../../lib/api-client';
import { staffTasksQueryKey } from './get-tasks';

export function decideTask(id: string, input: DecideTaskInput) {
  return api<{ task: DeliveryTaskView }>(`/admin/tasks/${encodeURIComponent(id)}/decision`, { method: 'POST', body: input });
}

export function useDecideTask(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DecideTaskInput) => decideTask(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffTasksQueryKey }),
  });
}
