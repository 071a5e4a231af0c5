import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Messages } from '@lingui/core';
import { defaultBrand, type Brand } from '../../../shared/brand';
import type { Catalog } from '../../../shared/catalog';
import type { RenderedPage } from '../../../shared/schemas/content';
import { sourceCatalogs } from '../../../shared/i18n/catalogs';
import { compileMessages } from '../../../shared/i18n/compile';
import { baseLocale, splitLocalePath, type Locale } from '../../../shared/i18n/locales';
import type { Namespace } from '../../../shared/i18n/keys';
import { withBrandHead } from '../brand';
import { localizeCatalog } from '../../../shared/catalog-texts';
import type { CatalogService, CatalogSnapshot } from './catalog.service';

/** The language a page is rendered in (src/client/entry-server.tsx). */
interface PageI18n {
  locale: Locale;
  defaultLocale: Locale;
  messages: Messages;
  namespaces?: Namespace[];
}

/** What else the server renders a page with (src/client/entry-server.tsx). */
interface PageExtras {
  data?: Record<string, unknown>;
  unpublished?: string[];
}

/** What the server bundle of the client (dist/ssr/entry-server.js) offers: the same renderer the build uses. */
interface EntryServer {
  renderPage(
    url: string,
    catalog: Catalog,
    i18n: PageI18n,
    content?: RenderedPage,
    brand?: Brand,
    extras?: PageExtras,
  ): Promise<{ html: string; state: string; meta?: { title: string; description: string } }>;
}

/** The shop's language settings and staff's wording, as features/i18n serves them. */
export interface LivePagesI18n {
  current(): Promise<{ version: string; defaultLocale: Locale }>;
  messages(locale: Locale, namespace: Namespace): Promise<Messages>;
}

/** The build's own: no staff edits, English by default (what scripts/prerender.ts renders with). */
const builtI18n: LivePagesI18n = {
  current: async () => ({ version: 'base', defaultLocale: baseLocale }),
  messages: async (locale, namespace) => compileMessages(sourceCatalogs[locale][namespace]),
};

const ROOT_OPEN = '<div id="root">';
const STATE_OPEN = '<script type="application/json" id="sp-state">';

function embeddedState(page: string): { catalog?: Catalog; content?: RenderedPage; brand?: Brand } {
  const start = page.indexOf(STATE_OPEN);
  if (start < 0) return {};
  const end = page.indexOf('</script>', start);
  try {
    return JSON.parse(page.slice(start + STATE_OPEN.length, end)) as { catalog?: Catalog; content?: RenderedPage; brand?: Brand };
  } catch {
    return {};
  }
}

/** The catalog a prerendered page was rendered with, from the state it embeds; undefined if it has none. */
export function embeddedCatalog(page: string): Catalog | undefined {
  return embeddedState(page).catalog;
}

/**
 * A prerendered page with its app markup and embedded state replaced, everything else (title,
 * description, inlined critical CSS, scripts) kept as the build wrote it. Undefined when the page
 * does not have the shape the build gives it.
 */
export function withAppMarkup(page: string, html: string, state: string): string | undefined {
  const root = page.indexOf(ROOT_OPEN);
  const stateAt = page.indexOf(STATE_OPEN);
  if (root < 0 || stateAt < root) return undefined;
  const rootClose = page.lastIndexOf('</div>', stateAt);
  const stateClose = page.indexOf('</script>', stateAt);
  if (rootClose < root || stateClose < 0) return undefined;
  return (
    page.slice(0, root + ROOT_OPEN.length) +
    html +
    page.slice(rootClose, stateAt + STATE_OPEN.length) +
    state.replaceAll('<', '\\u003c') +
    page.slice(stateClose)
  );
}

/** Where a template's head takes the page's hreflang links (scripts/prerender.ts). */
const HEAD_SLOT = '<!--sp-head-->';

interface RenderExtras {
  /** The page's language when its address does not say it (a news or help page, decision 070). */
  locale?: Locale;
  data?: Record<string, unknown>;
  unpublished?: string[];
  /** The head's hreflang links, for a template that left them out. */
  head?: string;
  meta?: { title: string; description: string };
}

/** A page the server renders from the database into a template the build wrote (news and help, decision 070). */
export interface LivePage {
  locale: Locale;
  data: Record<string, unknown>;
  head: string;
  meta?: { title: string; description: string };
}

