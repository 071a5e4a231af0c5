import { setupI18n } from '@lingui/core';
import { sourceCatalogs } from '../../shared/i18n/catalogs';
import { compileMessages } from '../../shared/i18n/compile';
import type { ActivityKey } from '../../shared/i18n/keys';
import type { Locale } from '../../shared/i18n/locales';
import { textOf, type LineText, type LineValues, type Say } from '../../shared/line-text';
import type { Db } from '../db/client';
import { activityLog } from '../db/schema';
import type { Clock, Ids } from './runtime';
import { sayIn, type MessageSource } from './say';

export type ActivityKind = 'order' | 'payment' | 'refund' | 'server' | 'power' | 'backup' | 'ticket' | 'account' | 'access' | 'affiliate';

/**
 * What a line of the activity list says, as a message of the `activity` namespace: amounts and
 * days are kept as such and written in the reader's locale when read (decision 072).
 */
export interface ActivityText extends LineText {
  key: ActivityKey;
  /** Lists of `activity` messages (a share's permissions), joined as the reader's language lists. */
  lists?: Record<string, ActivityKey[]>;
  /** A value's words per language (a location's catalog label), for readers of those languages. */
  texts?: Record<string, Partial<Record<Locale, string>>>;
}

/** What a row stores beside its key. */
export type ActivityValues = LineValues & { lists?: Record<string, string[]>; texts?: Record<string, Partial<Record<string, string>>> };

export function said(key: ActivityKey, values: LineText['values'] = {}, extra: Omit<ActivityValues, 'values'> = {}): ActivityText {
  return { key, values, ...extra } as ActivityText;
}

/** A stored line in the reader's language: its key's message with its values, else its English. */
export function activityWords(row: { message: string; messageKey: string | null; messageValues: ActivityValues | null }, say: Say, locale: string): string {
  if (!row.messageKey || !row.messageValues) return row.message;
  const { lists, dates, texts, ...rest } = row.messageValues;
  const values = { ...rest.values };
  for (const [name, words] of Object.entries(texts ?? {})) {
    const word = words[locale];
    if (word) values[name] = word;
  }
  // A day in full ("27 November 2026"), as the list reads like sentences.
  for (const [name, iso] of Object.entries(dates ?? {})) {
    values[name] = new Date(iso).toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  }
  for (const [name, keys] of Object.entries(lists ?? {})) {
    values[name] = new Intl.ListFormat(locale, { type: 'conjunction' }).format(keys.map((key) => say(key) ?? key));
  }
  return textOf({ description: row.message, text: { ...rest, key: row.messageKey, values } }, say, locale);
}

/** The reader's `activity` messages, as `activityWords` takes them. */
export function activityReader(source: MessageSource<'activity'>, locale: Locale): Promise<Say> {
  return sayIn(source, locale, 'activity');
}

let english: Say | undefined;

/** The shipped English of a line: what staff's console and the stored `message` read. */
export function activityEnglish(text: ActivityText): string {
  if (!english) {
    const messages = compileMessages(sourceCatalogs.en.activity);
    const i18n = setupI18n({ locale: 'en', messages: { en: messages } });
    english = (key, values) => (key in messages ? i18n._(key, values) : undefined);
  }
  const { key, ...values } = text;
  return activityWords({ message: key, messageKey: key, messageValues: values }, english, 'en');
}

/** Adds a line to the customer's recent-activity list, in English and as its message key. */
export async function logActivity(
  deps: { db: Db; clock: Clock; ids: Ids },
  entry: { userId: string; kind: ActivityKind; text: ActivityText; subjectId?: string; at?: Date },
) {
  const { key, ...values } = entry.text;
  await deps.db.insert(activityLog).values({
    id: deps.ids.uuid(),
    userId: entry.userId,
    kind: entry.kind,
    message: activityEnglish(entry.text),
    messageKey: key,
    messageValues: values,
    subjectId: entry.subjectId ?? null,
    createdAt: entry.at ?? deps.clock.now(),
  });
}
