import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RestartSchedule, RestartScheduleInput } from '../../../../shared/schemas/servers';
import { api } from '../../../lib/api-client';
import { restartScheduleQueryOptions } from './get-restart-schedule';

/** `time` is a daily UTC time, HH:MM; null turns the scheduled restart off. */
export function setRestartSchedule(id: string, time: string | null) {
  return api<RestartSchedule>(`/servers/${encodeURIComponent(id)}/restart-schedule`, {
    method: 'PUT',
    body: { time } satisfies RestartScheduleInput,
  });
}

export function useSetRestartSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, time }: { id: string; time: string | null }) => setRestartSchedule(id, time),
    onSuccess: (schedule, { id }) => {
      queryClient.setQueryData(restartScheduleQueryOptions(id).queryKey, schedule);
      void queryClient.invalidateQueries({ queryKey: ['overview'] });
    },
  });
}
