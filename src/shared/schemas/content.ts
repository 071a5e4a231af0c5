import { z } from 'zod';
import { contentLanguages, contentSlugs, defaultContentLanguage } from '../content-pages';

export * from '../content-pages';

export const contentSlugSchema = z.enum(contentSlugs);
export const contentLanguageSchema = z.enum(contentLanguages);

/** One `## ` section of a page, rendered to HTML on the server. */
export const renderedSectionSchema = z.object({ id: z.string(), title: z.string(), html: z.string() });

/**
 * A page as the public site shows it: the `# ` title, the HTML before the first section, and one
 * entry per `## ` section. The Markdown is rendered on the server, so no parser ships to browsers.
 */
export const renderedPageSchema = z.object({
  slug: contentSlugSchema,
  language: contentLanguageSchema,
  title: z.string(),
  introHtml: z.string(),
  sections: z.array(renderedSectionSchema),
  /** ISO time of the version shown; null for the sample that ships with the product. */
  updatedAt: z.string().nullable(),
  sample: z.boolean(),
});
export type RenderedPage = z.infer<typeof renderedPageSchema>;

export const contentPageParams = z.object({ slug: contentSlugSchema });
export const contentLanguageQuery = z.object({ lang: contentLanguageSchema.default(defaultContentLanguage) });

export const contentBodySchema = z
  .string()
  .trim()
  .min(1, 'Write the page text')
  .max(100_000, 'The page text is at most 100,000 characters')
  .refine((s) => /^#\s+\S/m.test(s), 'Start the page with a title line, such as "# About us"');

export const contentSaveSchema = z.object({
  language: contentLanguageSchema,
  body: contentBodySchema,
});
export type ContentSaveInput = z.input<typeof contentSaveSchema>;

export const contentPreviewSchema = contentSaveSchema;

export const contentRestoreSchema = z.object({
  language: contentLanguageSchema,
  /** The version to copy into a new one; 0 is the sample that ships with the product. */
  version: z.number().int().min(0),
});

/** What every numbered history shows of a version (pages, articles): its number, who, when, and what it restored. */
export const versionMetaSchema = z.object({
  version: z.number().int(),
  sample: z.boolean(),
  authorEmail: z.string().nullable(),
  createdAt: z.string().nullable(),
  /** The version this one restored, if it was a restore. */
  restoredFrom: z.number().int().nullable(),
  /** Why staff saved it, when they said (articles). */
  reason: z.string().nullable().optional(),
});
export type VersionMeta = z.infer<typeof versionMetaSchema>;

export const contentVersionSchema = versionMetaSchema.extend({ body: z.string() });
export type ContentVersion = z.infer<typeof contentVersionSchema>;

/** One page in one language for the editor: its versions, newest first (the last is the sample). */
export const contentPageEditSchema = z.object({
  slug: contentSlugSchema,
  language: contentLanguageSchema,
  /** True when this language has no text of its own: it shows the default language's staff-written text, else its own sample. */
  fallback: z.boolean(),
  current: contentVersionSchema,
  versions: z.array(contentVersionSchema),
  variables: z.array(z.object({ name: z.string(), description: z.string() })),
});
export type ContentPageEdit = z.infer<typeof contentPageEditSchema>;

export const contentPageSummarySchema = z.object({
  slug: contentSlugSchema,
  label: z.string(),
  path: z.string(),
  /** Languages with text of their own. */
  languages: z.array(contentLanguageSchema),
  /** The default language's text is still the sample shipped with the product. */
  sample: z.boolean(),
  /** The languages whose public page still shows sample text: their own sample, or a sample staff saved (decision 079). */
  sampleLanguages: z.array(contentLanguageSchema),
  updatedAt: z.string().nullable(),
});
export type ContentPageSummary = z.infer<typeof contentPageSummarySchema>;
export const contentPageListSchema = z.object({ pages: z.array(contentPageSummarySchema) });
