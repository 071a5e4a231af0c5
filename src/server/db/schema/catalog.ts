import { boolean, integer, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core';

export const games = pgTable('games', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
  tagline: text('tagline').notNull(),
  playerCap: integer('player_cap').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  game: text('game')
    .notNull()
    .references(() => games.slug),
  name: text('name').notNull(),
  ramGb: integer('ram_gb').notNull(),
  vcpu: numeric('vcpu', { precision: 4, scale: 1, mode: 'number' }).notNull(),
  diskGb: integer('disk_gb').notNull(),
  priceCents: integer('price_cents').notNull(),
  description: text('description').notNull(),
  recommended: boolean('recommended').notNull().default(false),
  active: boolean('active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

export const addons = pgTable('addons', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  priceCents: integer('price_cents').notNull(),
  maxQuantity: integer('max_quantity').notNull().default(1),
  sort: integer('sort').notNull().default(0),
});

export const billingPeriods = pgTable('billing_periods', {
  value: text('value').primaryKey(),
  label: text('label').notNull(),
  months: integer('months').notNull(),
  discountPercent: integer('discount_percent').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const locations = pgTable('locations', {
  value: text('value').primaryKey(),
  label: text('label').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const upgradePacks = pgTable('upgrade_packs', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  priceCents: integer('price_cents').notNull(),
  tagline: text('tagline').notNull(),
  highlights: jsonb('highlights').$type<{ title: string; text: string }[]>().notNull(),
  features: jsonb('features').$type<string[]>().notNull(),
  sort: integer('sort').notNull().default(0),
});
