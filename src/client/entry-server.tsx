import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { Catalog } from '../shared/catalog';
import { AppRoutes } from './app/app-routes';
import { AppProviders } from './app/providers';
import { findRoute, metaFor, prerenderPaths } from './app/route-table';
import { primeCatalog } from './lib/catalog';

export { prerenderPaths, metaFor };

/** Renders one public path to HTML at build time, with the catalog it embeds for the client. */
export async function renderPage(url: string, catalog: Catalog) {
  primeCatalog(catalog);
  await findRoute(url).route.page.preload();
  // React's Suspense and text markers stay in: the browser hydrates this markup (decision 038).
  const html = renderToString(
    <AppProviders>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>,
  );
  return { html, state: JSON.stringify({ catalog }), meta: metaFor(url) };
}
