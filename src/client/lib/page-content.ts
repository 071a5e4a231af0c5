import { useEffect } from 'react';
import { defaultContentLanguage, type ContentSlug } from '../../shared/content-pages';
import type { RenderedPage } from '../../shared/schemas/content';
import { api, ApiError } from './api-client';
import { createStore, useStore } from './store';

/*
 * The pages staff write in Markdown, as HTML the server rendered. A prerendered page embeds its
 * own; a page reached by navigating in the app fetches it. No Markdown parser ships to browsers.
 */
interface PageContentState {
  pages: Partial<Record<ContentSlug, RenderedPage>>;
  /** Pages the server answered 404 for: not published yet. */
  missing: Partial<Record<ContentSlug, true>>;
  failed: Partial<Record<ContentSlug, true>>;
}

const store = createStore<PageContentState>({ pages: {}, missing: {}, failed: {} });
const inflight = new Map<ContentSlug, Promise<void>>();

/** Seeds the page the HTML was rendered with, so its text shows before any request. */
export function primePageContent(page: RenderedPage) {
  const state = store.get();
  store.set({ ...state, pages: { ...state.pages, [page.slug]: page } });
}

function load(slug: ContentSlug) {
  if (inflight.has(slug)) return;
  const lang = typeof document === 'undefined' ? defaultContentLanguage : document.documentElement.lang || defaultContentLanguage;
  const request = api<RenderedPage>(`/content/pages/${slug}?lang=${encodeURIComponent(lang)}`)
    .then(primePageContent)
    .catch((error: unknown) => {
      const state = store.get();
      const key = error instanceof ApiError && error.status === 404 ? 'missing' : 'failed';
      store.set({ ...state, [key]: { ...state[key], [slug]: true } });
    })
    .finally(() => inflight.delete(slug));
  inflight.set(slug, request);
}

/** The page `slug` as the public site shows it; fetched when the HTML did not carry it. */
export function usePageContent(slug: ContentSlug) {
  const state = useStore(store);
  const page = state.pages[slug];
  useEffect(() => {
    if (!page) load(slug);
  }, [page, slug]);
  return { page, missing: Boolean(state.missing[slug]), failed: Boolean(state.failed[slug]) };
}

/*
 * The API answers a page rendered by the server was rendered with (news and help, decision 070),
 * by the address the page would fetch them from (`/help?lang=de`), so its first render in the
 * browser shows the same text and asks for nothing.
 */
const pageData = new Map<string, unknown>();

/** Seeds the answers the HTML was rendered with; the server's renderer starts each page afresh. */
export function primePageData(data: Record<string, unknown>, replace = false) {
  if (replace) pageData.clear();
  for (const [key, value] of Object.entries(data)) pageData.set(key, value);
}

/** The answer the page was rendered with for `key`, if it was. */
export function primedPageData(key: string): unknown {
  return pageData.get(key);
}
