/**
 * Writes the public pages as real HTML at build time: dist/pages/<path>.html and a manifest the
 * server reads. Each page carries its own title, description and the catalog it was rendered with.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { defaultBrand } from '../src/shared/brand';
import { essentialsSlug, type Catalog } from '../src/shared/catalog';
import { sourceCatalogs } from '../src/shared/i18n/catalogs';
import { compileMessages } from '../src/shared/i18n/compile';
import { baseLocale, locales, localizePath, splitLocalePath } from '../src/shared/i18n/locales';
import { originPlaceholder } from '../src/shared/routes';
import { defaultCatalog, defaultCatalogDraft } from '../src/server/db/seed/catalog-default';
import { localizeCatalog } from '../src/shared/catalog-texts';
import { samplePage } from '../src/server/features/content/content.render';
import { contentPagePaths, contentSlugs } from '../src/shared/schemas/content';
import { defaultCurrency } from '../src/shared/currency';
import type * as EntryServerModule from '../src/client/entry-server';
import { createCriticalCss } from './critical-css';
import { liveTemplates, liveTemplatesFile } from './live-templates';

type EntryServer = typeof EntryServerModule;

const root = path.resolve(import.meta.dirname, '..');
// The default brand: the server renders the pages again with the one staff save (decision 059),
// so the image needs no rebuild for a name, logo or colour.
const brand = defaultBrand.name;

function escapeHtml(s: string) {
  return s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * The page's other languages, for search engines: absolute addresses, as they require, whose
 * origin the server fills in from PUBLIC_URL (src/server/client-assets.ts). The bare path is the
 * x-default: it answers in the shop's default language, or sends a visitor to theirs.
 */
function alternates(path: string): string {
  const link = (lang: string, href: string) => `<link rel="alternate" hreflang="${lang}" href="${originPlaceholder}${href}" />`;
  return [...locales.map((l) => link(l, localizePath(path, l))), link('x-default', path)].join('\n    ');
}

async function main() {
  const entry = (await import(pathToFileURL(path.join(root, 'dist/ssr/entry-server.js')).href)) as EntryServer;
  const template = readFileSync(path.join(root, 'dist/client/index.html'), 'utf8');
  const catalog: Catalog = {
    ...defaultCatalog,
    currency: defaultCurrency,
    packs: defaultCatalog.packs.map((p) => ({ ...p, slug: p.id === 'essentials' ? essentialsSlug(brand) : p.id })),
  };
  const outDir = path.join(root, 'dist/pages');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });

  const inlineCriticalCss = createCriticalCss(path.join(root, 'dist/client'));
  const manifest: Record<string, string> = {};
  const bare = entry.prerenderPaths();
  // Every public page in every language (`/de/deploy`), and bare (`/deploy`) in the default one.
  // The not-found page too, once per language (`/de/404`), for the server to answer in the visitor's.
  const paths = [...bare, ...locales.flatMap((l) => bare.map((p) => localizePath(p, l))), '/404', ...locales.map((l) => localizePath('/404', l))];
  const messages = Object.fromEntries(locales.map((l) => [l, compileMessages(sourceCatalogs[l].public)]));
  // The pages staff write are prerendered with their sample text in the page's language (decision
  // 079); the server re-renders them once edited (decision 056).
  const contentSlug = new Map(contentSlugs.map((slug) => [contentPagePaths[slug], slug]));
  for (const url of paths) {
    const { locale: prefix, path: barePath } = splitLocalePath(url);
    const locale = prefix ?? baseLocale;
    const slug = contentSlug.get(barePath);
    // Each language's pages show the sample catalog's texts in it (decision 077).
    const { html, state, meta } = await entry.renderPage(
      url,
      localizeCatalog(catalog, defaultCatalogDraft, locale),
      { locale, defaultLocale: baseLocale, messages: messages[locale]! },
      slug ? await samplePage(slug, brand, locale) : undefined,
    );
    const page = template
      .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
      .replace('<!--sp-head-->', barePath === '/404' ? '' : alternates(barePath))
      .replace('__SP_TITLE__', escapeHtml(meta.title))
      .replace('__SP_DESCRIPTION__', escapeHtml(meta.description))
      .replace('<!--sp-html-->', html)
      .replace(
        '<!--sp-state-->',
        `<script type="application/json" id="sp-state">${state.replaceAll('<', '\\u003c')}</script>`,
      );
    const file = url === '/' ? 'index.html' : `${url.slice(1).replaceAll('/', '__')}.html`;
    writeFileSync(path.join(outDir, file), await inlineCriticalCss(page));
    manifest[url] = file;
  }
  writeFileSync(path.join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2));

  // The news and help pages (decision 070): the server renders them from the database on
  // request, into these templates, whose head and inlined CSS it keeps. The head's `<!--sp-head-->`
  // stays for the server to fill with the languages each page has.
  const templates: Record<string, string> = {};
  const publicAndContent = { ...compileMessages(sourceCatalogs[baseLocale].public), ...compileMessages(sourceCatalogs[baseLocale].content) };
  for (const live of liveTemplates()) {
    const { html, state } = await entry.renderPage(
      live.url,
      catalog,
      { locale: baseLocale, defaultLocale: baseLocale, messages: publicAndContent, namespaces: ['public', 'content'] },
      undefined,
      defaultBrand,
      { data: live.data },
    );
    const page = template
      .replace(/<html lang="[^"]*"/, `<html lang="${baseLocale}"`)
      .replace('__SP_TITLE__', escapeHtml(brand))
      .replace('__SP_DESCRIPTION__', escapeHtml(`${brand} game server hosting`))
      .replace('<!--sp-html-->', html)
      .replace('<!--sp-state-->', `<script type="application/json" id="sp-state">${state.replaceAll('<', '\\u003c')}</script>`);
    const file = `live__${live.route.slice(1).replaceAll('/', '__').replace(':', '')}.html`;
    writeFileSync(path.join(outDir, file), await inlineCriticalCss(page));
    templates[live.route] = file;
  }
  writeFileSync(path.join(outDir, liveTemplatesFile), JSON.stringify(templates, null, 2));

  // The app shell, for client-only routes, with neutral metadata and no prerendered content.
  const shell = template
    .replace('__SP_TITLE__', escapeHtml(brand))
    .replace('__SP_DESCRIPTION__', escapeHtml(`${brand} game server hosting`));
  writeFileSync(path.join(root, 'dist/client/index.html'), shell);
  console.log(`prerendered ${paths.length} pages`);
}

await main();
