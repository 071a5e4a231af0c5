import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { clientRouteMatcher, clientRoutesFile, clientRoutesSchema } from '../shared/routes';
import type { CatalogService } from './features/catalog/catalog.service';
import { createLivePages } from './features/catalog/public-pages';
import { precompressedBody } from './lib/compression';

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
export async function registerClient(app: FastifyInstance, clientDir: string, catalog?: Pick<CatalogService, 'current'>) {
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

  const shell = precompressedBody(readFileSync(path.join(clientDir, 'index.html'), 'utf8'));
  const isShellRoute = clientRouteMatcher(readShellRoutes(clientDir));
  const pagesDir = path.resolve(clientDir, '..', 'pages');
  const manifestFile = path.join(pagesDir, 'manifest.json');
  const pages = new Map<string, ReturnType<typeof precompressedBody>>();
  const html = new Map<string, string>();
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, string>;
    for (const [route, file] of Object.entries(manifest)) {
      html.set(route, readFileSync(path.join(pagesDir, file), 'utf8'));
      pages.set(route, precompressedBody(html.get(route)!));
    }
  }
  const notFoundPage = pages.get('/404') ?? shell;
  const live =
    catalog &&
    createLivePages({
      catalog,
      built: html,
      ssrEntry: path.resolve(clientDir, '..', 'ssr', 'entry-server.js'),
      wrap: precompressedBody,
      log: app.log,
    });
  const current = async (route: string, built: ReturnType<typeof precompressedBody>) => (live && (await live.page(route))) || built;

  // Browsers ask for /favicon.ico on pages without an icon link (the dev mailbox, the API docs).
  app.get('/favicon.ico', { schema: { hide: true } }, (_request, reply) => reply.redirect('/favicon.svg', 301));

  for (const [route, page] of pages) {
    if (route === '/404') continue;
    app.get(route, { schema: { hide: true } }, async (request, reply) =>
      (await current(route, page)).send(request, reply.type('text/html; charset=utf-8').header('cache-control', HTML_CACHE)),
    );
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
    if (trimmed !== pathname && pages.has(trimmed)) return reply.redirect(trimmed, 301);
    const known = isShellRoute(trimmed);
    return (known ? shell : await current('/404', notFoundPage)).send(
      request,
      reply.status(known ? 200 : 404).type('text/html; charset=utf-8').header('cache-control', HTML_CACHE),
    );
  });
}

/** The build's list of app-shell routes; a build without it is incomplete, so the server does not start. */
function readShellRoutes(clientDir: string): string[] {
  const file = path.join(clientDir, clientRoutesFile);
  if (!existsSync(file)) throw new Error(`${file} is missing: the client build is incomplete. Run \`npm run build\`.`);
  return clientRoutesSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).shell;
}
