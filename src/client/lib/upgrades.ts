import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UpgradesView } from '../../shared/schemas/delivery';
import { api } from './api-client';

/**
 * What the customer bought and where its delivery stands (decision 058): packs, staff tasks and
 * each server's add-ons. A 'servers', 'orders' or 'purchases' notice refetches it (live-events.ts).
 */
export const upgradesKey = ['upgrades'] as const;

export function getUpgrades(signal?: AbortSignal): Promise<UpgradesView> {
  return api<UpgradesView>('/upgrades', { signal });
}

export function upgradesQueryOptions() {
  return queryOptions({ queryKey: upgradesKey, queryFn: ({ signal }) => getUpgrades(signal) });
}

export function useUpgrades(options: { enabled?: boolean } = {}) {
  return useQuery({ ...upgradesQueryOptions(), enabled: options.enabled ?? true });
}
