import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface OrderView {
  id: string;
  kind: 'server' | 'pack';
  status: string;
  planName: string;
  totalCents: number;
  /** The order's own currency, whatever the catalog on the page is priced in. */
  currency: string;
  createdAt: string;
  paidAt: string | null;
  packId?: string | null;
}

export interface ServerView {
  id: string;
  name: string;
  game: string;
  status: string;
  ram?: number;
  ramGb?: number;
  cpu?: number;
  vcpu?: number;
  disk?: number;
  diskGb?: number;
  location: string;
  ip: string | null;
  port: number | null;
  panelUrl?: string | null;
  failureReason?: string | null;
}

export interface CheckoutState {
  order: OrderView;
  purchase: { id: string; amountCents: number; currency: string; createdAt: string; planName: string } | null;
  server: ServerView | null;
}

export function getCheckoutState(sessionId: string) {
  return api<CheckoutState>(`/checkout/${encodeURIComponent(sessionId)}`);
}

export function checkoutStateOptions(sessionId: string) {
  return queryOptions({ queryKey: ['checkout', sessionId], queryFn: () => getCheckoutState(sessionId) });
}

/** The order, payment and server behind a checkout session; polls every 10 s until the server is online. */
export function useCheckoutState(sessionId: string | null) {
  return useQuery({
    ...checkoutStateOptions(sessionId ?? ''),
    enabled: Boolean(sessionId),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data) return 10_000;
      if (data.order.kind === 'pack') return data.purchase ? false : 10_000;
      return data.server?.status?.toLowerCase() === 'online' || data.server?.status === 'failed' ? false : 10_000;
    },
  });
}
