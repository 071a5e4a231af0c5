import { eq } from 'drizzle-orm';
import { accountLocale, type Locale } from '../../../shared/i18n/locales';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { i18nServiceFor } from './i18n.service';

/**
 * The language the shop speaks to a customer in, with or without a request (decision 078): the
 * account's preference, else the request's, else the one they last signed in with, else the shop's
 * default (Settings). Emails, documents and the provider's checkout page all take it.
 */
export async function customerLanguage(db: Db, userId: string, requestLocale?: Locale): Promise<Locale> {
  const [row] = await db.select({ preferences: users.preferences, last: users.lastLocale }).from(users).where(eq(users.id, userId));
  return (
    accountLocale({ preferred: row?.preferences.language, request: requestLocale, last: row?.last }) ?? (await i18nServiceFor(db).current()).defaultLocale
  );
}
