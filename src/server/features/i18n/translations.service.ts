import { sourceCatalogs } from '../../../shared/i18n/catalogs';
import { messageProblem } from '../../../shared/i18n/compile';
import { namespaces } from '../../../shared/i18n/keys';
import { baseLocale, localeNames, type Locale } from '../../../shared/i18n/locales';
import type { TranslationList, TranslationRow } from '../../../shared/schemas/i18n';
import type { Db } from '../../db/client';
import { audited, type StaffActor } from '../../lib/audit';
import { HttpError, notFound } from '../../lib/errors';
import type { Clock, Ids } from '../../lib/runtime';
import type { I18nService } from './i18n.service';
import { deleteOverride, findOverride, listOverrides, readDefaultLocale, upsertOverride, writeDefaultLocale } from './i18n.repository';

/*
 * /admin/translations: staff reword any message per language; their text wins over the shipped
 * file's and reaches every page without a rebuild. Settings: the shop's default language.
 * Every change is audited in its transaction.
 */

export interface TranslationsDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  i18n: I18nService;
}

export async function listTranslations(deps: TranslationsDeps, locale: Locale): Promise<TranslationList> {
  const [overrides, defaultLocale] = await Promise.all([listOverrides(deps.db), readDefaultLocale(deps.db)]);
  const mine = new Map(overrides.filter((o) => o.locale === locale).map((o) => [o.key, o]));
  const rows: TranslationRow[] = namespaces.flatMap((namespace) =>
    Object.entries(sourceCatalogs[baseLocale][namespace]).map(([key, english]) => {
      const override = mine.get(key);
      return {
        key,
        namespace,
        english,
        shipped: sourceCatalogs[locale][namespace][key] ?? english,
        override: override?.message ?? null,
        updatedAt: override?.updatedAt.toISOString() ?? null,
      };
    }),
  );
  return { locale, defaultLocale, rows };
}

function shippedText(key: string): string {
  for (const namespace of namespaces) {
    const text = sourceCatalogs[baseLocale][namespace][key];
    if (text !== undefined) return text;
  }
  throw notFound('No message has this key');
}

export async function saveTranslation(deps: TranslationsDeps, actor: StaffActor, locale: Locale, key: string, message: string) {
  const english = shippedText(key);
  const problem = messageProblem(message, english);
  if (problem) throw new HttpError(400, 'validation_failed', problem, { message: problem });
  const result = await audited(deps, actor, async (tx) => {
    const before = await findOverride(tx, locale, key);
    const row = await upsertOverride(tx, { locale, key, message, updatedAt: deps.clock.now(), updatedBy: actor.id });
    return {
      result: row,
      audit: {
        action: 'translation.saved',
        targetType: 'translation' as const,
        targetId: `${locale}:${key}`,
        targetLabel: `${key} (${localeNames[locale]})`,
        before: { message: before?.message ?? null },
        after: { message },
      },
    };
  });
  deps.i18n.invalidate();
  return { key, locale, message: result.message, updatedAt: result.updatedAt.toISOString() };
}

export async function resetTranslation(deps: TranslationsDeps, actor: StaffActor, locale: Locale, key: string) {
  shippedText(key);
  await audited(deps, actor, async (tx) => {
    const before = await findOverride(tx, locale, key);
    if (!before) throw notFound('This message has no edit in this language');
    await deleteOverride(tx, locale, key);
    return {
      result: undefined,
      audit: {
        action: 'translation.reset',
        targetType: 'translation' as const,
        targetId: `${locale}:${key}`,
        targetLabel: `${key} (${localeNames[locale]})`,
        before: { message: before.message },
        after: { message: null },
      },
    };
  });
  deps.i18n.invalidate();
}

export async function saveDefaultLanguage(deps: TranslationsDeps, actor: StaffActor, defaultLocale: Locale, reason: string) {
  await audited(deps, actor, async (tx) => {
    const before = await readDefaultLocale(tx);
    await writeDefaultLocale(tx, defaultLocale, deps.clock.now(), actor.id);
    return {
      result: undefined,
      audit: {
        action: 'settings.language_updated',
        targetType: 'settings' as const,
        targetId: 'language',
        targetLabel: 'Default language',
        before: { defaultLocale: before },
        after: { defaultLocale },
        reason: reason || null,
      },
    };
  });
  deps.i18n.invalidate();
  return { defaultLocale };
}
