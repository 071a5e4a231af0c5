import { catalogSections, itemKey, type CatalogDraft, type CatalogSection } from './catalog-draft';
import { deliveryLabel, deliveryProblem, type AddonDelivery } from './delivery';
import { formatMoney } from './money';

type Item = CatalogDraft[CatalogSection][number];

const nouns: Record<CatalogSection, string> = {
  games: 'game',
  plans: 'plan',
  addons: 'add-on',
  periods: 'billing period',
  locations: 'location',
  packs: 'upgrade pack',
  software: 'software',
};

/** How staff recognise an item: "Minecraft 4GB", "Additional SSD", "EU West (Amsterdam)". */
export function itemLabel(draft: CatalogDraft, section: CatalogSection, item: Item): string {
  if (section === 'plans') {
    const plan = item as CatalogDraft['plans'][number];
    const game = draft.games.find((g) => g.slug === plan.game);
    return `${game?.name ?? plan.game} ${plan.name}`.trim();
  }
  if ('label' in item) return item.label;
  return (item as { name: string }).name;
}

/** The field name of an item's identifier, for error keys. */
function keyField(section: CatalogSection) {
  return section === 'games' ? 'slug' : section === 'addons' ? 'key' : section === 'periods' || section === 'locations' ? 'value' : 'id';
}

/**
 * What is wrong with a catalog before it can be saved, keyed `section.key.field` (or
 * `section.key`, or `section`), each with a message staff can act on. `previous` is the version
 * the edit started from: nothing in it may disappear, only be hidden.
 */
export function catalogProblems(draft: CatalogDraft, previous?: CatalogDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  const add = (path: string, message: string) => {
    problems[path] ??= message;
  };

  for (const section of catalogSections) {
    const seen = new Set<string>();
    for (const item of draft[section] as Item[]) {
      const key = itemKey(section, item);
      if (seen.has(key)) add(`${section}.${key}.${keyField(section)}`, `Another ${nouns[section]} already uses "${key}"`);
      seen.add(key);
    }
    if (previous) {
      for (const old of previous[section] as Item[]) {
        const key = itemKey(section, old);
        if (!seen.has(key)) {
          add(`${section}.${key}`, `${itemLabel(previous, section, old)} was removed. Hide it instead: services that use it keep it.`);
        }
      }
    }
  }

  const games = new Map(draft.games.map((g) => [g.slug, g]));
  for (const plan of draft.plans) {
    if (!games.has(plan.game)) add(`plans.${plan.id}.game`, `There is no game "${plan.game}"`);
    if (previous) {
      const before = previous.plans.find((p) => p.id === plan.id);
      if (before && before.game !== plan.game) add(`plans.${plan.id}.game`, 'A plan stays with its game; add a new plan instead');
    }
  }

  for (const software of draft.software) {
    if (!games.has(software.game)) add(`software.${software.id}.game`, `There is no game "${software.game}"`);
    const before = previous?.software.find((s) => s.id === software.id);
    if (before && before.game !== software.game) add(`software.${software.id}.game`, 'Software stays with its game; add new software instead');
    const seenVersions = new Set<string>();
    for (const version of software.versions) {
      if (seenVersions.has(version)) add(`software.${software.id}.versions`, `${version} is listed twice`);
      seenVersions.add(version);
    }
  }

  for (const addon of draft.addons) {
    const wrong = addon.delivery ? deliveryProblem(addon.delivery) : 'Choose how it is delivered';
    if (wrong) add(`addons.${addon.key}.delivery`, wrong);
  }

  const visibleGames = draft.games.filter((g) => !g.hidden);
  if (visibleGames.length === 0) add('games', 'Keep at least one game on sale');
  for (const game of visibleGames) {
    const plans = draft.plans.filter((p) => p.game === game.slug && !p.hidden);
    if (plans.length === 0) add(`games.${game.slug}`, `${game.name} has no plan on sale. Show a plan, or hide the game.`);
    const recommended = plans.filter((p) => p.recommended);
    if (recommended.length > 1) {
      for (const p of recommended.slice(1)) add(`plans.${p.id}.recommended`, `${game.name} already recommends ${recommended[0]!.name}; recommend one plan per game`);
    }
  }
  if (!draft.periods.some((p) => !p.hidden)) add('periods', 'Keep at least one billing period on sale');
  if (!draft.locations.some((l) => !l.hidden)) add('locations', 'Keep at least one location on sale');
  return problems;
}

