import './lib/zod-config';
import type { Messages } from '@lingui/core';
import type { Brand } from '../shared/brand';
import type { Catalog } from '../shared/catalog';
import { baseLocale, isLocale, splitLocalePath, type Locale } from '../shared/i18n/locales';
import type { RenderedPage } from '../shared/schemas/content';
import { mountApp } from './app/mount-app';
import { findRoute } from './app/route-table';
import { primeBrand, watchBrand } from './lib/brand';
import { primeCatalog } from './lib/catalog';
import { primePageContent, primePageData } from './lib/page-content';
import { primeUnpublishedPaths } from './lib/unpublished-pages';
import { isNamespace, type Namespace } from '../shared/i18n/keys';
import { afterPaint } from './lib/after-paint';
import { ensureNamespace, startI18n } from './lib/i18n';

interface PageState {
  catalog?: Catalog;
  /** The page's language; a prerendered page brings its `public` messages, the app shell fetches them. */
  i18n?: { locale?: Locale; defaultLocale?: Locale; messages?: Messages; namespaces?: Namespace[] };
  /** The staff-written page (decision 056), as HTML the server rendered. */
  content?: RenderedPage;
  /** The shop's brand when the server wrote the page (decision 059). */
  brand?: Brand;
  /** The API answers a news or help page was rendered with (decision 070). */
  data?: Record<string, unknown>;
  /** Pages not published, whose links the footer leaves out; a prerendered page always says. */
  unpublished?: string[];
}

/**
 * A visit through a referral link (any page with ?ref=CODE) counts a click and sets the 90-day
 * attribution cookie, once per page load. Fire and forget: the answer is always 204.
 */
function recordReferralVisit() {
  const code = new URLSearchParams(window.location.search).get('ref');
  if (!code) return;
  void fetch(`/api/affiliate/click?code=${encodeURIComponent(code)}`, { credentials: 'same-origin' }).catch(() => undefined);
}

/**
 * A prerendered page paints with its own rules inline and only preloads the full stylesheet
 * (scripts/critical-css.ts). Apply it before the client draws what those rules may lack. Once it
 * applies, the inline rules go in the same task: the full stylesheet repeats them, and with both
 * in place every restyle matched each element's rules twice.
 */
function applyStylesheets(): Promise<unknown> {
  const preloads = [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')];
  return Promise.all(
    preloads.map(
      (preload) =>
        new Promise<boolean>((resolve) => {
          const link = document.createElement('link');
          link.rel = 'stylesheet';
          if (preload.crossOrigin !== null) link.crossOrigin = preload.crossOrigin;
          link.onload = () => resolve(true);
          link.onerror = () => resolve(false);
          link.href = preload.href;
          preload.after(link);
        }),
    ),
  ).then((loaded) => {
    if (loaded.length > 0 && loaded.every(Boolean)) {
      for (const critical of document.querySelectorAll('style[data-critical]')) critical.remove();
    }
  });
}

async function start() {
  recordReferralVisit();
  const stateElement = document.getElementById('sp-state');
  const state = (stateElement?.textContent ? JSON.parse(stateElement.textContent) : {}) as PageState;
  // The prerendered catalog shows at once; the page refetches it, as the database may be newer.
  if (state.catalog) primeCatalog(state.catalog);
  if (state.brand) primeBrand(state.brand);
  if (state.content) primePageContent(state.content);
  if (state.data) primePageData(state.data);
  if (state.catalog) primeUnpublishedPaths(state.unpublished ?? []);
  const locale = isLocale(state.i18n?.locale) ? state.i18n.locale : baseLocale;
  startI18n({
    locale,
    defaultLocale: isLocale(state.i18n?.defaultLocale) ? state.i18n.defaultLocale : baseLocale,
    prefixed: splitLocalePath(window.location.pathname).locale !== undefined,
    namespace: 'public',
    messages: state.i18n?.messages,
    namespaces: state.i18n?.namespaces?.filter(isNamespace),
  });
  // Load the current page's chunk first: hydration then finds the page's code ready and keeps the
  // prerendered HTML, instead of suspending on it. The app shell fetches its messages meanwhile.
  await Promise.all([
    findRoute(window.location.pathname).route.page.preload().catch(() => undefined),
    applyStylesheets(),
    ensureNamespace('public').catch(() => undefined),
  ]);
  // The full stylesheet is applied in a frame of its own, before the render's task.
  await afterPaint();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  mountApp(container);
  // A brand saved since the server wrote this page shows once the page has hydrated (decision 059).
  void afterPaint().then(watchBrand);
}

void start();
