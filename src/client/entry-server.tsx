import type { Messages } from '@lingui/core';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { defaultBrand, type Brand } from '../shared/brand';
import type { Catalog } from '../shared/catalog';
import { splitLocalePath, type Locale } from '../shared/i18n/locales';
import type { RenderedPage } from '../shared/schemas/content';
import { AppRoutes } from './app/app-routes';
import { AppProviders } from './app/providers';
import { findRoute, metaFor, prerenderPaths } from './app/route-table';
import { primeBrand } from './lib/brand';
import { primeCatalog } from './lib/catalog';
import { startI18n } from './lib/i18n';
import { primePageContent } from './lib/page-content';

export { prerenderPaths, metaFor };

/** The language a page is rendered in, and its `public` messages, compiled (shared/i18n/compile.ts). */
export interface PageI18n {
  locale: Locale;
  defaultLocale: Locale;
  messages: Messages;
}

/**
 * Renders one public path to HTML, with the catalog, the messages and the staff-written page
 * (HTML the server rendered from Markdown, decision 056) it embeds for the client, in the shop's
 * brand (decision 059): the build renders with the default one, the server with the saved one.
 */
export async function renderPage(url: string, catalog: Catalog, i18n: PageI18n, content?: RenderedPage, brand: Brand = defaultBrand) {
  primeCatalog(catalog);
  primeBrand(brand);
  if (content) primePageContent(content);
  startI18n({ ...i18n, prefixed: splitLocalePath(url).locale !== undefined, namespace: 'public' });
  await findRoute(url).route.page.preload();
  // React's Suspense and text markers stay in: the browser hydrates this markup (decision 038).
  const html = renderToString(
    <AppProviders>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>,
  );
  return { html, state: JSON.stringify(content ? { catalog, i18n, content, brand } : { catalog, i18n, brand }), meta: metaFor(url) };
}
