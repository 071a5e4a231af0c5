import { localizePath, locales, type Locale } from '../../../shared/i18n/locales';
import { slugSchema, type ArticleKind } from '../../../shared/schemas/articles';
import type { ContentLanguage } from '../../../shared/schemas/content';
import { HttpError } from '../../lib/errors';
import { articleLanguages, helpIndex, publicArticle, publicArticles, type ArticleDeps } from './articles.service';

/** The news and help pages the server renders from the database (decision 070), by route pattern. */
export const articlePageRoutes = ['/help', '/help/:slug', '/blog', '/blog/:slug'] as const;
export type ArticlePageRoute = (typeof articlePageRoutes)[number];

/** A news or help page to render: its language, what it shows and in which languages it exists. */
export interface ArticlePage {
  locale: Locale;
  /** The API answers the page shows, by the address the browser would fetch them from (`/help?lang=de`). */
  data: Record<string, unknown>;
  /** The languages with this page under their prefix, for the hreflang links. */
  languages: Locale[];
  /** An article's own title and description; the route's otherwise. */
  meta?: { title: string; description: string };
}

export type ArticlePageAnswer = { page: ArticlePage } | { redirect: string } | { missing: true };

export interface ArticlePageRequest {
  route: ArticlePageRoute;
  slug?: string;
  /** The language the address names (`/de/help`); undefined for the bare address. */
  prefix?: Locale;
  /** The visitor's language (cookie, Accept-Language, the shop's). */
  visitor: Locale;
  /** The shop's default language: what a bare address is in. */
  defaultLocale: Locale;
  brandName: string;
}

const kindOf = (route: ArticlePageRoute): ArticleKind => (route.startsWith('/help') ? 'help' : 'news');
const baseOf = (route: ArticlePageRoute) => (route.startsWith('/help') ? '/help' : '/blog');

/**
 * Which page a news or help address shows, with what, read from the published articles as they
 * are now (drafts, samples in production and articles scheduled for later are not there), cached
 * for `ttlMs` so a busy page does not query on every request: an article published, changed or
 * taken down shows within that time on every instance, and a scheduled one once its time comes.
 *
 * - A help centre or news index exists in every language: its words are the language's, and it
 *   lists the language's articles and the default language's where it has none (as the API does).
 *   The bare address is in the shop's default language and sends a visitor of another there.
 * - An article exists in each language it is written in. The bare address shows it in the shop's
 *   default language, else English, else its first; a visitor whose language has it is sent there.
 */
export function createArticlePages(deps: ArticleDeps & { now(): number }, ttlMs = 2000) {
  const cache = new Map<string, { at: number; value: Promise<unknown> }>();
  function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = deps.now();
    const hit = cache.get(key);
    if (hit && now - hit.at < ttlMs) return hit.value as Promise<T>;
    if (cache.size > 500) for (const [k, v] of cache) if (now - v.at >= ttlMs) cache.delete(k);
    const value = load();
    cache.set(key, { at: now, value });
    value.catch(() => cache.delete(key));
    return value;
  }

  const languages = (kind: ArticleKind, slug?: string) => cached(`languages|${kind}|${slug ?? ''}`, () => articleLanguages(deps, kind, slug));

  async function indexPage(kind: ArticleKind, locale: Locale): Promise<ArticlePage> {
    const lang = locale as ContentLanguage;
    const data =
      kind === 'help'
        ? { [`/help?lang=${lang}`]: await cached(`help|${lang}`, () => helpIndex(deps, lang)) }
        : { [`/news?lang=${lang}`]: { articles: await cached(`news|${lang}`, () => publicArticles(deps, 'news', lang)) } };
    return { locale, data, languages: [...locales] };
  }

  async function articlePage(req: ArticlePageRequest, kind: ArticleKind, slug: string, locale: Locale, have: ContentLanguage[]): Promise<ArticlePageAnswer> {
    const lang = locale as ContentLanguage;
    const key = kind === 'help' ? `/help/articles/${slug}?lang=${lang}` : `/news/${slug}?lang=${lang}`;
    try {
      const view = await cached(`${kind}|${slug}|${lang}`, () => publicArticle(deps, kind, slug, lang));
      return { page: { locale, data: { [key]: view }, languages: have as Locale[], meta: { title: `${view.title} | ${req.brandName}`, description: view.summary } } };
    } catch (error) {
      // Taken down between the two reads.
      if (error instanceof HttpError && error.statusCode === 404) return { missing: true };
      throw error;
    }
  }

  return {
    async resolve(req: ArticlePageRequest): Promise<ArticlePageAnswer> {
      const kind = kindOf(req.route);
      const base = baseOf(req.route);
      if (req.slug === undefined) {
        if (req.prefix) return { page: await indexPage(kind, req.prefix) };
        if (req.visitor !== req.defaultLocale) return { redirect: localizePath(base, req.visitor) };
        return { page: await indexPage(kind, req.defaultLocale) };
      }
      const slug = slugSchema.safeParse(req.slug);
      if (!slug.success || slug.data !== req.slug) return { missing: true };
      const have = await languages(kind, req.slug);
      if (have.length === 0) return { missing: true };
      const path = `${base}/${req.slug}`;
      if (req.prefix) return have.includes(req.prefix as ContentLanguage) ? articlePage(req, kind, req.slug, req.prefix, have) : { redirect: path };
      const bare = (have.includes(req.defaultLocale as ContentLanguage) ? req.defaultLocale : have.includes('en') ? 'en' : have[0]!) as Locale;
      if (req.visitor !== bare && have.includes(req.visitor as ContentLanguage)) return { redirect: localizePath(path, req.visitor) };
      return articlePage(req, kind, req.slug, bare, have);
    },
    /** Forgets what was read, so this instance shows a staff change at once. */
    clear() {
      cache.clear();
    },
  };
}
export type ArticlePages = ReturnType<typeof createArticlePages>;
