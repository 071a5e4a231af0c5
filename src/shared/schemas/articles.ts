import { z } from 'zod';
import { dateTimeSchema } from './dates';
import { contentLanguageSchema, contentLanguages, defaultContentLanguage, versionMetaSchema } from './content';

/** News posts and help-centre articles staff write in Markdown (decision 064). */
export const articleKinds = ['news', 'help'] as const;
export type ArticleKind = (typeof articleKinds)[number];
export const articleKindSchema = z.enum(articleKinds);
export const articleStatuses = ['draft', 'published'] as const;
export type ArticleStatus = (typeof articleStatuses)[number];

export const slugSchema = z
  .string()
  .trim()
  .min(2, 'The address needs at least 2 characters')
  .max(80, 'The address is at most 80 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens, such as "first-steps"');

export const articleInputSchema = z
  .object({
    kind: articleKindSchema,
    slug: slugSchema,
    language: contentLanguageSchema,
    /** The help category's slug; none for news. */
    category: z.string().trim().max(80).nullable().default(null),
    title: z.string().trim().min(3, 'Write a title of at least 3 characters').max(160, 'The title is at most 160 characters'),
    summary: z.string().trim().min(1, 'Write a one- or two-sentence summary').max(400, 'The summary is at most 400 characters'),
    body: z.string().trim().min(1, 'Write the text').max(100_000, 'The text is at most 100,000 characters'),
    status: z.enum(articleStatuses),
    /** When it is published; a later time schedules it. Required to publish news, set to now for help when empty. */
    publishedAt: dateTimeSchema('Choose the publication date and time').nullable().default(null),
    position: z.number().int().min(0).max(10_000).default(0),
    reason: z.string().trim().max(500).optional(),
    /** Sent by the form for a new article: refused when one already stands at this address in this language, instead of overwriting it. */
    create: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'help' && !v.category) ctx.addIssue({ code: 'custom', path: ['category'], message: 'Choose a category' });
    if (v.kind === 'news' && v.category) ctx.addIssue({ code: 'custom', path: ['category'], message: 'News posts have no category' });
    if (v.kind === 'news' && v.status === 'published' && !v.publishedAt) ctx.addIssue({ code: 'custom', path: ['publishedAt'], message: 'Choose the publication date' });
  });
export type ArticleInput = z.input<typeof articleInputSchema>;

export const articleKeyParams = z.object({ kind: articleKindSchema, slug: slugSchema });
export const articleLanguageParams = articleKeyParams.extend({ language: contentLanguageSchema });
export const articleDeleteSchema = z.object({ reason: z.string().trim().max(500).optional() });

export const articleSummarySchema = z.object({
  kind: articleKindSchema,
  slug: z.string(),
  language: contentLanguageSchema,
  category: z.string().nullable(),
  title: z.string(),
  summary: z.string(),
  publishedAt: z.string().nullable(),
  sample: z.boolean(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

/** An article as the public site shows it: the Markdown rendered to HTML on the server, variables filled in. */
export const articleViewSchema = articleSummarySchema.extend({ html: z.string(), updatedAt: z.string() });
export type ArticleView = z.infer<typeof articleViewSchema>;

export const helpCategorySchema = z.object({ slug: z.string(), title: z.string(), position: z.number().int(), sample: z.boolean() });
export type HelpCategory = z.infer<typeof helpCategorySchema>;

export const articleListQuery = z.object({ lang: contentLanguageSchema.default(defaultContentLanguage), category: z.string().max(80).optional() });
export const articleSearchQuery = z.object({
  lang: contentLanguageSchema.default(defaultContentLanguage),
  q: z.string().trim().min(2, 'Search for at least 2 characters').max(100, 'Search for at most 100 characters'),
});
export const articleListSchema = z.object({ articles: z.array(articleSummarySchema) });
export const helpIndexSchema = z.object({ categories: z.array(helpCategorySchema), articles: z.array(articleSummarySchema) });
export type HelpIndex = z.infer<typeof helpIndexSchema>;

/** One row of the console's list: an article in one language, whatever its state. */
export const adminArticleSchema = articleSummarySchema.extend({
  id: z.uuid(),
  body: z.string(),
  status: z.enum(articleStatuses),
  position: z.number().int(),
  authorEmail: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminArticle = z.infer<typeof adminArticleSchema>;
export const adminArticleListSchema = z.object({ articles: z.array(adminArticleSchema), categories: z.array(helpCategorySchema) });

export const helpCategoryInputSchema = z.object({
  slug: slugSchema,
  position: z.number().int().min(0).max(10_000).default(0),
  titles: z
    .partialRecord(z.enum(contentLanguages), z.string().trim().max(80))
    .refine((t) => Boolean(t[defaultContentLanguage]?.trim()), { message: 'Write the English title' }),
});
export type HelpCategoryInput = z.input<typeof helpCategoryInputSchema>;

/** One saved version of an article in one language (decision 074): what it said, who saved it, when and why. */
export const articleVersionSchema = versionMetaSchema.extend({
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  category: z.string().nullable(),
  status: z.enum(articleStatuses),
  publishedAt: z.string().nullable(),
});
export type ArticleVersion = z.infer<typeof articleVersionSchema>;
export const articleVersionListSchema = z.object({ versions: z.array(articleVersionSchema) });
export const articleRestoreSchema = z.object({
  version: z.number().int().min(1),
  reason: z.string().trim().max(500).optional(),
});
export type ArticleRestore = z.infer<typeof articleRestoreSchema>;
