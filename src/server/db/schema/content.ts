import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Every saved version of a page staff write in Markdown (features/content), per language. The
 * newest version of a page in a language is the one shown; older ones are its history. A page
 * with no row in a language shows the default language's, and with none at all the sample the
 * product ships with (version 0, kept in code).
 */
export const contentPageVersions = pgTable(
  'content_page_versions',
  {
    slug: text('slug').notNull(),
    language: text('language').notNull(),
    version: integer('version').notNull(),
    body: text('body').notNull(),
    /** The text is the product's sample (restored or saved unchanged), not the host's own. */
    sample: boolean('sample').notNull().default(false),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorEmail: text('author_email'),
    restoredFrom: integer('restored_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.slug, t.language, t.version] })],
);

/**
 * Banners staff post to customers' dashboards (features/content). `target` picks who sees
 * one: every signed-in customer, or those with a live server of one of `target_values`' games
 * or in one of its locations.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    format: text('format').$type<'markdown' | 'plain'>().notNull(),
    severity: text('severity').$type<'info' | 'warning' | 'critical'>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    target: text('target').$type<'all' | 'game' | 'location'>().notNull(),
    targetValues: text('target_values').array().notNull().default(sql`'{}'::text[]`),
    /** The same announcement in other languages, for readers of that language; the title and body above are for everyone else. */
    translations: jsonb('translations').$type<Partial<Record<string, { title: string; body: string }>>>().notNull().default({}),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorEmail: text('author_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('announcements_window').on(t.startsAt, t.endsAt)],
);

/** A customer closed an announcement: it stays closed on every device. */
export const announcementDismissals = pgTable(
  'announcement_dismissals',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userId] })],
);

/**
 * News posts and help-centre articles staff write in Markdown (features/content, decision 064),
 * one row per article and language. A language without its own row shows the default
 * language's. `sample` marks the text the product ships with (the old blog and FAQ).
 */
export const articles = pgTable(
  'articles',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').$type<'news' | 'help'>().notNull(),
    slug: text('slug').notNull(),
    language: text('language').notNull(),
    /** The help category's slug; null for news. */
    category: text('category'),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<'draft' | 'published'>().notNull(),
    /** When it shows as published (a later time schedules it); null for a draft never published. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    sample: boolean('sample').notNull().default(false),
    /** Order within a help category, lowest first. */
    position: integer('position').notNull().default(0),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorEmail: text('author_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('articles_kind_slug_language').on(t.kind, t.slug, t.language), index('articles_listing').on(t.kind, t.status, t.publishedAt)],
);

/** The help centre's categories, with a title per language (the default language's is required). */
export const helpCategories = pgTable('help_categories', {
  slug: text('slug').primaryKey(),
  position: integer('position').notNull().default(0),
  titles: jsonb('titles').$type<Record<string, string>>().notNull(),
  sample: boolean('sample').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * Every saved version of an article in its language (decision 074), as pages keep theirs: the
 * article row is the newest, this is its history. A restore copies an old version into a new one.
 */
export const articleVersions = pgTable(
  'article_versions',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
    category: text('category'),
    status: text('status').$type<'draft' | 'published'>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    position: integer('position').notNull().default(0),
    sample: boolean('sample').notNull().default(false),
    /** Why staff saved or restored it, when they said. */
    reason: text('reason'),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorEmail: text('author_email'),
    restoredFrom: integer('restored_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.version] })],
);
