import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminServerList } from '../../../../../shared/schemas/admin/servers';
import { api } from '../../../../lib/api-client';

export const adminServersKey = ['admin-servers'] as const;

/** The list's query, as in the page URL: filter, status, game, location, q, page. */
/** The list's query, as in the page URL: filter, status, game, location, q, page. */
export const adminServerParamKeys = ['filter', 'status', 'game', 'location', 'q', 'page'] as const;
export type AdminServerParams = Partial<Record<(typeof adminServerParamKeys)[number], string>>;

export function adminServersQueryString(params: AdminServerParams): string {
  const search = new URLSearchParams();
  for (const key of adminServerParamKeys) {
    const value = params[key]?.trim();
    if (value) search.set(key, value);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function getAdminServers(params: AdminServerParams, signal?: AbortSignal) {
  return api<AdminServerList>(`/admin/servers${adminServersQueryString(params)}`, { signal });
}

export function adminServersQueryOptions(params: AdminServerParams) {
  return queryOptions({
    queryKey: [...adminServersKey, 'list', params],
    queryFn: ({ signal }) => getAdminServers(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminServers(params: AdminServerParams) {
  return useQuery(adminServersQueryOptions(params));
}
