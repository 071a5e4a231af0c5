import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeLiveNotices } from './live-event-hub';

/** Which cached queries each change notice from GET /api/events makes stale. */
const affected: Record<string, string[]> = {
  servers: ['servers', 'server-status', 'checkout', 'overview', 'upgrades'],
  purchases: ['purchases', 'checkout', 'billing', 'overview', 'invoices', 'upgrades'],
  orders: ['checkout', 'orders', 'upgrades'],
  tickets: ['tickets', 'overview'],
  stats: ['overview'],
  billing: ['billing', 'invoices'],
  affiliate: ['affiliate', 'overview'],
};
const allKeys = [...new Set(Object.values(affected).flat())];

/**
 * Subscribes to the signed-in user's change notices and refetches what they touch. The browser
 * holds one stream for all its tabs (live-event-hub.ts); EventSource reconnects by itself.
 */
export function useLiveEvents(onChange?: (topic: string) => void) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeLiveNotices((notice) => {
        for (const key of notice ? (affected[notice.topic] ?? []) : allKeys) {
          void queryClient.invalidateQueries({ queryKey: [key] as QueryKey });
        }
        if (notice) onChange?.(notice.topic);
      }),
    [queryClient, onChange],
  );
}
