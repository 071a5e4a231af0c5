import { useQuery } from '@tanstack/react-query';
import { serversQueryOptions } from '../../../lib/servers';

export function useServers() {
  return useQuery(serversQueryOptions());
}
