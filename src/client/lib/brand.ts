import { brandStyleVars, defaultBrand, type Brand } from '../../shared/brand';
import { createStore, useStore } from './store';

/*
 * The shop's brand as staff set it in Settings → Brand, at run time (decision 059). The server
 * puts it in the page's state (prerendered pages and the app shell alike), so the first render
 * already shows it; the page then asks /api/brand, as a save may be newer than the HTML.
 */

const store = createStore<Brand>(defaultBrand);

/** The shop's name as last primed: read it while rendering, never at a module's top level. */
export let BRAND: string = defaultBrand.name;

/**
 * Stands for the shop's name in texts written once at start-up (the route table's titles);
 * `withBrand` puts the current name in when they are shown.
 */
export const BRAND_TOKEN = '{brand}';

export function withBrand(text: string): string {
  return text.replaceAll(BRAND_TOKEN, BRAND);
}

let inflight: Promise<void> | undefined;

/** The brand a page was rendered with (its state), or one the console has just saved. */
export function primeBrand(brand: Brand) {
  BRAND = brand.name;
  store.set(brand);
  if (typeof document !== 'undefined') applyToDocument(brand);
}

export function currentBrand(): Brand {
  return store.get();
}

/** What the server's HTML carries (src/server/features/brand/brand-html.ts), kept in step after a change. */
function applyToDocument(brand: Brand) {
  const root = document.documentElement.style;
  for (const [name, value] of Object.entries(brandStyleVars(brand.primaryColor))) root.setProperty(name, value);
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (icon) {
    const href = brand.favicon ?? '/favicon.svg';
    if (icon.getAttribute('href') !== href) {
      icon.href = href;
      if (brand.favicon) icon.removeAttribute('type');
      else icon.type = 'image/svg+xml';
    }
  }
}

function sameBrand(a: Brand, b: Brand) {
  return JSON.stringify({ ...a, socials: Object.entries(a.socials).sort() }) === JSON.stringify({ ...b, socials: Object.entries(b.socials).sort() });
}

function refresh() {
  inflight ??= fetch('/api/brand', { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) return;
      const { brand } = (await response.json()) as { brand: Brand };
      if (!sameBrand(store.get(), brand)) primeBrand(brand);
    })
    .catch(() => undefined)
    .finally(() => {
      inflight = undefined;
    });
  return inflight;
}

/** The brand; the page keeps it current (watchBrand). */
export function useBrand(): Brand {
  return useStore(store);
}

/**
 * Asks /api/brand once the page runs, and again whenever the tab comes back into view, so a tab
 * left open follows a save too (main.tsx calls it once, after the first render).
 */
export function watchBrand() {
  void refresh();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void refresh();
  });
}
