/**
 * The languages the shop ships, how a public path names one (`/de/deploy`), and how a visitor's
 * language is chosen: the account's preference, else the browser's Accept-Language, else the
 * shop's default (decision 054).
 */
export const locales = ['en', 'de', 'fr', 'es', 'pt-BR'] as const;
export type Locale = (typeof locales)[number];

export const baseLocale: Locale = 'en';

/** Each language in its own name, as the pickers list it. */
export const localeNames: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
};

/** The cookie that remembers a visitor's choice (the picker, or the account's preference at sign-in). */
export const localeCookie = 'sp_lang';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** `/de/deploy` → de and `/deploy`; `/deploy` → no locale and `/deploy`. */
export function splitLocalePath(pathname: string): { locale: Locale | undefined; path: string } {
  const match = /^\/([A-Za-z]{2}(?:-[A-Za-z]{2})?)(\/.*)?$/.exec(pathname);
  if (match && isLocale(match[1])) return { locale: match[1], path: match[2] || '/' };
  return { locale: undefined, path: pathname };
}

/** The path of a public page in a language: `/deploy` in de → `/de/deploy`; no locale → `/deploy`. */
export function localizePath(path: string, locale: Locale | undefined): string {
  const bare = splitLocalePath(path).path;
  if (!locale) return bare;
  return bare === '/' ? `/${locale}` : `/${locale}${bare}`;
}

/** The shipped language closest to one tag: `de-AT` → de, `pt` and `pt-PT` → pt-BR, `PT-br` → pt-BR. */
export function matchLocale(tag: string): Locale | undefined {
  const lower = tag.trim().toLowerCase();
  const exact = locales.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const primary = lower.split('-')[0];
  return locales.find((l) => l.toLowerCase().split('-')[0] === primary);
}

/** The best shipped language an Accept-Language header asks for, by its q-values; undefined if none. */
export function negotiateLocale(header: string | undefined | null): Locale | undefined {
  if (!header) return undefined;
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.tag && r.tag !== '*' && Number.isFinite(r.q) && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const range of ranges) {
    const locale = matchLocale(range.tag);
    if (locale) return locale;
  }
  return undefined;
}

export interface LocaleSources {
  /** The signed-in account's preference; null when it follows the browser. */
  account?: Locale | null;
  /** The picker's remembered choice. */
  cookie?: string | null;
  acceptLanguage?: string | null;
  /** The shop's default language (Settings). */
  fallback: Locale;
}

/** The language to serve: the account's preference, the picker's choice, the browser's, the shop's. */
export function chooseLocale(sources: LocaleSources): Locale {
  if (sources.account) return sources.account;
  if (isLocale(sources.cookie)) return sources.cookie;
  return negotiateLocale(sources.acceptLanguage) ?? sources.fallback;
}

/**
 * A signed-in customer's language where the shop speaks to them (decision 078): the account's
 * preference, else the request's language (cookie, else Accept-Language) when there is a request,
 * else the language they last signed in or up with; undefined for the shop's default.
 */
export function accountLocale(sources: { preferred?: string | null; request?: Locale | null; last?: string | null }): Locale | undefined {
  if (isLocale(sources.preferred)) return sources.preferred;
  if (sources.request) return sources.request;
  return isLocale(sources.last) ? sources.last : undefined;
}
