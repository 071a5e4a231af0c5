import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { jobsKey } from './get-jobs';

export function retryJob(queue: string, id: string) {
  return api<{ id: string; queue: string; state: 'retry' }>(`/admin/jobs/${encodeURIComponent(queue)}/${encodeURIComponent(id)}/retry`, {
    method: 'POST',
  });
}

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ queue, id }: { queue: string; id: string }) => retryJob(queue, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobsKey }),
  });
}
