import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LocalCheckoutView } from '../../../../shared/schemas/checkout';
import { api } from '../../../lib/api-client';
import { currentLocale } from '../../../lib/i18n';

export const localCheckoutQueryKey = (sessionId: string) => ['local-checkout', sessionId] as const;

export function getLocalCheckout(sessionId: string) {
  // The lines come worded in the page's language.
  return api<LocalCheckoutView>(`/local-checkout/${encodeURIComponent(sessionId)}?lang=${encodeURIComponent(currentLocale())}`);
}

export function localCheckoutQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: localCheckoutQueryKey(sessionId),
    queryFn: () => getLocalCheckout(sessionId),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useLocalCheckout(sessionId: string) {
  return useQuery(localCheckoutQueryOptions(sessionId));
}
