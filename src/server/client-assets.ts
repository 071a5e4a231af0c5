import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { chooseLocale, localeCookie, localizePath, locales, splitLocalePath, type Locale } from '../shared/i18n/locales';
import { clientRouteMatcher, clientRoutesFile, clientRoutesSchema, liveTemplatesFile, originPlaceholder } from '../shared/routes';
import { contentPagePaths, contentSlugs } from '../shared/schemas/content';
import type { Brand } from '../shared/brand';
import { defaultBrand } from '../shared/brand';
import { essentialsSlug } from '../shared/catalog';
import { shellMeta, withBrandHead } from './features/brand';
import { articlePageRoutes, type ArticlePageRoute, type ArticlePages, type ContentCache } from './features/content';
import type { CatalogService } from './features/catalog/catalog.service';
import { createLivePages, type LivePagesI18n } from './features/catalog/public-pages';
import { precompressedBody } from './lib/compression';


export interface ClientOptions {
  catalog?: Pick<CatalogService, 'current'>;
  /** Staff's wording and the default language (features/i18n); without it, the build's English. */
  i18n?: LivePagesI18n;
  /** The address customers use (PUBLIC_URL), for the hreflang links. */
  origin?: string;
  /** The pages staff write (features/content), rendered into their public pages. */
  content?: Pick<ContentCache, 'page'>;
  /** The shop's brand now (features/brand): every page and the app shell carry it, within its cache's second. */
  brand?: () => Promise<Brand>;
  /** The news and help pages as the published articles make them (features/content, decision 070). */
  articles?: Pick<ArticlePages, 'resolve'>;
  /** The public paths of pages not published: the pages' footers leave them out (decision 070). */
  unpublished?: () => Promise<string[]>;
}

const HTML_CACHE = 'no-cache';
const HASHED_CACHE = 'public, max-age=31536000, immutable';
/** Files at fixed names (the icon): kept a day, as their content can change under the same name. */
const PLAIN_CACHE = 'public, max-age=86400';

/**
 * Serves the built client: hashed assets from dist/client, the prerendered public pages from
 * dist/pages, and the app shell for the client routes the build listed in dist/client/routes.json
 * (generated from the client's route table). Other paths get the 404 page.
 * Files come in the best encoding the request accepts: the build wrote a `.br` and a `.gz` beside
 * each (scripts/precompress.ts), and the pages are compressed once in memory. Given the catalog,
 * the pages follow it: rendered again once staff save a new version (features/catalog/public-pages.ts).
 */
