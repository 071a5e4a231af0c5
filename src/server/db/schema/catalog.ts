import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, pgView, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CatalogDraft } from '../../../shared/catalog-draft';
import { users } from './auth';
import type { OrderLine } from './orders';
import { planChanges } from './plan-changes';
import { servers } from './servers';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The catalog, one immutable row per save: version 1 is the checked-in seed, and the highest
 * version is what the storefront sells. Orders and services keep the version they were priced with.
 */
export const catalogVersions = pgTable(
  'catalog_versions',
  {
    version: integer('version').primaryKey(),
    catalog: jsonb('catalog').$type<CatalogDraft>().notNull(),
    /** What staff said the change was for (optional). */
    note: text('note'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByEmail: text('created_by_email'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [check('catalog_versions_version_check', sql`${t.version} >= 1`)],
);

export const priceChangeKinds = ['increase', 'decrease'] as const;
export const priceChangeStatuses = ['scheduled', 'applied', 'withdrawn'] as const;
export type PriceChangeStatus = (typeof priceChangeStatuses)[number];

/**
 * A catalog price change reaching one existing service, as the customer was told: a higher price
 * from the first renewal at least 30 days after the notice, a lower one from the next renewal.
 * 'scheduled' until a renewal charges it ('applied'); 'withdrawn' when a later version makes it
 * moot. At most one is scheduled per service. Renewals charge `new_cents` with these lines.
 */
export const servicePriceChanges = pgTable(
  'service_price_changes',
  {
    id: uuid('id').primaryKey(),
    serverId: uuid('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    catalogVersion: integer('catalog_version')
      .notNull()
      .references(() => catalogVersions.version),
    kind: text('kind').$type<(typeof priceChangeKinds)[number]>().notNull(),
    /** What a renewal charges before and after, for the service's whole billing period. */
    oldCents: integer('old_cents').notNull(),
    newCents: integer('new_cents').notNull(),
    lines: jsonb('lines').$type<OrderLine[]>().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    noticeAt: at('notice_at').notNull(),
    /** The start of the first billing period charged at the new price. */
    appliesFrom: at('applies_from').notNull(),
    status: text('status').$type<PriceChangeStatus>().notNull().default('scheduled'),
    appliedAt: at('applied_at'),
    withdrawnAt: at('withdrawn_at'),
    /** When the notice email went out; the sender retries rows where it is still null. */
    emailedAt: at('emailed_at'),
    /** When the customer was told a withdrawn change will not happen. */
    withdrawalEmailedAt: at('withdrawal_emailed_at'),
    /** Set when the customer's own plan change set this price (applied at once, never announced). */
    planChangeId: uuid('plan_change_id').references(() => planChanges.id),
  },
  (t) => [
    check('service_price_changes_kind_check', sql`${t.kind} in ('increase','decrease')`),
    check('service_price_changes_status_check', sql`${t.status} in ('scheduled','applied','withdrawn')`),
    check('service_price_changes_cents_check', sql`${t.oldCents} >= 0 and ${t.newCents} >= 0`),
    uniqueIndex('service_price_changes_version_idx').on(t.serverId, t.catalogVersion).where(sql`${t.planChangeId} is null`),
    uniqueIndex('service_price_changes_scheduled_idx').on(t.serverId).where(sql`${t.status} = 'scheduled'`),
    index('service_price_changes_user_idx').on(t.userId, t.status),
    index('service_price_changes_server_idx').on(t.serverId, t.status, t.appliesFrom),
  ],
);

const currentVersion = sql`(select max(version) from catalog_versions)`;

/**
 * The current version's games, hidden ones included, as rows: lists join it for a game's name.
 * (These were tables before catalog versions; the views keep their names and columns.)
 */
export const games = pgView('games', {
  slug: text('slug').notNull(),
  name: text('name').notNull(),
  tagline: text('tagline').notNull(),
  playerCap: integer('player_cap').notNull(),
  sort: integer('sort').notNull(),
  hidden: boolean('hidden').notNull(),
}).as(
  sql`select g.slug, g.name, g.tagline, g."playerCap" as player_cap, g.sort, g.hidden
      from catalog_versions cv
      cross join lateral jsonb_to_recordset(cv.catalog->'games') as g(slug text, name text, tagline text, "playerCap" integer, sort integer, hidden boolean)
      where cv.version = ${currentVersion}`,
);

/** The current version's locations, hidden ones included, as rows: lists join it for a location's label. */
export const locations = pgView('locations', {
  value: text('value').notNull(),
  label: text('label').notNull(),
  sort: integer('sort').notNull(),
  hidden: boolean('hidden').notNull(),
}).as(
  sql`select l.value, l.label, l.sort, l.hidden
      from catalog_versions cv
      cross join lateral jsonb_to_recordset(cv.catalog->'locations') as l(value text, label text, sort integer, hidden boolean)
      where cv.version = ${currentVersion}`,
);
