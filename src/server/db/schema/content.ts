import { boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
