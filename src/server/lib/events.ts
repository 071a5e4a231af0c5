/** What changed for a user; the client refetches the matching queries. */
export type ChangeTopic = 'servers' | 'purchases' | 'orders' | 'tickets' | 'stats' | 'billing' | 'affiliate';

export interface ChangeEvent {
  topic: ChangeTopic;
  /** The id of the row that changed, when there is one. */
  id?: string;
}

/**
 * Change notices per user, for GET /api/events. In-process by default; with PostgreSQL the
 * notices travel between app instances through LISTEN/NOTIFY.
 */
export interface EventBus {
  publish(userId: string, event: ChangeEvent): void;
  subscribe(userId: string, listener: (event: ChangeEvent) => void): () => void;
  /** Resolves once notices from other instances arrive (the LISTEN is in place); at once in-process. */
  ready?(): Promise<void>;
  close(): Promise<void>;
}

export function createInProcessBus(): EventBus {
  const listeners = new Map<string, Set<(event: ChangeEvent) => void>>();
  return {
    publish(userId, event) {
      for (const l of listeners.get(userId) ?? []) l(event);
    },
    subscribe(userId, listener) {
      let set = listeners.get(userId);
      if (!set) listeners.set(userId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
    async close() {
      listeners.clear();
    },
  };
}