/** JSON with object keys sorted, so two catalogs compare by content alone. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

export interface LivePagesOptions<B> {
  catalog: Pick<CatalogService, 'current'>;
  /** Staff's wording and the default language; without it, the build's. */
  i18n?: LivePagesI18n;
  /** The shop's brand as every instance serves it now (features/brand); without it, the build's. */
  brand?: () => Promise<Brand>;
  /**
   * The Markdown page a route shows, as the public site shows it now (features/content):
   * undefined for a route that is not one, null for one that is not published.
   */
  content?: (route: string) => Promise<RenderedPage | null | undefined>;
  /** The public paths of pages not published (features/content): no page's footer links to them. */
  unpublished?: () => Promise<string[]>;
  /** The build's pages, route → HTML (dist/pages). */
  built: Map<string, string>;
  /** The build's server bundle of the client. */
  ssrEntry: string;
  /** How a page is served (compressed once, with an ETag). */
  wrap(html: string): B;
  log: { error(obj: object, msg?: string): void; info(obj: object, msg?: string): void };
}

/**
 * The prerendered pages, kept in step with the catalog (docs/decisions/018-catalog-versions-and-public-prices.md),
 * the wording, the pages staff write (decision 056) and the brand (decision 059). While all are what the build rendered
 * with, the build's pages are served as they are. Once one changes, each page is rendered again
 * on first request, by the build's own renderer, and kept until the next change: the HTML never
 * carries an older price or text.
 */
