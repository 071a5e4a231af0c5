import { z } from 'zod';
import type { CatalogDraft } from '../../catalog-draft';
import { addonDeliverySchema, packDeliverySchema } from '../../delivery';
import { panelMappingSchema } from '../../panel-mapping';
import { stripeCurrencies } from '../../currency';
import { locales } from '../../i18n/locales';

const key = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(64, 'At most 64 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Lower-case letters, digits and single dashes only');
const name = z.string().trim().min(1, 'Required').max(80, 'At most 80 characters');
const text = z.string().trim().max(300, 'At most 300 characters');
const whole = (min: number, max: number) =>
  z.number('Enter a number').int('Enter a whole number').min(min, `At least ${min}`).max(max, `At most ${max}`);
const cents = (min: number) => whole(min, 100_000_00);

/** An item's prices in the extra currencies: a Stripe currency code → a whole number of its minor unit. */
const prices = z
  .record(
    z.string().refine((code) => stripeCurrencies.includes(code), 'Not a currency the shop can sell in'),
    cents(0),
  )
  .optional();

const base = { sort: whole(0, 10_000), hidden: z.boolean() };

/*
 * An item's texts in other languages (shared/catalog-texts.ts, decision 077): only the languages
 * the shop ships, only the item's translatable texts, each within its own text's limit. Empty
 * means "not translated": the item's own text is shown.
 */
const shipped = locales.join(', ');
const translations = <T extends z.ZodRawShape>(shape: T) =>
  z
    .partialRecord(z.enum(locales), z.strictObject(shape, { error: (issue) => (issue.code === 'unrecognized_keys' ? `Only ${Object.keys(shape).join(', ')} can be translated here` : undefined) }), {
      // Zod reports a key outside the enum as unrecognized_keys, which the record's issue type leaves out.
      error: (issue) => ((issue.code as string) === 'unrecognized_keys' || issue.code === 'invalid_key' ? `Not a language the shop ships (${shipped})` : undefined),
    })
    .optional();
const translatedName = z.string().trim().max(80, 'At most 80 characters');
const translatedText = text;

const panel = panelMappingSchema.nullable().optional();

export const draftGameSchema = z.object({ slug: key, name, tagline: text, playerCap: whole(1, 10_000), panel, translations: translations({ tagline: translatedText.optional() }), ...base });
export const draftPlanSchema = z.object({
  id: key,
  game: key,
  name,
  ramGb: whole(1, 1024),
  vcpu: z.number('Enter a number').min(0.5, 'At least 0.5').max(256, 'At most 256').multipleOf(0.5, 'Use steps of 0.5'),
  diskGb: whole(1, 100_000),
  playerCap: whole(1, 10_000),
  priceCents: cents(1),
  description: text,
  recommended: z.boolean(),
  panel,
  prices,
  translations: translations({ description: translatedText.optional() }),
  ...base,
});
export const draftAddonSchema = z.object({
  key,
  name,
  description: text,
  priceCents: cents(0),
  maxQuantity: whole(1, 100),
  delivery: addonDeliverySchema,
  prices,
  translations: translations({ name: translatedName.optional(), description: translatedText.optional() }),
  ...base,
});
export const draftPeriodSchema = z.object({ value: key, label: name, months: whole(1, 36), discountPercent: whole(0, 90), translations: translations({ label: translatedName.optional() }), ...base });
export const draftLocationSchema = z.object({
  value: key,
  label: name,
  capacity: whole(0, 1_000_000).nullable(),
  monthlyCents: cents(0).optional(),
  panelLocation: z.string().trim().min(1, 'Required').max(64, 'At most 64 characters').nullable(),
  prices,
  translations: translations({ label: translatedName.optional() }),
  ...base,
});
export const draftPackSchema = z.object({
  id: key,
  name,
  priceCents: cents(1),
  tagline: text,
  highlights: z.array(z.object({ title: name, text }), 'A list of highlights').max(6, 'At most 6 highlights'),
  features: z.array(z.string().trim().min(1, 'Required').max(200, 'At most 200 characters')).max(20, 'At most 20 features'),
  delivery: packDeliverySchema,
  prices,
  translations: translations({
    name: translatedName.optional(),
    tagline: translatedText.optional(),
    highlights: z.array(z.object({ title: translatedName, text: translatedText }), 'A list of highlights').max(6, 'At most 6 highlights').optional(),
    features: z.array(z.string().trim().max(200, 'At most 200 characters')).max(20, 'At most 20 features').optional(),
  }),
  ...base,
});

/** A game version as the panels' eggs take it: "1.21.4", "1.20.1-47.3.0". */
export const softwareVersionSchema = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(20, 'At most 20 characters')
  .regex(/^[0-9A-Za-z][0-9A-Za-z.+_-]*$/, 'Letters, digits, dots, dashes, plus signs and underscores only');

export const draftSoftwareSchema = z.object({
  id: key,
  game: key,
  name,
  description: text,
  versions: z.array(softwareVersionSchema, 'A list of versions').min(1, 'List at least one version').max(50, 'At most 50 versions'),
  recommendedRamGb: whole(1, 1024),
  translations: translations({ description: translatedText.optional() }),
  ...base,
});

