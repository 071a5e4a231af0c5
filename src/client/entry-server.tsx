import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './app/app-routes';
import { AppProviders, createQueryClient } from './app/providers';
import { findRoute, metaFor, prerenderPaths } from './app/route-table';
import { catalogQueryKey } from './lib/catalog';
import type { Catalog } from '../shared/catalog';

export { prerenderPaths, metaFor };

/** Renders one public path to HTML at build time, with the catalog already in the cache. */
export async function renderPage(url: string, catalog: Catalog) {
  const queryClient: QueryClient = createQueryClient();
  queryClient.setQueryData(catalogQueryKey, catalog);
  await findRoute(url).route.page.preload();
  const html = renderToString(
    <AppProviders queryClient={queryClient}>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>,
  );
  return { html, state: JSON.stringify(dehydrate(queryClient)), meta: metaFor(url) };
}