export async function registerClient(app: FastifyInstance, clientDir: string, options: ClientOptions = {}) {
  const { catalog, i18n } = options;
  const origin = (options.origin ?? '').replace(/\/+$/, '');
  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    wildcard: false,
    preCompressed: true,
    // Build metadata for the server, not a file for browsers.
    allowedPath: (pathname) => !pathname.startsWith(`/${clientRoutesFile}`),
    setHeaders(reply, file) {
      if (file.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', HASHED_CACHE);
      else if (/\.html(\.br|\.gz)?$/.test(file)) reply.header('cache-control', HTML_CACHE);
      else reply.header('cache-control', PLAIN_CACHE);
    },
  });

  const shellHtml = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  let shells = new Map<string, ReturnType<typeof precompressedBody>>();
  let shellBrand = '';
  const brandNow = async () => (options.brand ? await options.brand() : defaultBrand);
  /**
   * The app shell in a language and the shop's brand: `<html lang>`, the head's title, icon and
   * colour, and the state that tells the client which messages to fetch and what the brand is.
   */
  const shellIn = (locale: Locale, defaultLocale: Locale, brand: Brand) => {
    const brandKey = JSON.stringify(brand);
    if (brandKey !== shellBrand) {
      shells = new Map();
      shellBrand = brandKey;
    }
    const id = `${locale}|${defaultLocale}`;
    let body = shells.get(id);
    if (!body) {
      const state = JSON.stringify({ i18n: { locale, defaultLocale }, brand }).replaceAll('<', '\\u003c');
      body = precompressedBody(
        withBrandHead(shellHtml, brand, shellMeta(brand))
          .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
          .replace('<!--sp-state-->', `<script type="application/json" id="sp-state">${state}</script>`),
      );
      shells.set(id, body);
    }
    return body;
  };
  const language = async () => (i18n ? await i18n.current() : { version: 'base', defaultLocale: 'en' as Locale });
  /** The visitor's language: the picker's or account's choice (cookie), the browser's, the shop's. */
  const visitorLocale = (request: FastifyRequest, defaultLocale: Locale) =>
    chooseLocale({ cookie: request.cookies?.[localeCookie], acceptLanguage: request.headers['accept-language'], fallback: defaultLocale });
  const isShellRoute = clientRouteMatcher(readShellRoutes(clientDir));
  const pagesDir = path.resolve(clientDir, '..', 'pages');
  const manifestFile = path.join(pagesDir, 'manifest.json');
  const pages = new Map<string, ReturnType<typeof precompressedBody>>();
  const html = new Map<string, string>();
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, string>;
    for (const [route, file] of Object.entries(manifest)) {
      html.set(route, readFileSync(path.join(pagesDir, file), 'utf8').replaceAll(originPlaceholder, origin));
      pages.set(route, precompressedBody(html.get(route)!));
    }
  }
  if (catalog) await essentialsAt(catalog, html, pages, app.log);
  const notFoundPage = pages.get('/404') ?? shellIn('en', 'en', defaultBrand);
  const live =
    catalog &&
    createLivePages({
      catalog,
      i18n,
      content: options.content && contentForRoute(options.content, language),
      brand: options.brand,
      unpublished: options.unpublished,
      built: html,
      ssrEntry: path.resolve(clientDir, '..', 'ssr', 'entry-server.js'),
      wrap: precompressedBody,
      log: app.log,
    });
  const current = async (route: string, built: ReturnType<typeof precompressedBody>) => (live && (await live.page(route))) || built;
  /**
   * The not-found page in the language of the path asked for (`/de/…`), else the visitor's: the
   * build renders it in each (`/de/404`); the bare `/404` is the default language's, and the fallback.
   */
  const notFoundIn = async (request: FastifyRequest, pathname: string) => {
    const prefix = splitLocalePath(pathname).locale;
    const { defaultLocale } = await language();
    const locale = prefix ?? visitorLocale(request, defaultLocale);
    // A path without a language, for a visitor in the shop's: the bare page, whose links have no prefix either.
    const route = !prefix && locale === defaultLocale ? '/404' : localizePath('/404', locale);
    const built = pages.get(route);
    return built ? current(route, built) : current('/404', notFoundPage);
  };

  // Once listening, render in the background every page the build's copy no longer matches (a
  // production shop whose sample pages are unpublished, a saved brand or catalog), one at a time,
  // so the first visitor of each page after a start does not wait for its render.
  if (live) {
    let closing = false;
    app.addHook('onClose', async () => {
      closing = true;
    });
    app.addHook('onListen', async () => {
      void (async () => {
        const started = Date.now();
        let rendered = 0;
        for (const route of html.keys()) {
          if (closing) return;
          if (await live.page(route).catch(() => undefined)) rendered += 1;
        }
        if (rendered > 0) app.log.info({ pages: rendered, ms: Date.now() - started }, 'pages rendered for the current shop after the start');
      })();
    });
  }

  // Browsers ask for /favicon.ico on pages without an icon link (the dev mailbox, the API docs).
  // The shop's own icon once staff upload one (Settings → Brand), so a temporary redirect.
  app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=60').redirect((await brandNow()).favicon ?? '/favicon.svg', 302),
  );

  for (const [route, page] of pages) {
    if (splitLocalePath(route).path === '/404') continue;
    const unprefixed = splitLocalePath(route).locale === undefined;
    app.get(route, { schema: { hide: true } }, async (request, reply) => {
      if (unprefixed) {
        // A page without a language is in the shop's default; a visitor who chose or asks for
        // another is sent to that language's page (decision 054).
        const { defaultLocale } = await language();
        const locale = visitorLocale(request, defaultLocale);
        void reply.header('vary', 'Accept-Language, Cookie');
        if (locale !== defaultLocale && pages.has(localizePath(route, locale))) {
          const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
          return reply.header('cache-control', HTML_CACHE).redirect(`${localizePath(route, locale)}${query}`, 302);
        }
      }
      // A page staff have not published (a sample About in production) is not there yet.
      if (live && !(await live.published(route))) {
        return (await notFoundIn(request, request.url.split('?')[0] ?? '/')).send(request, reply.status(404).type('text/html; charset=utf-8').header('cache-control', HTML_CACHE).header('vary', 'Accept-Language, Cookie'));
      }
      return (await current(route, page)).send(request, reply.type('text/html; charset=utf-8').header('cache-control', HTML_CACHE));
    });
  }

  // News and help (decision 070): rendered from the published articles into the build's templates.
  const templates = readLiveTemplates(pagesDir, origin);
  const isLiveRoute = clientRouteMatcher(articlePageRoutes.flatMap((pattern) => [pattern, ...locales.map((l) => localizePath(pattern, l))]));
  for (const pattern of articlePageRoutes) {
    const template = templates.get(pattern);
    for (const prefix of [undefined, ...locales]) {
      const route = localizePath(pattern, prefix);
      app.get(route, { schema: { hide: true } }, async (request, reply) => {
        // `/help/` reaches `/help/:slug` with an empty slug: the index, at its address.
        if ((request.params as { slug?: string }).slug === '') return reply.redirect(localizePath(pattern.replace('/:slug', ''), prefix), 301);
        const { defaultLocale } = await language();
        const brand = await brandNow();
        const html = () => reply.type('text/html; charset=utf-8').header('cache-control', HTML_CACHE);
        if (!prefix) void reply.header('vary', 'Accept-Language, Cookie');
        const answer =
          live && template && options.articles
            ? await options.articles.resolve({
                route: pattern as ArticlePageRoute,
                slug: (request.params as { slug?: string }).slug,
                prefix,
                visitor: visitorLocale(request, defaultLocale),
                defaultLocale,
                brandName: brand.name,
              })
            : undefined;
        // Without a template or the articles (a build or test without them) the app renders it.
        if (!live || !template || !answer) return shellIn(visitorLocale(request, defaultLocale), defaultLocale, brand).send(request, html());
        if ('redirect' in answer) {
          const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
          return reply.header('cache-control', HTML_CACHE).redirect(`${answer.redirect}${query}`, 302);
        }
        if ('missing' in answer) {
          return (await notFoundIn(request, request.url.split('?')[0] ?? '/')).send(request, reply.status(404).type('text/html; charset=utf-8').header('cache-control', HTML_CACHE).header('vary', 'Accept-Language, Cookie'));
        }
        const { page } = answer;
        const path = request.url.split('?')[0]!;
        const bare = splitLocalePath(path).path;
        const head = hreflangLinks(bare, page.languages, origin);
        const body = await live.livePage(path, template, { locale: page.locale, data: page.data, meta: page.meta, head });
        return (body ?? shellIn(page.locale, defaultLocale, brand)).send(request, html());
      });
    }
  }

  // The FAQ became the help centre (decision 064): old links and bookmarks keep working.
  // A language's old address goes to that language's help centre (`/de/faq` → `/de/help`).
  for (const prefix of [undefined, ...locales]) {
    const from = localizePath('/faq', prefix);
    if (pages.has(from)) continue;
    app.get(from, { schema: { hide: true } }, (_request, reply) => reply.redirect(localizePath('/help', prefix), 301));
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ error: { code: 'not_found', message: `No route for ${request.method} ${pathname}` } });
    }
    if (pathname.startsWith('/api/')) {
      return reply.status(404).send({ error: { code: 'not_found', message: `No route for GET ${pathname}` } });
    }
    const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    if (trimmed !== pathname && (pages.has(trimmed) || isLiveRoute(trimmed))) return reply.redirect(trimmed, 301);
    const known = isShellRoute(trimmed);
    // The dashboard and the console have one address in every language (their words follow the
    // account): `/de/dashboard/billing`, as a German visitor might guess it, leads there.
    const { locale: prefix, path: bare } = splitLocalePath(trimmed);
    if (prefix && !known && isShellRoute(bare)) {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.header('cache-control', HTML_CACHE).redirect(`${bare}${query}`, 302);
    }
    const { defaultLocale } = await language();
    const shell = shellIn(visitorLocale(request, defaultLocale), defaultLocale, await brandNow());
    void reply.header('vary', 'Accept-Language, Cookie');
    return (known ? shell : await notFoundIn(request, trimmed)).send(
      request,
      reply.status(known ? 200 : 404).type('text/html; charset=utf-8').header('cache-control', HTML_CACHE),
    );
  });
}