export const catalogDraftSchema = z.object({
  games: z.array(draftGameSchema).max(50),
  plans: z.array(draftPlanSchema).max(500),
  addons: z.array(draftAddonSchema).max(100),
  periods: z.array(draftPeriodSchema).max(20),
  locations: z.array(draftLocationSchema).max(100),
  packs: z.array(draftPackSchema).max(50),
  software: z.array(draftSoftwareSchema).max(50),
});

// The schema and the stored shape must not drift apart.
export type CatalogDraftInput = z.infer<typeof catalogDraftSchema>;
const _sameShape: [CatalogDraftInput] extends [CatalogDraft] ? ([CatalogDraft] extends [CatalogDraftInput] ? true : false) : false = true;
void _sameShape;

/** PUT /api/admin/catalog and POST /api/admin/catalog/preview. */
export const saveCatalogSchema = z.object({
  /** The version the editor started from; the save is refused if another one was saved since. */
  baseVersion: z.number().int().min(1),
  catalog: catalogDraftSchema,
  /** Why: kept on the version and in the audit log. */
  reason: z.string().trim().min(3, 'Say in a few words why').max(500, 'At most 500 characters'),
});
export type SaveCatalogInput = z.infer<typeof saveCatalogSchema>;

/** How many running services use each item, so staff see what a change or a hidden item touches. */
export const catalogUsageSchema = z.object({
  plans: z.record(z.string(), z.number().int()),
  addons: z.record(z.string(), z.number().int()),
  periods: z.record(z.string(), z.number().int()),
  locations: z.record(z.string(), z.number().int()),
  games: z.record(z.string(), z.number().int()),
  /** Minecraft servers on each software; those on the game's default install count as "vanilla". */
  software: z.record(z.string(), z.number().int()),
});
export type CatalogUsage = z.infer<typeof catalogUsageSchema>;

export const adminCatalogSchema = z.object({
  version: z.number().int(),
  savedAt: z.string(),
  savedBy: z.string().nullable(),
  note: z.string().nullable(),
  catalog: catalogDraftSchema,
  usage: catalogUsageSchema,
  /** The brand's essentials pack slug, for links to the pack pages. */
  essentialsSlug: z.string(),
  /** The shop's currency (the items' own prices) and the extra ones, each with a price list (decision 063). */
  currencies: z.object({ shop: z.string(), extras: z.array(z.string()) }),
});
export type AdminCatalog = z.infer<typeof adminCatalogSchema>;

export const catalogChangeSchema = z.object({
  section: z.enum(['games', 'plans', 'addons', 'periods', 'locations', 'packs', 'software']),
  key: z.string(),
  label: z.string(),
  /** 'added', 'hidden', 'shown', or the field that changed. */
  what: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type CatalogChange = z.infer<typeof catalogChangeSchema>;

/** A plan or pack on sale priced under a currency's minimum charge: saved, but staff are told (decision 073). */
export const priceWarningSchema = z.object({ field: z.string(), label: z.string(), message: z.string() });

export const catalogPreviewSchema = z.object({
  changes: z.array(catalogChangeSchema),
  warnings: z.array(priceWarningSchema),
  /** Running services whose renewal price would go up (30 days' notice) or down (next renewal). */
  increases: z.number().int(),
  decreases: z.number().int(),
});
export type CatalogPreview = z.infer<typeof catalogPreviewSchema>;

export const saveCatalogResultSchema = z.object({
  version: z.number().int(),
  changes: z.array(catalogChangeSchema),
  warnings: z.array(priceWarningSchema),
  increases: z.number().int(),
  decreases: z.number().int(),
  withdrawn: z.number().int(),
});
export type SaveCatalogResult = z.infer<typeof saveCatalogResultSchema>;

export const catalogVersionSummarySchema = z.object({
  version: z.number().int(),
  savedAt: z.string(),
  savedBy: z.string().nullable(),
  note: z.string().nullable(),
});
export const catalogVersionListSchema = z.object({ items: z.array(catalogVersionSummarySchema) });
export type CatalogVersionList = z.infer<typeof catalogVersionListSchema>;

/** POST /api/admin/catalog/panel-check: one plan of the edited catalog, checked against the panel. */
export const panelPlanCheckInputSchema = z.object({ catalog: catalogDraftSchema, planId: key });
export type PanelPlanCheckInput = z.infer<typeof panelPlanCheckInputSchema>;

export const panelPlanCheckSchema = z.object({
  /** The simulated panel needs no set-up: nothing to check. */
  simulated: z.boolean(),
  /** What would fail, in words staff can act on; empty when the plan can be set up. */
  problems: z.array(z.string()),
  /** Whether a node in each location on sale has room for one more server of the plan. */
  locations: z.array(z.object({ value: z.string(), label: z.string(), fits: z.boolean() })),
});
export type PanelPlanCheck = z.infer<typeof panelPlanCheckSchema>;
