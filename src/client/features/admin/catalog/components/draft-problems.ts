import { catalogSections, itemKey, type CatalogDraft, type CatalogSection } from '../../../../../shared/catalog-draft';
import { catalogProblems, itemLabel } from '../../../../../shared/catalog-rules';
import { isLocale, localeNames } from '../../../../../shared/i18n/locales';
import { catalogDraftSchema } from '../../../../../shared/schemas/admin/catalog';

export interface Problem {
  /** `section.key.field`, `section.key` or `section`, as the server names them. */
  path: string;
  section: CatalogSection;
  /** Where staff find it: "Minecraft 4GB: monthly price". */
  where: string;
  message: string;
}

const fieldNames: Record<string, string> = {
  priceCents: 'price',
  ramGb: 'RAM',
  vcpu: 'vCPU',
  diskGb: 'disk',
  playerCap: 'player cap',
  maxQuantity: 'most per server',
  discountPercent: 'discount',
  months: 'months',
  capacity: 'capacity',
  panelLocation: 'panel location',
  name: 'name',
  label: 'label',
  tagline: 'tagline',
  description: 'description',
  features: 'features',
  highlights: 'highlights',
  recommended: 'recommended',
  versions: 'versions',
  recommendedRamGb: 'recommended memory',
  game: 'game',
};

function describe(draft: CatalogDraft, section: CatalogSection, key: string | undefined, field: string | undefined): string {
  const item = key === undefined ? undefined : (draft[section] as CatalogDraft[CatalogSection][number][]).find((i) => itemKey(section, i) === key);
  const label = item ? itemLabel(draft, section, item) || key : key;
  const fieldName = field ? (fieldNames[field] ?? field) : undefined;
  return [label, fieldName].filter(Boolean).join(': ') || section;
}

/**
 * Everything the server would refuse, found before sending: the shared schema's checks on each
 * field, and the catalog rules (nothing removed, one recommended plan per game, ...).
 */
export function draftProblems(draft: CatalogDraft, previous: CatalogDraft): Problem[] {
  const problems = new Map<string, Problem>();
  const parsed = catalogDraftSchema.safeParse(draft);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [section, index, field] = issue.path as [CatalogSection, number | undefined, string | undefined];
      if (!catalogSections.includes(section)) continue;
      const item = typeof index === 'number' ? (draft[section] as CatalogDraft[CatalogSection][number][])[index] : undefined;
      const key = item ? itemKey(section, item) : undefined;
      // A text in another language: "Minecraft: tagline in Deutsch" (decision 077), one problem per language and text.
      const [, , , locale, text] = issue.path;
      const inLanguage = field === 'translations' && isLocale(locale);
      const path = [section, key, field, ...(inLanguage ? [locale, typeof text === 'string' ? text : undefined] : [])].filter((p) => p !== undefined).join('.');
      const translated = inLanguage ? `${typeof text === 'string' ? text : 'texts'} in ${localeNames[locale]}` : field;
      if (!problems.has(path)) problems.set(path, { path, section, where: describe(draft, section, key, translated), message: issue.message });
    }
  }
  for (const [path, message] of Object.entries(catalogProblems(draft, previous))) {
    if (problems.has(path)) continue;
    const [section, key, field] = path.split('.') as [CatalogSection, string | undefined, string | undefined];
    problems.set(path, { path, section, where: describe(key && !draft[section].some((i) => itemKey(section, i) === key) ? previous : draft, section, key, field), message });
  }
  return [...problems.values()];
}
