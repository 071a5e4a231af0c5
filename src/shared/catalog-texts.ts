import type { Catalog } from './catalog';
import type { Locale } from './i18n/locales';

/**
 * The catalog's own words in more languages (decision 077): each item may carry, per language,
 * its customer-facing texts again. A text left out or empty there reads as the item's own
 * (base) text, so a half-translated item never shows a blank. Names of things (games, plans,
 * software) stay as they are; words are translated.
 */
export interface GameTexts {
  tagline?: string;
}
export interface PlanTexts {
  description?: string;
}
export interface AddonTexts {
  name?: string;
  description?: string;
}
export interface LabelTexts {
  label?: string;
}
export interface PackTexts {
  name?: string;
  tagline?: string;
  /** Entry by entry, in the order of the pack's own; an empty title or text keeps the pack's. */
  highlights?: { title: string; text: string }[];
  /** Entry by entry, in the order of the pack's own; an empty one keeps the pack's. */
  features?: string[];
}
export interface SoftwareTexts {
  description?: string;
}

/** An item's texts per language; absent, or a language left out: its own text everywhere. */
export type Translations<T> = Partial<Record<Locale, T>>;

/** Which texts of each section's items can be translated, as the editor lists them. */
export const translatedFields = {
  games: ['tagline'],
  plans: ['description'],
  addons: ['name', 'description'],
  periods: ['label'],
  locations: ['label'],
  packs: ['name', 'tagline', 'highlights', 'features'],
  software: ['description'],
} as const;

type WithTranslations<T> = { translations?: Translations<T> };

const pick = (own: string, translated: string | undefined): string => (translated && translated.trim() ? translated : own);

/** One plain text of an item in `locale`, else its own. */
function textIn<T extends object>(item: WithTranslations<T> | undefined, locale: Locale, field: keyof T, own: string): string {
  const texts = item?.translations?.[locale];
  return pick(own, texts?.[field] as string | undefined);
}

/** An item's texts in `locale`; the item itself when it has none there. */
export function packTextsIn(
  pack: { name: string; tagline: string; highlights: { title: string; text: string }[]; features: string[] },
  source: WithTranslations<PackTexts> | undefined,
  locale: Locale,
) {
  const texts = source?.translations?.[locale];
  if (!texts) return { name: pack.name, tagline: pack.tagline, highlights: pack.highlights, features: pack.features };
  return {
    name: pick(pack.name, texts.name),
    tagline: pick(pack.tagline, texts.tagline),
    highlights: pack.highlights.map((h, i) => ({ title: pick(h.title, texts.highlights?.[i]?.title), text: pick(h.text, texts.highlights?.[i]?.text) })),
    features: pack.features.map((f, i) => pick(f, texts.features?.[i])),
  };
}

/** Whether any item of the draft has a text in `locale`. */
function hasLocale(source: TranslatedDraft, locale: Locale): boolean {
  return Object.values(source).some((items) => Array.isArray(items) && items.some((i: WithTranslations<unknown>) => i.translations?.[locale] !== undefined));
}

/** The parts of a catalog draft that carry translations, by the keys the storefront's catalog uses. */
export interface TranslatedDraft {
  games: ({ slug: string } & WithTranslations<GameTexts>)[];
  plans: ({ id: string } & WithTranslations<PlanTexts>)[];
  addons: ({ key: string } & WithTranslations<AddonTexts>)[];
  periods: ({ value: string } & WithTranslations<LabelTexts>)[];
  locations: ({ value: string } & WithTranslations<LabelTexts>)[];
  packs: ({ id: string } & WithTranslations<PackTexts>)[];
}

/**
 * The storefront's catalog with every text in `locale` where `source` (the saved draft it was
 * made from) has one, else the text as it is. The same object when the draft has none in it.
 */
export function localizeCatalog(catalog: Catalog, source: TranslatedDraft, locale: Locale): Catalog {
  if (!hasLocale(source, locale)) return catalog;
  const by = <T, K extends keyof T>(items: T[], key: K) => new Map(items.map((i) => [i[key], i]));
  const games = by(source.games, 'slug');
  const plans = by(source.plans, 'id');
  const addons = by(source.addons, 'key');
  const periods = by(source.periods, 'value');
  const locations = by(source.locations, 'value');
  const packs = by(source.packs, 'id');
  return {
    ...catalog,
    games: catalog.games.map((g) => ({ ...g, tagline: textIn(games.get(g.slug), locale, 'tagline', g.tagline) })),
    plans: catalog.plans.map((p) => ({ ...p, description: textIn(plans.get(p.id), locale, 'description', p.description) })),
    addons: catalog.addons.map((a) => {
      const item = addons.get(a.key);
      return { ...a, name: textIn(item, locale, 'name', a.name), description: textIn(item, locale, 'description', a.description) };
    }),
    periods: catalog.periods.map((p) => ({ ...p, label: textIn(periods.get(p.value), locale, 'label', p.label) })),
    locations: catalog.locations.map((l) => ({ ...l, label: textIn(locations.get(l.value), locale, 'label', l.label) })),
    packs: catalog.packs.map((p) => ({ ...p, ...packTextsIn(p, packs.get(p.id), locale) })),
  };
}

/** A location's label in `locale` (the catalog's translation, else its own label), or undefined for one the catalog does not have. */
export function locationLabelIn(
  locations: readonly ({ value: string; label: string } & WithTranslations<LabelTexts>)[],
  value: string,
  locale: Locale,
): string | undefined {
  const location = locations.find((l) => l.value === value);
  return location ? textIn(location, locale, 'label', location.label) : undefined;
}

/** Every shipped language's label of a location, for a record that is read later in its reader's language. */
export function locationLabels(
  locations: readonly ({ value: string; label: string } & WithTranslations<LabelTexts>)[],
  value: string,
): Partial<Record<Locale, string>> {
  const location = locations.find((l) => l.value === value);
  if (!location) return {};
  return Object.fromEntries(Object.keys(location.translations ?? {}).map((locale) => [locale, textIn(location, locale as Locale, 'label', location.label)]));
}

/** A software's description in `locale`, else its own. */
export function softwareDescriptionIn(software: { description: string } & WithTranslations<SoftwareTexts>, locale: Locale): string {
  return textIn(software, locale, 'description', software.description);
}
