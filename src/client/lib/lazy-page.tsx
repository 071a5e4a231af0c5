import { lazy, type ComponentType } from 'react';

export type PageModule = { default: ComponentType };
export type LazyPage = ComponentType & { preload(): Promise<void> };

/**
 * A route component split into its own chunk. Once preloaded it renders at once, with no
 * Suspense fallback, so the first paint after the prerendered HTML does not flash.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let Loaded: ComponentType | undefined;
  const Lazy = lazy(async () => {
    const mod = await load();
    Loaded = mod.default;
    return mod;
  });
  function Page() {
    return Loaded ? <Loaded /> : <Lazy />;
  }
  Page.preload = async () => {
    Loaded = (await load()).default;
  };
  return Page;
}
