import { lazy, useEffect, type ComponentType } from 'react';

export type PageModule = { default: ComponentType };
export type LazyPage = ComponentType & { preload(): Promise<void> };

/**
 * A route component split into its own chunk. Once preloaded it renders at once, with no
 * Suspense fallback, so the first paint after the prerendered HTML does not flash.
 * With `query`, the page is wrapped in the query cache's provider, which loads with it.
 */
export function lazyPage(load: () => Promise<PageModule>, options: { query?: boolean } = {}): LazyPage {
  let Loaded: ComponentType | undefined;
  let pending: Promise<PageModule> | undefined;
  function resolve(): Promise<PageModule> {
    pending ??= (async () => {
      if (!options.query) return load();
      const [page, query] = await Promise.all([load(), import('./query-client')]);
      return { default: query.withQueryClient(page.default) };
    })().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  }
  const Lazy = lazy(async () => {
    const mod = await resolve();
    Loaded = mod.default;
    return mod;
  });
  function Page() {
    useEffect(() => {
      // Marks the moment the client has taken over the page (browser tests and the bench wait for
      // it). Not earlier: React hydrates the page's Suspense boundary after the layout around it.
      document.documentElement.dataset.ready = 'true';
    }, []);
    return Loaded ? <Loaded /> : <Lazy />;
  }
  Page.preload = async () => {
    Loaded = (await resolve()).default;
  };
  return Page;
}
