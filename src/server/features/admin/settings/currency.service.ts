import { sql } from 'drizzle-orm';
import { shopCurrencies } from '../../../../shared/currency';
import type { CurrencySettings, currencySettingsInputSchema } from '../../../../shared/schemas/admin/settings';
import type { z } from 'zod';
import type { Executor } from '../../../db/client';
import { orders, storeSettings } from '../../../db/schema';
import { audited, type StaffActor } from '../../../lib/audit';
import { HttpError } from '../../../lib/errors';
import { shopCurrency } from '../../../lib/shop-currency';
import { announceCatalogSaved } from '../../catalog';
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

export async function getCurrencySettings(deps: SettingsDeps): Promise<CurrencySettings> {
  const [currency, locked] = await Promise.all([shopCurrency(deps.db), hasSales(deps.db)]);
  return { currency, choices: [...shopCurrencies], locked };
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
      .onConflictDoUpdate({ target: storeSettings.id, set: { currency: input.currency, updatedAt: now, updatedBy: actor.id } });
    return {
      result: { currency: input.currency, choices: [...shopCurrencies], locked: false },
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
