import { useSyncExternalStore } from 'react';

/** A tiny observable value, for the little state every page shares (session, catalog). */
export interface Store<T> {
  get(): T;
  set(next: T): void;
  subscribe(listener: () => void): () => void;
  /** What React reads while it hydrates: the value when hydration began, or the current one. */
  getServerSnapshot(): T;
}

const stores = new Set<{ hold(): void }>();

/**
 * Fixes what every store answers React while it hydrates the prerendered page: the values they
 * hold now, which are what the prerender rendered. React hydrates the page's Suspense boundaries
 * after the layout around them has committed and run its effects, so the session or catalog can
 * change in between; a boundary that then hydrated with the new value would not match its HTML.
 * Once hydrated, React reads the current value and renders again where it differs.
 */
export function holdStoresForHydration() {
  for (const store of stores) store.hold();
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  let held: { value: T } | undefined;
  const listeners = new Set<() => void>();
  stores.add({
    hold: () => {
      held = { value };
    },
  });
  return {
    get: () => value,
    set(next) {
      value = next;
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getServerSnapshot: () => (held ? held.value : value),
  };
}

export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.getServerSnapshot);
}
