import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Staff's own wording of a message in one language (decision 054): it wins over the shipped
 * file's text. Written at /admin/translations, audited; pages follow it without a rebuild.
 */
export const translationOverrides = pgTable(
  'translation_overrides',
  {
    locale: text('locale').notNull(),
    key: text('key').notNull(),
    message: text('message').notNull(),
    updatedAt: at('updated_at').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.locale, t.key] })],
);

/** The shop's one row (id 1) of language settings: the default language, set in Settings, audited. */
export const languageSettings = pgTable(
  'language_settings',
  {
    id: integer('id').primaryKey(),
    defaultLocale: text('default_locale').notNull().default('en'),
    updatedAt: at('updated_at'),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('language_settings_single_row', sql`${t.id} = 1`)],
);
