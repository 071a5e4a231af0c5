import { contentLanguages, contentSlugs, defaultContentLanguage, type ContentLanguage, type ContentSlug, type RenderedPage } from '../../../shared/schemas/content';
import { defaultBusinessRules } from '../../../shared/business-rules';
import { sourceCatalogs } from '../../../shared/i18n/catalogs';
import { compileMessages } from '../../../shared/i18n/compile';
import type { Say } from '../../../shared/line-text';
import type { Db } from '../../db/client';
import { sayIn, type MessageSource } from '../../lib/say';
import { getShopSettings } from '../brand';
import { i18nServiceFor } from '../i18n';
import { storeSettingsRow } from '../tax';
import { latestRows, type ContentVersionRow } from './content.repository';
import { renderMarkdownPage } from './markdown';
import { claimPages, sampleText } from './samples';
import { fillVariables, type VariableSources } from './variables';

export interface RenderDeps {
  db: Db;
  production: boolean;
}

/** The words of the variables' values in every language, staff's wording included (content.json's pageVar.*). */
async function variableWords(db: Db): Promise<Partial<Record<ContentLanguage, Say>>> {
  const i18n = i18nServiceFor(db);
  const entries = await Promise.all(contentLanguages.map(async (language) => [language, await sayIn(i18n, language, 'content')] as const));
  return Object.fromEntries(entries);
}

export async function variableSources(deps: Pick<RenderDeps, 'db'>): Promise<VariableSources> {
  const [store, shop, words] = await Promise.all([storeSettingsRow(deps.db), getShopSettings(deps.db), variableWords(deps.db)]);
  return {
    shopName: shop.brand.name,
    seller: { name: store.sellerName, address: store.sellerAddress, taxId: store.sellerTaxId },
    rules: shop.rules,
    words,
  };
}

/**
 * What a page shows in a language (decision 079): its own newest version; else staff's own text in
 * the shop's default language (Settings), else in English (the host's words beat a sample in any
 * language); else the language's own sample.
 */
export function shownVersion(rows: ContentVersionRow[], slug: ContentSlug, language: ContentLanguage, shopDefault: ContentLanguage = defaultContentLanguage) {
  const own = rows.find((r) => r.slug === slug && r.language === language);
  const staffText = (l: ContentLanguage) => rows.find((r) => r.slug === slug && r.language === l && !r.sample);
  const fallback = staffText(shopDefault) ?? staffText(defaultContentLanguage);
  const row = own ?? fallback;
  if (row) return { body: row.body, sample: row.sample, updatedAt: row.createdAt.toISOString(), language: row.language as ContentLanguage };
  return { body: sampleText(slug, language), sample: true, updatedAt: null, language };
}

/** The shop's default language (Settings), the first a page in another language falls back to. */
export async function shopLanguage(db: Db): Promise<ContentLanguage> {
  return (await i18nServiceFor(db).current()).defaultLocale;
}

export function renderBody(slug: ContentSlug, language: ContentLanguage, body: string, sources: VariableSources, sample: boolean, updatedAt: string | null): RenderedPage {
  return { slug, language, ...renderMarkdownPage(fillVariables(body, sources, language)), sample, updatedAt };
}

/** In production the sample About and SLA pages are not published (samples.ts says why). */
export function refusedInProduction(deps: Pick<RenderDeps, 'production'>, slug: ContentSlug, sample: boolean): boolean {
  return deps.production && sample && claimPages.includes(slug);
}

/**
 * Every page in every language as the public site shows it now; null for a page that is not
 * published (a sample About or SLA in production).
 */
export async function renderAll(deps: RenderDeps): Promise<Map<string, RenderedPage | null>> {
  const [rows, sources, shopDefault] = await Promise.all([latestRows(deps.db), variableSources(deps), shopLanguage(deps.db)]);
  const out = new Map<string, RenderedPage | null>();
  for (const slug of contentSlugs) {
    for (const language of contentLanguages) {
      const shown = shownVersion(rows, slug, language, shopDefault);
      out.set(
        pageKey(slug, language),
        refusedInProduction(deps, slug, shown.sample) ? null : renderBody(slug, shown.language, shown.body, sources, shown.sample, shown.updatedAt),
      );
    }
  }
  return out;
}

export function pageKey(slug: ContentSlug, language: ContentLanguage): string {
  return `${slug}:${language}`;
}

/**
 * The rendered pages, kept for a few seconds so a busy public page does not render Markdown on
 * every request; a staff change on this instance clears it at once, other instances follow
 * within `ttlMs`.
 */
export function createContentCache(deps: RenderDeps & { now(): number }, ttlMs = 3000) {
  let cached: { at: number; pages: Promise<Map<string, RenderedPage | null>> } | undefined;
  function all() {
    if (!cached || deps.now() - cached.at >= ttlMs) {
      const pages = renderAll(deps);
      cached = { at: deps.now(), pages };
      pages.catch(() => (cached = undefined));
    }
    return cached.pages;
  }
  return {
    async page(slug: ContentSlug, language: ContentLanguage): Promise<RenderedPage | null> {
      return (await all()).get(pageKey(slug, language)) ?? null;
    },
    clear() {
      cached = undefined;
    },
  };
}
export type ContentCache = ReturnType<typeof createContentCache>;

/** The variables' words as the product ships them (content.json), without staff's edits: what the build has. */
const shippedWords: MessageSource<'content'> = { messages: async (locale) => compileMessages(sourceCatalogs[locale].content) };

/** The page as a fresh install shows it in a language: its sample, with no seller set yet. The build prerenders this. */
export async function samplePage(slug: ContentSlug, brand: string, language: ContentLanguage = defaultContentLanguage): Promise<RenderedPage> {
  const words = { [language]: await sayIn(shippedWords, language, 'content') };
  const sources: VariableSources = { shopName: brand, seller: { name: '', address: '', taxId: '' }, rules: defaultBusinessRules, words };
  return renderBody(slug, language, sampleText(slug, language), sources, true, null);
}
