import { eq } from 'drizzle-orm';
import { defaultCurrency } from '../../shared/currency';
import type { Executor } from '../db/client';
import { storeSettings } from '../db/schema';

/**
 * The currency new orders are priced and charged in (Settings, decision 053): lower-case ISO code.
 * A service keeps the currency it was bought in (servers.currency); this is only for new sales.
 */
export async function shopCurrency(db: Executor): Promise<string> {
  const [row] = await db.select({ currency: storeSettings.currency }).from(storeSettings).where(eq(storeSettings.id, 1));
  return row?.currency ?? defaultCurrency;
}

/** The shop's currency and the extra currencies staff enabled (decision 063), lower-case ISO codes. */
export async function storeCurrencies(db: Executor): Promise<{ shop: string; extras: string[] }> {
  const [row] = await db
    .select({ currency: storeSettings.currency, extras: storeSettings.extraCurrencies })
    .from(storeSettings)
    .where(eq(storeSettings.id, 1));
  const shop = row?.currency ?? defaultCurrency;
  return { shop, extras: (row?.extras ?? []).filter((c) => c !== shop) };
}
