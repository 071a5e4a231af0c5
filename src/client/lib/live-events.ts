import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';

/** Which cached queries each change notice from GET /api/events makes stale. */
const affected: Record<string, string[]> = {
  servers: ['servers', 'server-status', 'checkout', 'overview'],
  purchases: ['purchases', 'checkout', 'billing', 'overview', 'invoices'],
  orders: ['checkout', 'orders'],
  tickets: ['tickets', 'overview'],
  stats: ['overview'],
  billing: ['billing', 'invoices'],
  affiliate: ['affiliate', 'overview'],
};

/**
 * Subscribes to the signed-in user's change notices and refetches what they touch, the way the
 * original app's live subscriptions did. EventSource reconnects by itself after a drop.
 */
export function useLiveEvents(onChange?: (topic: string) => void) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    function handle(message: MessageEvent<string>) {
      let topic: string;
      try {
        topic = (JSON.parse(message.data) as { topic?: string }).topic ?? '';
      } catch {
        return;
      }
      for (const key of affected[topic] ?? []) {
        void queryClient.invalidateQueries({ queryKey: [key] as QueryKey });
      }
      onChange?.(topic);
    }
    source.addEventListener('change', handle as EventListener);
    return () => {
      source.removeEventListener('change', handle as EventListener);
      source.close();
    };
  }, [queryClient, onChange]);
}
