import { matchPath } from 'react-router';
import { defaultBrand } from '../../shared/brand';
import { BRAND } from '../lib/brand';
import { ensureNamespace, translate } from '../lib/i18n';
import type { PublicKey } from '../../shared/i18n/keys';
import { lazyPage, type LazyPage } from '../lib/lazy-page';
import { essentialsSlug } from '../../shared/catalog';
import { splitLocalePath } from '../../shared/i18n/locales';

/** The pages with a title and description of their own, in every language (public messages meta.*). */
export type MetaName = {
  [K in PublicKey]: K extends `meta.${infer Name}.title` ? Name : never;
}[PublicKey];

export interface RouteDef {
  path: string;
  page: LazyPage;
  layout: 'public' | 'bare' | 'dashboard';
  /** Its title and description: the messages meta.<name>.title and meta.<name>.description. */
  meta: MetaName;
  /**
   * Concrete paths to prerender at build time; a static path prerenders itself. `live`: a public
   * page the server renders from the database on request (news and help, decision 070), in each
   * language that has it; the build writes only its template.
   */
  prerender?: string[] | false | 'live';
}

const home = lazyPage(() => import('../features/home/components/home-page'));
const auth = lazyPage(() => import('../features/auth/components/auth-page'));
const deploy = lazyPage(() => import('../features/configurator/components/deploy-page'));
const configure = lazyPage(() => import('../features/configurator/components/configurator-page'));
const upgrade = lazyPage(() => import('../features/upgrades/components/upgrade-page'));
const purchaseConfirmed = lazyPage(() => import('../features/upgrades/components/purchase-confirmed-page'), { query: true });
const success = lazyPage(() => import('../features/checkout/components/success-page'), { query: true });
// The dashboard's words come with its code (the `app` messages, in the page's language).
const dashboard = lazyPage(
  () => Promise.all([import('./routes/dashboard-routes'), ensureNamespace('app').catch(() => undefined), ensureNamespace('dashboard').catch(() => undefined), ensureNamespace('upgrades').catch(() => undefined)]).then(([page]) => page),
  { query: true },
);
const notFound = lazyPage(() => import('../features/content/components/not-found-page'));

function content(load: () => Promise<{ default: React.ComponentType }>) {
  return lazyPage(load);
}

/**
 * The news and help pages (decisions 064, 070): their words come with their code (or with the page
 * the server rendered), their text from the API (or embedded in that page).
 */
function articles(load: () => Promise<{ default: React.ComponentType }>) {
  return lazyPage(() => Promise.all([load(), ensureNamespace('content').catch(() => undefined)]).then(([page]) => page));
}

const authMeta = { meta: 'auth' } as const;

