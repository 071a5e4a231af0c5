import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { languageSettings, translationOverrides } from '../../db/schema';
import { baseLocale, isLocale, type Locale } from '../../../shared/i18n/locales';

type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

export type OverrideRow = typeof translationOverrides.$inferSelect;

export function listOverrides(db: Executor): Promise<OverrideRow[]> {
  return db.select().from(translationOverrides).orderBy(translationOverrides.locale, translationOverrides.key);
}

export async function findOverride(db: Executor, locale: Locale, key: string): Promise<OverrideRow | undefined> {
  const [row] = await db
    .select()
    .from(translationOverrides)
    .where(and(eq(translationOverrides.locale, locale), eq(translationOverrides.key, key)));
  return row;
}

export async function upsertOverride(db: Executor, row: OverrideRow): Promise<OverrideRow> {
  const [saved] = await db
    .insert(translationOverrides)
    .values(row)
    .onConflictDoUpdate({
      target: [translationOverrides.locale, translationOverrides.key],
      set: { message: row.message, updatedAt: row.updatedAt, updatedBy: row.updatedBy },
    })
    .returning();
  return saved!;
}

export async function deleteOverride(db: Executor, locale: Locale, key: string): Promise<void> {
  await db.delete(translationOverrides).where(and(eq(translationOverrides.locale, locale), eq(translationOverrides.key, key)));
}

export async function readDefaultLocale(db: Executor): Promise<Locale> {
  const [row] = await db.select({ locale: languageSettings.defaultLocale }).from(languageSettings).where(eq(languageSettings.id, 1));
  return isLocale(row?.locale) ? row.locale : baseLocale;
}

export async function writeDefaultLocale(db: Executor, locale: Locale, at: Date, by: string | null): Promise<void> {
  const values = { defaultLocale: locale, updatedAt: at, updatedBy: by };
  await db.insert(languageSettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: languageSettings.id, set: values });
}
