import { matchPath } from 'react-router';
import { defaultBrand } from '../../shared/brand';
// Titles are written once; the shop's current name goes in when one is shown (metaFor).
import { BRAND_TOKEN as BRAND, withBrand } from '../lib/brand';
import { ensureNamespace } from '../lib/i18n';
import { lazyPage, type LazyPage } from '../lib/lazy-page';
import { essentialsSlug } from '../../shared/catalog';
import { splitLocalePath } from '../../shared/i18n/locales';

export interface RouteDef {
  path: string;
  page: LazyPage;
  layout: 'public' | 'bare' | 'dashboard';
  title: string;
  description: string;
  /** Concrete paths to prerender at build time; a static path prerenders itself. */
  prerender?: string[] | false;
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

/** The news and help pages (decision 064): their words come with their code, their text from the API. */
function articles(load: () => Promise<{ default: React.ComponentType }>) {
  return lazyPage(() => Promise.all([load(), ensureNamespace('content').catch(() => undefined)]).then(([page]) => page));
}

const authMeta = {
  title: `Sign in or create your account | ${BRAND}`,
  description: `Sign in to manage your game servers, or create a ${BRAND} account in under a minute.`,
};

export const routes: RouteDef[] = [
  {
    path: '/',
    page: home,
    layout: 'public',
    title: `${BRAND} | Minecraft, FiveM and Palworld server hosting`,
    description: `Deploy a Minecraft, FiveM or Palworld server in seconds on premium hardware, with DDoS protection and 24/7 support.`,
  },
  { path: '/auth', page: auth, layout: 'bare', ...authMeta },
  { path: '/login', page: auth, layout: 'bare', ...authMeta },
  { path: '/signup', page: auth, layout: 'bare', ...authMeta },
  {
    path: '/auth/verify',
    page: lazyPage(() => import('../features/auth/components/verify-email-page'), { query: true }),
    layout: 'bare',
    title: `Verify your email | ${BRAND}`,
    description: 'Confirm your email address.',
    prerender: false,
  },
  {
    path: '/auth/confirm-email',
    page: lazyPage(() => import('../features/auth/components/confirm-email-page'), { query: true }),
    layout: 'bare',
    title: `Confirm your new email | ${BRAND}`,
    description: 'Confirm your new email address.',
    prerender: false,
  },
  {
    path: '/auth/reset-password',
    page: lazyPage(() => import('../features/auth/components/reset-password-page')),
    layout: 'bare',
    title: `Choose a new password | ${BRAND}`,
    description: 'Set a new password for your account.',
    prerender: false,
  },
  {
    path: '/auth/accept-invite',
    page: lazyPage(() => import('../features/auth/components/accept-invite-page')),
    layout: 'bare',
    title: `Join the team | ${BRAND}`,
    description: 'Accept your invitation to the staff console and choose a password.',
    prerender: false,
  },
  {
    path: '/deploy',
    page: deploy,
    layout: 'public',
    title: `Deploy a game server | ${BRAND}`,
    description: 'Pick Minecraft, FiveM or Palworld and configure your server: plan, location, billing period and add-ons.',
  },
  {
    path: '/configure/:game',
    page: configure,
    layout: 'public',
    title: `Configure your server | ${BRAND}`,
    description: 'Choose a plan, location, billing period and add-ons, and see the exact price before you pay.',
    prerender: ['/configure/minecraft', '/configure/fivem', '/configure/palworld'],
  },
  {
    path: '/upgrade/:slug',
    page: upgrade,
    layout: 'public',
    title: `Upgrade packs | ${BRAND}`,
    description: 'Set-up help from our team, migrations from another host and priority support, by the month.',
    prerender: [`/upgrade/${essentialsSlug(defaultBrand.name)}`, '/upgrade/game-expansion-pack', '/upgrade/community-pack'],
  },
  {
    path: '/purchase-confirmed',
    page: purchaseConfirmed,
    layout: 'public',
    title: `Purchase confirmed | ${BRAND}`,
    description: 'Your upgrade pack order is confirmed.',
    prerender: false,
  },
  { path: '/success', page: success, layout: 'public', title: `Payment received | ${BRAND}`, description: 'Your server is being set up.', prerender: false },
  {
    path: '/checkout/:sessionId',
    page: lazyPage(() => import('../features/checkout/components/hosted-checkout-page'), { query: true }),
    layout: 'bare',
    title: `Checkout | ${BRAND}`,
    description: 'Pay securely by card.',
    prerender: false,
  },
  { path: '/purchase-success', page: success, layout: 'public', title: `Payment received | ${BRAND}`, description: 'Your server is being set up.', prerender: false },
  { path: '/dashboard/*', page: dashboard, layout: 'bare', title: `Dashboard | ${BRAND}`, description: 'Manage your servers, billing, tickets and referrals.', prerender: false },
  {
    path: '/admin/*',
    // The console shares the ticket views with the dashboard, and their words.
    page: lazyPage(() => Promise.all([import('./routes/admin-routes'), ensureNamespace('dashboard').catch(() => undefined)]).then(([page]) => page), { query: true }),
    layout: 'bare',
    title: `Staff console | ${BRAND}`,
    description: 'Support tickets and operations for staff.',
    prerender: false,
  },
  {
    path: '/migration',
    page: lazyPage(() => import('./routes/migration-route'), { query: true }),
    layout: 'public',
    title: `Data migration | ${BRAND}`,
    description: 'Import users and nodes from the game panel.',
    prerender: false,
  },
  {
    path: '/discord',
    page: content(() => import('../features/content/components/discord-page')),
    layout: 'public',
    title: `Community Discord | ${BRAND}`,
    description: `Join the ${BRAND} Discord: help from other server owners, events, giveaways and first news of new features.`,
  },
  {
    path: '/help',
    page: articles(() => import('../features/content/components/help-page')),
    layout: 'public',
    title: `Help centre | ${BRAND}`,
    description: 'Answers about plans, setup, mods, billing, refunds and support, searchable in one place.',
    prerender: false,
  },
  {
    path: '/help/:slug',
    page: articles(() => import('../features/content/components/help-article-page')),
    layout: 'public',
    title: `Help centre | ${BRAND}`,
    description: 'An answer from our help centre.',
    prerender: false,
  },
  {
    path: '/support',
    page: lazyPage(() => import('../features/content/components/support-page'), { query: true }),
    layout: 'public',
    title: `Support centre | ${BRAND}`,
    description: 'Get help from a real person: contact form, response times and answers to common questions.',
  },
  {
    path: '/about',
    page: content(() => import('../features/content/components/about-page')),
    layout: 'public',
    title: `About us | ${BRAND}`,
    description: `Who runs ${BRAND}, why we host game servers, and what we promise the people who rent them.`,
  },
  {
    path: '/blog',
    page: articles(() => import('../features/content/components/blog-page')),
    layout: 'public',
    title: `News | ${BRAND}`,
    description: 'Announcements, guides and updates for game server owners.',
    prerender: false,
  },
  {
    path: '/blog/:slug',
    page: articles(() => import('../features/content/components/blog-post-page')),
    layout: 'public',
    title: `News | ${BRAND}`,
    description: 'News and guides for game server owners.',
    prerender: false,
  },
  {
    path: '/affiliate',
    page: lazyPage(() => import('../features/content/components/affiliate-page'), { query: true }),
    layout: 'public',
    title: `Affiliate programme | ${BRAND}`,
    description: 'Earn 25% commission on every payment from the customers you refer, with a 90-day cookie.',
  },
  {
    path: '/partners',
    page: content(() => import('../features/content/components/partners-page')),
    layout: 'public',
    title: `Creator & partner programme | ${BRAND}`,
    description: 'Creators, roleplay communities and Discord admins: partner with us for servers, perks and reach.',
  },
  {
    path: '/status',
    page: content(() => import('../features/content/components/status-page')),
    layout: 'public',
    title: `System status | ${BRAND}`,
    description: 'The state of our website, game panel, payments and server set-up, measured by our own checks, and recent incidents.',
  },
  {
    path: '/terms',
    page: content(() => import('../features/content/components/terms-page')),
    layout: 'public',
    title: `Terms of Service | ${BRAND}`,
    description: `The terms that apply when you rent a game server from ${BRAND}.`,
  },
  {
    path: '/privacy',
    page: content(() => import('../features/content/components/privacy-page')),
    layout: 'public',
    title: `Privacy Policy | ${BRAND}`,
    description: 'What data we collect, why, how long we keep it and the rights you have over it.',
  },
  {
    path: '/sla',
    page: content(() => import('../features/content/components/sla-page')),
    layout: 'public',
    title: `Service Level Agreement | ${BRAND}`,
    description: 'Our uptime guarantees per tier and the service credits you get when we miss them.',
  },
  {
    path: '/refund',
    page: content(() => import('../features/content/components/refund-page')),
    layout: 'public',
    title: `Refund Policy | ${BRAND}`,
    description: 'Our 48-hour money-back guarantee and how refunds work.',
  },
];

export const notFoundRoute: RouteDef = {
  path: '*',
  page: notFound,
  layout: 'public',
  title: `Page not found | ${BRAND}`,
  description: 'The page you were looking for does not exist.',
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
  return routes.flatMap((r) => (r.prerender === false ? [] : (r.prerender ?? [r.path])));
}

/**
 * The routes the server answers with the app shell (the build writes them to dist/client/routes.json):
 * those not prerendered. Every other path the server has no page or route for is a 404.
 */
export function shellRoutePaths(): string[] {
  return routes.filter((r) => r.prerender === false).map((r) => r.path);
}

/** The title and description of a concrete path, for the prerender and for client navigation. */
export function metaFor(pathname: string): { title: string; description: string } {
  const { route } = findRoute(pathname);
  return { title: withBrand(route.title), description: withBrand(route.description) };
}