export interface CatalogChangeLine {
  section: CatalogSection;
  key: string;
  label: string;
  what: string;
  before: string | null;
  after: string | null;
}

const money = new Set(['priceCents']);

/** JSON with object keys sorted: the database hands objects back with its own key order. */
export function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

function show(field: string, value: unknown, currency: string): string {
  if (value === null || value === undefined) return '—';
  if (money.has(field) && typeof value === 'number') return formatMoney(value, currency);
  if (field === 'discountPercent') return `${String(value)}%`;
  if (field === 'vcpu') return `${String(value)} vCPU`;
  if (field === 'ramGb' || field === 'diskGb') return `${String(value)}GB`;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (field === 'recommendedRamGb') return `${String(value)}GB`;
  if (field === 'versions' && Array.isArray(value)) return value.join(', ');
  if (field === 'prices' && typeof value === 'object') {
    const list = Object.entries(value as Record<string, number>).sort(([a], [b]) => a.localeCompare(b));
    return list.length ? list.map(([code, minor]) => formatMoney(minor, code)).join(', ') : '—';
  }
  if (field === 'delivery' && typeof value === 'object') return deliveryLabel(value as AddonDelivery);
  if (Array.isArray(value)) return `${value.length} item${value.length === 1 ? '' : 's'}`;
  return String(value);
}

type Texts = Partial<Record<string, Record<string, unknown>>>;

/**
 * Text by text, what changed in an item's other languages (decision 077): "tagline (de)" with the
 * text before and after, so a review shows each translation written, changed or cleared.
 */
function translationChanges(section: CatalogSection, key: string, label: string, prev: Item, item: Item, currency: string): CatalogChangeLine[] {
  const before = ((prev as { translations?: Texts }).translations ?? {}) as Texts;
  const after = ((item as { translations?: Texts }).translations ?? {}) as Texts;
  const lines: CatalogChangeLine[] = [];
  for (const locale of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[locale] ?? {};
    const b = after[locale] ?? {};
    for (const field of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const empty = (v: unknown) => v === undefined || v === '' || (Array.isArray(v) && v.every((e) => e === '' || (typeof e === 'object' && e !== null && Object.values(e).every((x) => x === ''))));
      const was = empty(a[field]) ? undefined : a[field];
      const is = empty(b[field]) ? undefined : b[field];
      if (canonical(was) === canonical(is)) continue;
      lines.push({ section, key, label, what: `${field} (${locale})`, before: show(field, was, currency), after: show(field, is, currency) });
    }
  }
  return lines;
}

/** Field by field, what a new version changes: added items, hidden or shown ones, and edited fields. */
/** `currency`: the shop's, which catalog prices are in. */
export function diffCatalog(before: CatalogDraft, after: CatalogDraft, currency: string): CatalogChangeLine[] {
  const lines: CatalogChangeLine[] = [];
  for (const section of catalogSections) {
    const old = new Map((before[section] as Item[]).map((i) => [itemKey(section, i), i]));
    for (const item of after[section] as Item[]) {
      const key = itemKey(section, item);
      const label = itemLabel(after, section, item);
      const prev = old.get(key);
      if (!prev) {
        lines.push({ section, key, label, what: 'added', before: null, after: item.hidden ? 'hidden' : 'on sale' });
        continue;
      }
      if (prev.hidden !== item.hidden) lines.push({ section, key, label, what: item.hidden ? 'hidden' : 'shown', before: null, after: null });
      lines.push(...translationChanges(section, key, label, prev, item, currency));
      for (const field of Object.keys(item) as (keyof Item)[]) {
        if (field === 'hidden' || field === 'translations') continue;
        const a = canonical(prev[field]);
        const b = canonical(item[field]);
        if (a !== b) lines.push({ section, key, label, what: String(field), before: show(String(field), prev[field], currency), after: show(String(field), item[field], currency) });
      }
    }
  }
  return lines;
}
