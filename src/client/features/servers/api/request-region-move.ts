import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegionMoveRequest, RegionMoveView } from '../../../../shared/schemas/region-moves';
import { api } from '../../../lib/api-client';
import { serversKey } from './get-servers';

export function requestRegionMove(id: string, request: RegionMoveRequest) {
  return api<RegionMoveView>(`/servers/${encodeURIComponent(id)}/move`, { method: 'POST', body: request });
}

/** Starts the move; the card and the dialog (both under 'servers') refresh. */
export function useRequestRegionMove(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RegionMoveRequest) => requestRegionMove(id, request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: serversKey }),
  });
}
