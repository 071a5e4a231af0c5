import { and, asc, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { BillingDetailsValues } from '../../../shared/schemas/tax';
import type { Executor } from '../../db/client';
import { billingDetails, storeSettings, taxRates, users } from '../../db/schema';


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
  currency: 'usd',
  extraCurrencies: [],
  updatedAt: null,
  updatedBy: null,
};

/** The store's settings row (the migration writes it; a database without it reads as defaults). */
export async function storeSettingsRow(db: Executor): Promise<StoreSettingsRow> {
  const [row] = await db.select().from(storeSettings).where(eq(storeSettings.id, 1));
  return row ?? emptySettings;
}

export async function taxRateRows(db: Executor): Promise<TaxRateRow[]> {
  return db.select().from(taxRates).orderBy(asc(taxRates.country), asc(taxRates.region), asc(taxRates.name));
}

export async function billingDetailsRow(db: Executor, userId: string): Promise<BillingDetailsRow | undefined> {
  const [row] = await db.select().from(billingDetails).where(eq(billingDetails.userId, userId));
  return row;
}

export async function emailOf(db: Executor, userId: string): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? '';
}

/** What a VAT ID's check keeps; a new or changed ID starts over from 'checking'. */
const vatCheckColumns = {
  vatIdStatus: 'vat_id_status',
  vatIdCheckedAt: 'vat_id_checked_at',
  vatIdConsultation: 'vat_id_consultation',
  vatIdVerifiedBy: 'vat_id_verified_by',
  vatIdCheckError: 'vat_id_check_error',
  vatIdAttemptedAt: 'vat_id_attempted_at',
} as const;

export async function upsertBillingDetails(db: Executor, userId: string, values: BillingDetailsValues, now: Date): Promise<BillingDetailsRow> {
  const row = {
    name: values.name,
    address: values.address,
    country: values.country,
    region: values.region,
    postalCode: values.postalCode.toUpperCase(),
    vatId: values.vatId,
    updatedAt: now,
  };
  const fresh = { vatIdStatus: values.vatId ? ('checking' as const) : null, vatIdCheckedAt: null, vatIdConsultation: null, vatIdVerifiedBy: null, vatIdCheckError: null, vatIdAttemptedAt: null };
  // The same ID keeps what VIES said about it; a new or changed one is checked again (docs/decisions/033-vat-id-checks.md).
  const table = sql.identifier('billing_details');
  const kept = Object.fromEntries(
    Object.entries(vatCheckColumns).map(([key, column]) => [
      key,
      sql`case when ${table}.vat_id = excluded.vat_id then ${table}.${sql.identifier(column)} else excluded.${sql.identifier(column)} end`,
    ]),
  );
  const [saved] = await db
    .insert(billingDetails)
    .values({ userId, ...row, ...fresh })
    .onConflictDoUpdate({ target: billingDetails.userId, set: { ...row, ...kept } })
    .returning();
  return saved!;
}

export type VatCheckPatch = Partial<Pick<BillingDetailsRow, keyof typeof vatCheckColumns>>;

/** Records what was learnt about `vatId`, unless the customer has changed their ID meanwhile. */
export async function recordVatCheck(db: Executor, userId: string, vatId: string, patch: VatCheckPatch): Promise<BillingDetailsRow | undefined> {
  const [row] = await db
    .update(billingDetails)
    .set(patch)
    .where(and(eq(billingDetails.userId, userId), eq(billingDetails.vatId, vatId)))
    .returning();
  return row;
}

/** The billing details row, locked for a staff change in `tx`. */
export async function lockBillingDetails(tx: Executor, userId: string): Promise<BillingDetailsRow | undefined> {
  const [row] = await tx.select().from(billingDetails).where(eq(billingDetails.userId, userId)).for('update');
  return row;
}

/** Customers whose VAT ID is still being checked and was last asked about before `before` (or never). */
export async function vatIdsStillChecking(db: Executor, before: Date, limit = 500): Promise<string[]> {
  const rows = await db
    .select({ userId: billingDetails.userId })
    .from(billingDetails)
    .where(
      and(
        eq(billingDetails.vatIdStatus, 'checking'),
        ne(billingDetails.vatId, ''),
        or(isNull(billingDetails.vatIdAttemptedAt), lt(billingDetails.vatIdAttemptedAt, before)),
      ),
    )
    .orderBy(asc(billingDetails.vatIdAttemptedAt))
    .limit(limit);
  return rows.map((r) => r.userId);
}