/**
 * The build renders the Essentials pack at the default brand's address; a shop whose BRAND_NAME
 * names it otherwise (catalog.repository.ts) serves that page at its own address, rendered again for it.
 */
async function essentialsAt(
  catalog: Pick<CatalogService, 'current'>,
  html: Map<string, string>,
  pages: Map<string, unknown>,
  log: { warn(obj: object, msg?: string): void },
) {
  const built = `/upgrade/${essentialsSlug(defaultBrand.name)}`;
  let slug: string | undefined;
  try {
    slug = (await catalog.current()).catalog.packs.find((p) => p.id === 'essentials')?.slug;
  } catch (error) {
    log.warn({ err: error }, 'could not read the catalog for the Essentials pack address');
  }
  if (!slug || `/upgrade/${slug}` === built) return;
  for (const route of [...html.keys()]) {
    const { locale, path: bare } = splitLocalePath(route);
    if (bare !== built) continue;
    const to = locale ? localizePath(`/upgrade/${slug}`, locale) : `/upgrade/${slug}`;
    html.set(to, html.get(route)!);
    pages.set(to, pages.get(route));
    html.delete(route);
    pages.delete(route);
  }
}

/** The Markdown page a public route shows, in the route's language or else the shop's default (features/content). */
function contentForRoute(content: Pick<ContentCache, 'page'>, language: () => Promise<{ defaultLocale: Locale }>) {
  const slugOf = new Map(contentSlugs.map((slug) => [contentPagePaths[slug], slug]));
  return async (route: string) => {
    const { locale, path: bare } = splitLocalePath(route);
    const slug = slugOf.get(bare);
    return slug ? content.page(slug, locale ?? (await language()).defaultLocale) : undefined;
  };
}

/** The page's other languages for search engines (absolute addresses), and the bare one as the x-default. */
function hreflangLinks(bare: string, languages: readonly Locale[], origin: string): string {
  const link = (lang: string, href: string) => `<link rel="alternate" hreflang="${lang}" href="${origin}${href}" />`;
  return [...locales.filter((l) => languages.includes(l)).map((l) => link(l, localizePath(bare, l))), link('x-default', bare)].join('\n    ');
}

/** The build's templates of the news and help pages, route pattern → HTML; none in a build without them. */
function readLiveTemplates(pagesDir: string, origin: string): Map<string, string> {
  const file = path.join(pagesDir, liveTemplatesFile);
  if (!existsSync(file)) return new Map();
  const list = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  return new Map(Object.entries(list).map(([route, name]) => [route, readFileSync(path.join(pagesDir, name), 'utf8').replaceAll(originPlaceholder, origin)]));
}

/** The build's list of app-shell routes; a build without it is incomplete, so the server does not start. */
function readShellRoutes(clientDir: string): string[] {
  const file = path.join(clientDir, clientRoutesFile);
  if (!existsSync(file)) throw new Error(`${file} is missing: the client build is incomplete. Run \`npm run build\`.`);
  return clientRoutesSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).shell;
}
