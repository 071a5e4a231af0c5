import type { Messages } from '@lingui/core';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { defaultBrand, type Brand } from '../shared/brand';
import type { Catalog } from '../shared/catalog';
import { splitLocalePath, type Locale } from '../shared/i18n/locales';
import type { Namespace } from '../shared/i18n/keys';
import type { RenderedPage } from '../shared/schemas/content';
import { AppRoutes } from './app/app-routes';
import { AppProviders } from './app/providers';
import { findRoute, livePaths, metaFor, prerenderPaths } from './app/route-table';
import { primeBrand } from './lib/brand';
import { primeCatalog } from './lib/catalog';
import { startI18n } from './lib/i18n';
import { primePageContent, primePageData } from './lib/page-content';
import { primeUnpublishedPaths } from './lib/unpublished-pages';

export { prerenderPaths, livePaths, metaFor };

/** The language a page is rendered in, and its `public` messages, compiled (shared/i18n/compile.ts). */
export interface PageI18n {
  locale: Locale;
  defaultLocale: Locale;
  messages: Messages;
  /** The namespaces `messages` holds; `public` when not said (news and help bring `content` too). */
  namespaces?: Namespace[];
}

/** What else a page the server renders brings along (decision 070). */
export interface PageExtras {
  /** The API answers the page shows, by the address it would fetch them from (`/help?lang=de`). */
  data?: Record<string, unknown>;
  /** The public paths of pages not published: the footer does not link to them. */
  unpublished?: string[];
}

/**
 * Renders one public path to HTML, with the catalog, the messages and the staff-written page
 * (HTML the server rendered from Markdown, decision 056) it embeds for the client, in the shop's
 * brand (decision 059): the build renders with the default one, the server with the saved one.
 */
export async function renderPage(url: string, catalog: Catalog, i18n: PageI18n, content?: RenderedPage, brand: Brand = defaultBrand, extras: PageExtras = {}) {
  primeCatalog(catalog);
  primeBrand(brand);
  if (content) primePageContent(content);
  // Each render starts afresh: one module renders every page, one at a time.
  primePageData(extras.data ?? {}, true);
  primeUnpublishedPaths(extras.unpublished ?? []);
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
  const state = { catalog, i18n, ...(content && { content }), brand, ...(extras.data && { data: extras.data }), ...(extras.unpublished?.length && { unpublished: extras.unpublished }) };
  return { html, state: JSON.stringify(state), meta: metaFor(url) };
}
