import { useQuery } from '@tanstack/react-query';
import type { OwnedServerView } from '../../../../shared/schemas/servers';
import { serversQueryOptions } from '../../../lib/servers';
import { isWorking } from '../plan-change-rules';
import { isTransitional } from '../server-rules';

export { serversKey } from '../../../lib/servers';
export type Server = OwnedServerView;

/** What a card, its figures and its dialogs need: the fields an owned and a shared server both have. */
export type ServerBasics = Pick<
  OwnedServerView,
  'id' | 'name' | 'game' | 'gameName' | 'status' | 'ram' | 'cpu' | 'disk' | 'location' | 'locationLabel' | 'address' | 'planName' | 'playerCap'
> &
  Partial<Pick<OwnedServerView, 'software' | 'softwareSwitch' | 'extraPorts'>>;

/** The list, refreshed every 10 s, and every 3 s while a server is changing state or plan. */
export function useServers() {
  return useQuery({
    ...serversQueryOptions(),
    refetchInterval: (query) =>
      query.state.data?.some((s) => isTransitional(s.status) || isWorking(s.planChange?.status) || s.moving || s.softwareSwitch) ? 3_000 : 10_000,
  });
}
