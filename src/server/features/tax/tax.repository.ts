import { asc, eq } from 'drizzle-orm';
import type { BillingDetailsValues } from '../../../shared/schemas/tax';
import type { Db } from '../../db/client';
import { billingDetails, storeSettings, taxRates, users } from '../../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Conn = Db | Tx;

export type StoreSettingsRow = typeof storeSettings.$inferSelect;
export type TaxRateRow = typeof taxRates.$inferSelect;
export type BillingDetailsRow = typeof billingDetails.$inferSelect;

const emptySettings: StoreSettingsRow = {
  id: 1,
  sellerName: '',
  sellerAddress: '',
  sellerCountry: null,
  sellerTaxId: '',
  pricesIncludeTax: false,
  updatedAt: null,
  updatedBy: null,
};

/** The store's settings row (the migration writes it; a database without it reads as defaults). */
export async function storeSettingsRow(db: Conn): Promise<StoreSettingsRow> {
  const [row] = await db.select().from(storeSettings).where(eq(storeSettings.id, 1));
  return row ?? emptySettings;
}

export async function taxRateRows(db: Conn): Promise<TaxRateRow[]> {
  return db.select().from(taxRates).orderBy(asc(taxRates.country), asc(taxRates.region), asc(taxRates.name));
}

export async function billingDetailsRow(db: Conn, userId: string): Promise<BillingDetailsRow | undefined> {
  const [row] = await db.select().from(billingDetails).where(eq(billingDetails.userId, userId));
  return row;
}

export async function emailOf(db: Conn, userId: string): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? '';
}

export async function upsertBillingDetails(db: Conn, userId: string, values: BillingDetailsValues, now: Date): Promise<BillingDetailsRow> {
  const row = {
    name: values.name,
    address: values.address,
    country: values.country,
    region: values.region,
    postalCode: values.postalCode.toUpperCase(),
    vatId: values.vatId,
    // A new or changed ID is checked for form only: it stays 'not verified' (no registry lookup).
    vatIdStatus: values.vatId ? ('unverified' as const) : null,
    updatedAt: now,
  };
  const [saved] = await db
    .insert(billingDetails)
    .values({ userId, ...row })
    .onConflictDoUpdate({ target: billingDetails.userId, set: row })
    .returning();
  return saved!;
}