export const routes: RouteDef[] = [
  {
    path: '/',
    page: home,
    layout: 'public',
    meta: 'home',
  },
  { path: '/auth', page: auth, layout: 'bare', ...authMeta },
  { path: '/login', page: auth, layout: 'bare', ...authMeta },
  { path: '/signup', page: auth, layout: 'bare', ...authMeta },
  {
    path: '/auth/verify',
    page: lazyPage(() => import('../features/auth/components/verify-email-page'), { query: true }),
    layout: 'bare',
    meta: 'verify',
    prerender: false,
  },
  {
    path: '/auth/confirm-email',
    page: lazyPage(() => import('../features/auth/components/confirm-email-page'), { query: true }),
    layout: 'bare',
    meta: 'confirmEmail',
    prerender: false,
  },
  {
    path: '/auth/reset-password',
    page: lazyPage(() => import('../features/auth/components/reset-password-page')),
    layout: 'bare',
    meta: 'resetPassword',
    prerender: false,
  },
  {
    path: '/auth/accept-invite',
    page: lazyPage(() => import('../features/auth/components/accept-invite-page')),
    layout: 'bare',
    meta: 'acceptInvite',
    prerender: false,
  },
  {
    path: '/deploy',
    page: deploy,
    layout: 'public',
    meta: 'deploy',
  },
  {
    path: '/configure/:game',
    page: configure,
    layout: 'public',
    meta: 'configure',
    prerender: ['/configure/minecraft', '/configure/fivem', '/configure/palworld'],
  },
  {
    path: '/upgrade/:slug',
    page: upgrade,
    layout: 'public',
    meta: 'upgrade',
    prerender: [`/upgrade/${essentialsSlug(defaultBrand.name)}`, '/upgrade/game-expansion-pack', '/upgrade/community-pack'],
  },
  {
    path: '/purchase-confirmed',
    page: purchaseConfirmed,
    layout: 'public',
    meta: 'purchaseConfirmed',
    prerender: false,
  },
  { path: '/success', page: success, layout: 'public', meta: 'success', prerender: false },
  {
    path: '/checkout/:sessionId',
    page: lazyPage(() => import('../features/checkout/components/hosted-checkout-page'), { query: true }),
    layout: 'bare',
    meta: 'checkout',
    prerender: false,
  },
  { path: '/purchase-success', page: success, layout: 'public', meta: 'success', prerender: false },
  { path: '/dashboard/*', page: dashboard, layout: 'bare', meta: 'dashboard', prerender: false },
  {
    path: '/admin/*',
    // The console shares the ticket views with the dashboard, and their words.
    page: lazyPage(() => Promise.all([import('./routes/admin-routes'), ensureNamespace('dashboard').catch(() => undefined)]).then(([page]) => page), { query: true }),
    layout: 'bare',
    meta: 'admin',
    prerender: false,
  },
  {
    path: '/migration',
    page: lazyPage(() => import('./routes/migration-route'), { query: true }),
    layout: 'public',
    meta: 'migration',
    prerender: false,
  },
  {
    path: '/discord',
    page: content(() => import('../features/content/components/discord-page')),
    layout: 'public',
    meta: 'discord',
  },
  {
    path: '/help',
    page: articles(() => import('../features/content/components/help-page')),
    layout: 'public',
    meta: 'help',
    prerender: 'live',
  },
  {
    path: '/help/:slug',
    page: articles(() => import('../features/content/components/help-article-page')),
    layout: 'public',
    meta: 'helpArticle',
    prerender: 'live',
  },
  {
    path: '/support',
    page: lazyPage(() => import('../features/content/components/support-page'), { query: true }),
    layout: 'public',
    meta: 'support',
  },
  {
    path: '/about',
    page: content(() => import('../features/content/components/about-page')),
    layout: 'public',
    meta: 'about',
  },
  {
    path: '/blog',
    page: articles(() => import('../features/content/components/blog-page')),
    layout: 'public',
    meta: 'news',
    prerender: 'live',
  },
  {
    path: '/blog/:slug',
    page: articles(() => import('../features/content/components/blog-post-page')),
    layout: 'public',
    meta: 'newsPost',
    prerender: 'live',
  },
  {
    path: '/affiliate',
    page: lazyPage(() => import('../features/content/components/affiliate-page'), { query: true }),
    layout: 'public',
    meta: 'affiliate',
  },
  {
    path: '/partners',
    page: content(() => import('../features/content/components/partners-page')),
    layout: 'public',
    meta: 'partners',
  },
  {
    path: '/status',
    page: content(() => import('../features/content/components/status-page')),
    layout: 'public',
    meta: 'status',
  },
  {
    path: '/terms',
    page: content(() => import('../features/content/components/terms-page')),
    layout: 'public',
    meta: 'terms',
  },
  {
    path: '/privacy',
    page: content(() => import('../features/content/components/privacy-page')),
    layout: 'public',
    meta: 'privacy',
  },
  {
    path: '/sla',
    page: content(() => import('../features/content/components/sla-page')),
    layout: 'public',
    meta: 'sla',
  },
  {
    path: '/refund',
    page: content(() => import('../features/content/components/refund-page')),
    layout: 'public',
    meta: 'refund',
  },
];

export const notFoundRoute: RouteDef = {
  path: '*',
  page: notFound,
  layout: 'public',
  meta: 'notFound',
};

/** The route of a path; a public page's language prefix (`/de/deploy`) is not part of its route. */
export function findRoute(pathname: string): { route: RouteDef; params: Record<string, string | undefined> } {
  const { locale, path } = splitLocalePath(pathname);
  for (const route of routes) {
    if (locale && route.prerender === false) continue;
    const match = matchPath({ path: route.path, end: true }, path);
    if (match) return { route, params: match.params };
  }
  return { route: notFoundRoute, params: {} };
}

/** The public pages, without a language prefix: the build renders each in every language too. */
export function prerenderPaths(): string[] {
  return routes.flatMap((r) => (r.prerender === false || r.prerender === 'live' ? [] : (r.prerender ?? [r.path])));
}

/** The public pages the server renders from the database (`prerender: 'live'`), as route patterns. */
export function livePaths(): string[] {
  return routes.filter((r) => r.prerender === 'live').map((r) => r.path);
}

/**
 * The routes the server answers with the app shell (the build writes them to dist/client/routes.json):
 * those not prerendered. Every other path the server has no page or route for is a 404.
 */
export function shellRoutePaths(): string[] {
  return routes.filter((r) => r.prerender === false).map((r) => r.path);
}

/** The title and description of a concrete path in the page's language, for the prerender and for client navigation. */
export function metaFor(pathname: string): { title: string; description: string } {
  const { route } = findRoute(pathname);
  return {
    title: translate(`meta.${route.meta}.title`, { brand: BRAND }),
    description: translate(`meta.${route.meta}.description`, { brand: BRAND }),
  };
}
