import { sql } from 'drizzle-orm';
import { shopCurrencies } from '../../../../shared/currency';
import type { CurrencySettings, currencySettingsInputSchema, extraCurrenciesInputSchema } from '../../../../shared/schemas/admin/settings';
import type { CatalogDraft } from '../../../../shared/catalog-draft';
import { missingPrices } from '../../../../shared/price-lists';
import type { z } from 'zod';
import type { Executor } from '../../../db/client';
import { orders, storeSettings } from '../../../db/schema';
import { audited, type StaffActor } from '../../../lib/audit';
import { HttpError } from '../../../lib/errors';
import { shopCurrency, storeCurrencies } from '../../../lib/shop-currency';
import { announceCatalogSaved, latestVersion } from '../../catalog';
import type { SettingsDeps } from './settings.service';

/*
 * The shop's currency (decision 053). Catalog prices are whole numbers of its minor unit, so once
 * anything was sold a change would silently re-label every existing price, invoice and credit:
 * it is refused, and an empty shop may change freely.
 */

async function hasSales(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(orders)
    .where(sql`${orders.status} in ('paid', 'refunded')`)
    .limit(1);
  return row !== undefined;
}

function extrasOf(draft: CatalogDraft | undefined, extras: string[]): CurrencySettings['extras'] {
  return extras.map((currency) => {
    const missing = draft ? missingPrices(draft, currency).length : 0;
    return { currency, offered: draft !== undefined && missing === 0, missing };
  });
}

async function settingsOf(db: Executor, locked?: boolean): Promise<CurrencySettings> {
  const [{ shop, extras }, latest, sold] = await Promise.all([storeCurrencies(db), latestVersion(db), locked ?? hasSales(db)]);
  return { currency: shop, choices: [...shopCurrencies], locked: sold, extras: extrasOf(latest?.catalog, extras) };
}

export async function getCurrencySettings(deps: SettingsDeps): Promise<CurrencySettings> {
  return settingsOf(deps.db);
}

/**
 * The extra currencies customers may pick in the header, each once its price list in the catalog
 * is complete (decision 063). Audited with a reason: it changes what customers are charged in.
 * Removing one keeps its prices in the catalog, and services bought in it renew in it as before.
 */
export async function saveExtraCurrencies(deps: SettingsDeps, actor: StaffActor, input: z.output<typeof extraCurrenciesInputSchema>): Promise<CurrencySettings> {
  const saved = await audited(deps, actor, async (tx) => {
    await tx.execute(sql`select 1 from store_settings where id = 1 for update`);
    const { shop, extras: before } = await storeCurrencies(tx);
    if (input.currencies.includes(shop)) {
      const message = `${shop.toUpperCase()} is the shop's own currency; its prices are the catalog's.`;
      throw new HttpError(400, 'validation_failed', message, { currencies: message });
    }
    if (before.join() === input.currencies.join()) {
      throw new HttpError(409, 'conflict', 'These are already the extra currencies.', { currencies: 'Nothing has changed' });
    }
    const now = deps.clock.now();
    await tx
      .insert(storeSettings)
      .values({ id: 1, extraCurrencies: input.currencies, updatedAt: now, updatedBy: actor.id })
      .onConflictDoUpdate({ target: storeSettings.id, set: { extraCurrencies: input.currencies, updatedAt: now, updatedBy: actor.id } });
    return {
      result: await settingsOf(tx),
      audit: {
        action: 'settings.extra_currencies_changed',
        targetType: 'settings',
        targetId: 'extra-currencies',
        targetLabel: 'Extra currencies',
        before: { currencies: before.map((c) => c.toUpperCase()).join(', ') || 'none' },
        after: { currencies: input.currencies.map((c) => c.toUpperCase()).join(', ') || 'none' },
        reason: input.reason,
      },
    };
  });
  // The catalog payload lists the offered currencies: this process serves them at once.
  announceCatalogSaved(deps.db);
  return saved;
}

export async function saveCurrency(deps: SettingsDeps, actor: StaffActor, input: z.output<typeof currencySettingsInputSchema>): Promise<CurrencySettings> {
  const saved = await audited(deps, actor, async (tx) => {
    // The settings row is locked so a sale and a change cannot cross unseen.
    await tx.execute(sql`select 1 from store_settings where id = 1 for update`);
    const before = await shopCurrency(tx);
    if (before === input.currency) {
      throw new HttpError(409, 'conflict', `The shop already sells in ${input.currency.toUpperCase()}.`, { currency: 'This is the current currency' });
    }
    if (await hasSales(tx)) {
      const message = `Orders were already paid in ${before.toUpperCase()}. Changing the currency now would re-label their prices, so it is no longer possible.`;
      throw new HttpError(409, 'currency_locked', message, { currency: message });
    }
    const now = deps.clock.now();
    await tx
      .insert(storeSettings)
      .values({ id: 1, currency: input.currency, updatedAt: now, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: storeSettings.id,
        // The new shop currency stops being an extra one: its prices are the catalog's own now.
        set: { currency: input.currency, extraCurrencies: sql`array_remove(${storeSettings.extraCurrencies}, ${input.currency})`, updatedAt: now, updatedBy: actor.id },
      });
    return {
      result: { ...(await settingsOf(tx, false)), currency: input.currency },
      audit: {
        action: 'settings.currency_changed',
        targetType: 'settings',
        targetId: 'currency',
        targetLabel: 'Shop currency',
        before: { currency: before },
        after: { currency: input.currency },
        reason: input.reason,
      },
    };
  });
  // The catalog payload names the currency: this process serves the new one at once, others after their cache's TTL.
  announceCatalogSaved(deps.db);
  return saved;
}