export function createLivePages<B>(options: LivePagesOptions<B>) {
  const first = options.built.get('/') ?? [...options.built.values()][0];
  const builtCatalog = first ? embeddedCatalog(first) : undefined;
  const builtKey = builtCatalog ? canonical(builtCatalog) : undefined;
  const builtBrand = (first && embeddedState(first).brand) || defaultBrand;
  const builtBrandKey = canonical(builtBrand);
  let entry: Promise<EntryServer> | undefined;
  const i18n = options.i18n ?? builtI18n;
  let rendered:
    | {
        version: string;
        /** Whether the wording, brand and published pages are the build's; the catalog is compared page by page (its language). */
        matchesBuild: boolean;
        catalogs: Map<Locale, { catalog: Catalog; key: string }>;
        pages: Map<string, { contentKey: string; page: Promise<B> }>;
      }
    | undefined;
  // Renders one at a time: the renderer keeps the catalog in a module-level store while it works.
  let queue: Promise<unknown> = Promise.resolve();

  const builtContentKeys = new Map<string, string>();
  function builtContentKey(route: string, built: string): string {
    let key = builtContentKeys.get(route);
    if (key === undefined) {
      const content = embeddedState(built).content;
      key = content ? canonical(content) : '';
      builtContentKeys.set(route, key);
    }
    return key;
  }

  function loadEntry(): Promise<EntryServer> {
    entry ??= import(pathToFileURL(options.ssrEntry).href) as Promise<EntryServer>;
    entry.catch(() => (entry = undefined));
    return entry;
  }

  /** The route's language: its prefix (`/de/…`), else the shop's default. */
  const localeOf = (route: string, defaultLocale: Locale) => splitLocalePath(route).locale ?? defaultLocale;

  /** The catalog a page in `locale` shows: its texts in that language where staff wrote them (decision 077). */
  function catalogIn(current: NonNullable<typeof rendered>, snapshot: Pick<CatalogSnapshot, 'catalog' | 'draft'>, locale: Locale) {
    let found = current.catalogs.get(locale);
    if (!found) {
      const catalog = snapshot.draft ? localizeCatalog(snapshot.catalog, snapshot.draft, locale) : snapshot.catalog;
      found = { catalog, key: canonical(catalog) };
      current.catalogs.set(locale, found);
    }
    return found;
  }

  /** The catalog the build rendered a page with, as compared: its own embedded one, else the home page's. */
  const builtCatalogKeys = new Map<string, string | undefined>();
  function builtCatalogKey(route: string, built: string): string | undefined {
    if (!builtCatalogKeys.has(route)) {
      const own = embeddedCatalog(built);
      builtCatalogKeys.set(route, own ? canonical(own) : builtKey);
    }
    return builtCatalogKeys.get(route);
  }

  async function render(route: string, catalog: Catalog, built: string, defaultLocale: Locale, content: RenderedPage | undefined, brand: Brand, extras: RenderExtras): Promise<B> {
    const task = queue.then(async () => {
      const locale = extras.locale ?? localeOf(route, defaultLocale);
      const namespaces: Namespace[] = extras.data ? ['public', 'content'] : ['public'];
      const messages = Object.assign({}, ...(await Promise.all(namespaces.map((n) => i18n.messages(locale, n))))) as Messages;
      const { html, state, meta } = await (await loadEntry()).renderPage(
        route,
        catalog,
        { locale, defaultLocale, messages, ...(extras.data && { namespaces }) },
        content,
        brand,
        { data: extras.data, unpublished: extras.unpublished },
      );
      let page = withAppMarkup(built, html, state)?.replace(/<html lang="[^"]*"/, `<html lang="${locale}"`);
      if (!page) throw new Error(`the prerendered page of ${route} has no app root or state to replace`);
      if (extras.head !== undefined) page = page.replace(HEAD_SLOT, extras.head);
      // The head too: the title names the shop, the favicon and colour are its own (decision 059).
      return options.wrap(withBrandHead(page, brand, extras.meta ?? meta));
    });
    queue = task.catch(() => undefined);
    return task;
  }

  /** What every page is rendered with now, and the pages rendered with it. */
  async function state() {
    const [snapshot, language, brand, unpublished] = await Promise.all([
      options.catalog.current(),
      i18n.current(),
      options.brand ? options.brand() : builtBrand,
      options.unpublished ? options.unpublished() : [],
    ]);
    const brandKey = canonical(brand);
    const version = `${snapshot.version}|${language.version}|${brandKey}|${unpublished.join(',')}`;
    if (rendered?.version !== version) {
      // A page not published leaves the footers the build wrote, so every page is rendered again.
      const matchesBuild = language.version === 'base' && brandKey === builtBrandKey && unpublished.length === 0;
      rendered = { version, matchesBuild, catalogs: new Map(), pages: new Map() };
    }
    return { snapshot, language, brand, unpublished, current: rendered };
  }

  function kept(route: string, current: NonNullable<typeof rendered>, contentKey: string, make: () => Promise<B>, version: number | string): Promise<B> {
    let entry = current.pages.get(route);
    if (entry?.contentKey !== contentKey) {
      const mine = { contentKey, page: make() };
      current.pages.set(route, mine);
      entry = mine;
      mine.page.catch((error: unknown) => {
        options.log.error({ err: error, route, version }, 'could not render the page with the current catalog and content');
        if (current.pages.get(route) === mine) current.pages.delete(route);
      });
    }
    return entry.page;
  }

  return {
    /**
     * A news or help page (decision 070), rendered into `template` with what it shows and kept
     * until that, the catalog, the wording or the brand changes; undefined when it cannot be.
     */
    async livePage(route: string, template: string, page: LivePage): Promise<B | undefined> {
      if (!this.live) return undefined;
      const { snapshot, language, brand, unpublished, current } = await state();
      const key = canonical(page);
      try {
        return await kept(
          `${route}|${page.locale}`,
          current,
          key,
          () => render(route, catalogIn(current, snapshot, page.locale).catalog, template, language.defaultLocale, undefined, brand, { ...page, unpublished }),
          snapshot.version,
        );
      } catch {
        return undefined;
      }
    },

    /** Whether pages can follow the catalog: the build left its server bundle. */
    live: existsSync(options.ssrEntry),

    /** False for a page whose staff-written text is not published (a sample About in production). */
    async published(route: string): Promise<boolean> {
      return (await options.content?.(route)) !== null;
    },

    /**
     * The page of `route` rendered with the catalog every instance serves now; undefined when
     * the build's own page is that page (or the build has none, or it could not be rendered).
     */
    async page(route: string): Promise<B | undefined> {
      const built = options.built.get(route);
      if (built === undefined) return undefined;
      const [{ snapshot, language, brand, unpublished, current }, content] = await Promise.all([state(), options.content?.(route)]);
      const contentKey = content ? canonical(content) : '';
      const builtContent = builtContentKey(route, built);
      if (!this.live) return undefined;
      const catalog = catalogIn(current, snapshot, localeOf(route, language.defaultLocale));
      if (current.matchesBuild && contentKey === builtContent && catalog.key === builtCatalogKey(route, built)) return undefined;
      try {
        return await kept(route, current, contentKey, () => render(route, catalog.catalog, built, language.defaultLocale, content ?? undefined, brand, { unpublished }), snapshot.version);
      } catch {
        // Serving the build's page beats failing the request; the error is logged above.
        return undefined;
      }
    },
  };
}
