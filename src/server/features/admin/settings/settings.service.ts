import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { countryName } from '../../../../shared/countries';
import type { AdminSettings, StoreSettings, TaxRate, storeSettingsInputSchema, taxRateInputSchema } from '../../../../shared/schemas/admin/settings';
import { formatRate } from '../../../../shared/tax';
import type { Db } from '../../../db/client';
import { storeSettings, taxRates } from '../../../db/schema';
import { isUniqueViolation } from '../../../lib/db-errors';
import { HttpError, notFound } from '../../../lib/errors';
import type { Clock, Ids } from '../../../lib/runtime';
import { storeSettingsRow, taxRateRows, type StoreSettingsRow, type TaxRateRow } from '../../tax';
import { audited, type StaffActor } from '../../../lib/audit';

/*
 * /admin/settings: the seller printed on invoices and credit notes, whether catalog prices include
 * tax, and the tax rates per country and region. Every change is audited in its transaction.
 */

export interface SettingsDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
}

type SettingsInput = z.output<typeof storeSettingsInputSchema>;
type RateInput = z.output<typeof taxRateInputSchema>;

function storeView(row: StoreSettingsRow): StoreSettings {
  return {
    sellerName: row.sellerName,
    sellerAddress: row.sellerAddress,
    sellerCountry: row.sellerCountry,
    sellerTaxId: row.sellerTaxId,
    pricesIncludeTax: row.pricesIncludeTax,
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}

function rateView(row: TaxRateRow): TaxRate {
  return {
    id: row.id,
    country: row.country,
    countryName: countryName(row.country),
    region: row.region,
    name: row.name,
    rate: row.rate,
    label: formatRate(row.rate),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** "VAT 19% · Germany" or "Sales tax 8.875% · United States, NY". */
function rateLabel(r: Pick<TaxRateRow, 'country' | 'region' | 'name' | 'rate'>): string {
  return `${r.name} ${formatRate(r.rate)} · ${countryName(r.country)}${r.region ? `, ${r.region}` : ''}`;
}

function auditableRate(r: TaxRateRow) {
  return { country: r.country, region: r.region, name: r.name, rate: formatRate(r.rate) };
}

export async function getSettings(deps: SettingsDeps): Promise<AdminSettings> {
  const [store, rates] = await Promise.all([storeSettingsRow(deps.db), taxRateRows(deps.db)]);
  return { store: storeView(store), rates: rates.map(rateView) };
}

export async function saveStoreSettings(deps: SettingsDeps, actor: StaffActor, input: SettingsInput): Promise<StoreSettings> {
  return audited(deps, actor, async (tx) => {
    const before = await storeSettingsRow(tx);
    if (before.pricesIncludeTax !== input.pricesIncludeTax && input.reason.length < 3) {
      const message = 'Say in a few words why prices change to include or exclude tax';
      throw new HttpError(400, 'validation_failed', message, { reason: message });
    }
    const now = deps.clock.now();
    const values = {
      sellerName: input.sellerName,
      sellerAddress: input.sellerAddress,
      sellerCountry: input.sellerCountry,
      sellerTaxId: input.sellerTaxId,
      pricesIncludeTax: input.pricesIncludeTax,
      updatedAt: now,
      updatedBy: actor.id,
    };
    const [row] = await tx
      .insert(storeSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: storeSettings.id, set: values })
      .returning();
    const pick = (r: StoreSettingsRow) => ({
      sellerName: r.sellerName,
      sellerAddress: r.sellerAddress,
      sellerCountry: r.sellerCountry,
      sellerTaxId: r.sellerTaxId,
      pricesIncludeTax: r.pricesIncludeTax,
    });
    return {
      result: storeView(row!),
      audit: {
        action: 'settings.store_updated',
        targetType: 'settings',
        targetId: 'store',
        targetLabel: 'Store settings',
        before: pick(before),
        after: pick(row!),
        reason: input.reason || null,
      },
    };
  });
}

function duplicateRate(input: Pick<RateInput, 'country' | 'region' | 'name'>) {
  const where = input.region ? `${countryName(input.country)}, ${input.region}` : `${countryName(input.country)} (the whole country)`;
  return new HttpError(409, 'conflict', `There is already a ${input.name} rate for ${where}. Edit that one instead.`, {
    name: `${input.name} is already set for ${where}`,
  });
}

async function writeRate<T>(deps: SettingsDeps, input: RateInput, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (isUniqueViolation(error, 'tax_rates_unique_idx')) throw duplicateRate(input);
    throw error;
  }
}

export async function createTaxRate(deps: SettingsDeps, actor: StaffActor, input: RateInput): Promise<TaxRate> {
  return writeRate(deps, input, () =>
    audited(deps, actor, async (tx) => {
      const now = deps.clock.now();
      const [row] = await tx
        .insert(taxRates)
        .values({ id: deps.ids.uuid(), country: input.country, region: input.region, name: input.name, rate: input.ratePercent, createdAt: now, updatedAt: now })
        .returning();
      return {
        result: rateView(row!),
        audit: { action: 'settings.tax_rate_created', targetType: 'settings', targetId: row!.id, targetLabel: rateLabel(row!), after: auditableRate(row!), reason: input.reason },
      };
    }),
  );
}

export async function updateTaxRate(deps: SettingsDeps, actor: StaffActor, id: string, input: RateInput): Promise<TaxRate> {
  return writeRate(deps, input, () =>
    audited(deps, actor, async (tx) => {
      const [before] = await tx.select().from(taxRates).where(eq(taxRates.id, id)).for('update');
      if (!before) throw notFound('That tax rate was not found. It may have been removed.');
      const [row] = await tx
        .update(taxRates)
        .set({ country: input.country, region: input.region, name: input.name, rate: input.ratePercent, updatedAt: deps.clock.now() })
        .where(eq(taxRates.id, id))
        .returning();
      return {
        result: rateView(row!),
        audit: {
          action: 'settings.tax_rate_updated',
          targetType: 'settings',
          targetId: id,
          targetLabel: rateLabel(row!),
          before: auditableRate(before),
          after: auditableRate(row!),
          reason: input.reason,
        },
      };
    }),
  );
}

export async function deleteTaxRate(deps: SettingsDeps, actor: StaffActor, id: string, reason: string): Promise<void> {
  await audited(deps, actor, async (tx) => {
    const [row] = await tx.delete(taxRates).where(eq(taxRates.id, id)).returning();
    if (!row) throw notFound('That tax rate was not found. It may have been removed.');
    return {
      result: undefined,
      audit: { action: 'settings.tax_rate_removed', targetType: 'settings', targetId: id, targetLabel: rateLabel(row), before: auditableRate(row), reason },
    };
  });
}
