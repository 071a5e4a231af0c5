import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Brand } from '../../../shared/brand';
import type { BusinessRules } from '../../../shared/business-rules';
import { users } from './auth';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The shop's one row (id 1) of brand and business rules, as staff saved them in Settings; null
 * until first saved, when the defaults apply. `version` grows with every save (uploads included),
 * so every instance can tell its cached copy is stale (features/brand).
 */
export const brandSettings = pgTable(
  'brand_settings',
  {
    id: integer('id').primaryKey(),
    brand: jsonb('brand').$type<Omit<Brand, 'logo' | 'favicon'>>(),
    rules: jsonb('rules').$type<BusinessRules>(),
    version: integer('version').notNull().default(0),
    updatedAt: at('updated_at'),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('brand_settings_single_row', sql`${t.id} = 1`)],
);

/** The uploaded logo and favicon: bytes (base64, portable across PGlite and PostgreSQL) and a content hash for the URL. */
export const brandAssets = pgTable('brand_assets', {
  kind: text('kind').$type<'logo' | 'favicon'>().primaryKey(),
  contentType: text('content_type').notNull(),
  data: text('data').notNull(),
  sha256: text('sha256').notNull(),
  bytes: integer('bytes').notNull(),
  updatedAt: at('updated_at').notNull(),
});
