import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export interface SessionUser {
  id: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  role?: string;
}

export interface SessionResponse {
  user: SessionUser | null;
}

export function getSession() {
  return api<SessionResponse>('/auth/session');
}

export const sessionQueryKey = ['session'] as const;

export function sessionQueryOptions() {
  return queryOptions({ queryKey: sessionQueryKey, queryFn: getSession, staleTime: 60_000, retry: false });
}

/** The signed-in user, `null` when signed out, `undefined` while it is being asked. */
export function useSession() {
  const query = useQuery(sessionQueryOptions());
  return { user: query.data ? query.data.user : undefined, isLoading: query.isPending, query };
}
