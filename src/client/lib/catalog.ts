import { useEffect } from 'react';
import type { Catalog } from '../../shared/catalog';
import { api } from './api-client';
import { createStore, useStore } from './store';

interface CatalogState {
  data: Catalog | undefined;
  isError: boolean;
  /** true once this page has fetched the live catalog (the prerendered one may be older) */
  fresh: boolean;
}

const store = createStore<CatalogState>({ data: undefined, isError: false, fresh: false });
let inflight: Promise<void> | undefined;

/** Seeds the catalog the page was prerendered with, so prices show before any request. */
export function primeCatalog(catalog: Catalog) {
  store.set({ data: catalog, isError: false, fresh: false });
}

function refresh() {
  inflight ??= api<Catalog>('/catalog')
    .then((data) => store.set({ data, isError: false, fresh: true }))
    .catch(() => store.set({ ...store.get(), isError: store.get().data === undefined, fresh: true }))
    .finally(() => {
      inflight = undefined;
    });
  return inflight;
}

/** The catalog from the API; every price on screen comes from here. */
export function useCatalog() {
  const state = useStore(store);
  useEffect(() => {
    if (!state.fresh) void refresh();
  }, [state.fresh]);
  return { data: state.data, isError: state.isError };
}
