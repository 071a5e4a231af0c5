import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { Catalog } from '../shared/catalog';
import { AppRoutes } from './app/app-routes';
import { AppProviders } from './app/providers';
import { findRoute, metaFor, prerenderPaths } from './app/route-table';
import { primeCatalog } from './lib/catalog';

export { prerenderPaths, metaFor };

/**
 * React's server renderer marks Suspense boundaries (`<!--$-->` … `<!--/$-->`) and splits adjacent
 * text with `<!-- -->` for its own hydration. The browser renders with Preact over the markup
 * (decision 020), which reuses the page's elements where they stand; with the markers left in,
 * it moved every element that followed one (the whole page, so the browser styled and laid it
 * out again) and dropped the comments. Without them, the first render changes nothing in place.
 */
export function withoutReactMarkers(html: string): string {
  return html.replace(/<!--(?:\$|\/\$|\$\?|\$!| )-->/g, '');
}

/** Renders one public path to HTML at build time, with the catalog it embeds for the client. */
export async function renderPage(url: string, catalog: Catalog) {
  primeCatalog(catalog);
  await findRoute(url).route.page.preload();
  const html = withoutReactMarkers(renderToString(
    <AppProviders>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>,
  ));
  return { html, state: JSON.stringify({ catalog }), meta: metaFor(url) };
}
