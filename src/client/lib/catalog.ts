import { useEffect } from 'react';
import type { Catalog } from '../../shared/catalog';
import { api } from './api-client';
import { currentLocale } from './i18n';
import { currentShopCurrency, setCatalogCurrency, setShopCurrency } from './money';
import { createStore, useStore } from './store';

interface CatalogState {
  data: Catalog | undefined;
  isError: boolean;
}

const store = createStore<CatalogState>({ data: undefined, isError: false });
/** true once this page has fetched the live catalog (the prerendered one may be older) */
let fresh = false;
let inflight: Promise<void> | undefined;

/** Seeds the catalog the page was prerendered with, so prices show before any request. */
export function primeCatalog(catalog: Catalog) {
  fresh = false;
  applyCurrencies(catalog);
  store.set({ data: catalog, isError: false });
}

/** The shop's currency is the first offered one; the catalog is priced in the visitor's (decision 063). */
function applyCurrencies(catalog: Catalog) {
  setShopCurrency(catalog.currencies?.[0] ?? catalog.currency);
  setCatalogCurrency(catalog.currency);
}

/** Deep equality of two JSON values, whatever the order of their keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  if (aKeys.length !== Object.keys(b).length) return false;
  return aKeys.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** The catalog's texts in the page's language (decision 077), whatever the browser asks for. */
function catalogPath(currency?: string): string {
  const lang = `lang=${encodeURIComponent(currentLocale())}`;
  return currency ? `/catalog?currency=${encodeURIComponent(currency)}&${lang}` : `/catalog?${lang}`;
}

function refresh(currency?: string) {
  inflight ??= api<Catalog>(catalogPath(currency))
    .then((data) => {
      fresh = true;
      applyCurrencies(data);
      const current = store.get();
      // Usually the live catalog is the one the page was prerendered with: keeping it spares the
      // whole page a second render while it starts.
      if (!current.isError && sameJson(current.data, data)) return;
      store.set({ data, isError: false });
    })
    .catch(() => {
      fresh = true;
      store.set({ ...store.get(), isError: store.get().data === undefined });
    })
    .finally(() => {
      inflight = undefined;
    });
  return inflight;
}

/** The catalog from the API; every price on screen comes from here. */
export function useCatalog() {
  const state = useStore(store);
  useEffect(() => {
    if (!fresh) void refresh();
  }, []);
  return { data: state.data, isError: state.isError };
}

/**
 * The shop's own currency (the first one offered), whatever the visitor picked in the header: staff
 * figures, balances and fixed coupon amounts are in it. Until the catalog arrives, the last one known.
 */
export function useShopCurrency(): string {
  const { data } = useCatalog();
  return data?.currencies?.[0] ?? data?.currency ?? currentShopCurrency();
}

/**
 * The header's currency picker: remembers the choice (a cookie, and the account's preference when
 * signed in), then prices the page's catalog in it at once, without a reload.
 */
export async function chooseCurrency(currency: string): Promise<void> {
  await api('/currency', { method: 'PUT', body: { currency } });
  await inflight;
  await refresh(currency);
}
