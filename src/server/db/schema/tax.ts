import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { VatIdStatus } from '../../../shared/schemas/tax';
import { users } from './auth';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The store's one row of settings (id 1): the seller printed on invoices and credit notes, and
 * whether catalog prices include tax. Written by staff at /admin/settings, audited.
 */
export const storeSettings = pgTable(
  'store_settings',
  {
    id: integer('id').primaryKey(),
    sellerName: text('seller_name').notNull().default(''),
    sellerAddress: text('seller_address').notNull().default(''),
    sellerCountry: text('seller_country'),
    sellerTaxId: text('seller_tax_id').notNull().default(''),
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    /** The shop's currency (lower-case ISO code): catalog prices are in it (decision 053). */
    currency: text('currency').notNull().default('usd'),
    /** Further currencies offered to customers, each with its own price list in the catalog. */
    extraCurrencies: text('extra_currencies').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: at('updated_at'),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('store_settings_single_row', sql`${t.id} = 1`)],
);

/** A tax rate for a country, or for one region of it (region '' is the whole country). */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid('id').primaryKey(),
    country: text('country').notNull(),
    region: text('region').notNull().default(''),
    name: text('name').notNull(),
    /** Thousandths of a percent: 19000 is 19%. */
    rate: integer('rate').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    check('tax_rates_rate_check', sql`${t.rate} between 0 and 100000`),
    check('tax_rates_country_check', sql`${t.country} ~ '^[A-Z]{2}$'`),
    uniqueIndex('tax_rates_unique_idx').on(t.country, sql`lower(${t.region})`, t.name),
  ],
);

/** Who a customer's invoices are made out to, and where their taxes are due. One row per account. */
export const billingDetails = pgTable('billing_details', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  address: text('address').notNull().default(''),
  country: text('country').notNull(),
  region: text('region').notNull().default(''),
  postalCode: text('postal_code').notNull().default(''),
  /** Normalized (upper case, no spaces); '' for none. */
  vatId: text('vat_id').notNull().default(''),
  /**
   * Where the VAT ID stands with VIES (docs/decisions/033-vat-id-checks.md): 'checking' until VIES
   * answers, 'verified' after a successful check (or a staff member's, by hand), 'invalid' when VIES
   * says it is not registered; null without a VAT ID. Only 'verified' gets reverse charge.
   */
  vatIdStatus: text('vat_id_status').$type<VatIdStatus>(),
  /** When the ID was last verified (or found invalid): VIES's request date, or the staff action's. */
  vatIdCheckedAt: at('vat_id_checked_at'),
  /** VIES's consultation number (requestIdentifier) of that check; null when none was given or staff verified it. */
  vatIdConsultation: text('vat_id_consultation'),
  /** Who verified it: VIES, or staff by hand. */
  vatIdVerifiedBy: text('vat_id_verified_by').$type<'vies' | 'staff'>(),
  /** While checking: VIES's last error (MS_UNAVAILABLE, TIMEOUT...) and when it was last asked. */
  vatIdCheckError: text('vat_id_check_error'),
  vatIdAttemptedAt: at('vat_id_attempted_at'),
  updatedAt: at('updated_at').notNull(),
});

export const documentSeries = ['invoice', 'credit_note'] as const;
export type DocumentSeries = (typeof documentSeries)[number];

/**
 * The next number of each series of documents. Taken with SELECT … FOR UPDATE in the transaction
 * that inserts the document, so a rolled-back insert gives its number back: numbers have no gaps.
 */
export const documentCounters = pgTable('document_counters', {
  series: text('series').$type<DocumentSeries>().primaryKey(),
  nextValue: integer('next_value').notNull(),
});
