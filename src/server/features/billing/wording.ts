import { setupI18n, type Messages } from '@lingui/core';
import type { Locale } from '../../../shared/i18n/locales';
import { textOf, type LineText, type Say } from '../../../shared/line-text';
import { REVERSE_CHARGE_NOTE } from '../../../shared/tax';

/**
 * The reader's language for what billing stored as words: invoice lines, the reverse-charge note,
 * the billing history's entries and payment methods (decision 069). Without one (staff's console,
 * tests of billing alone) the stored English is shown.
 */
export interface Wording {
  locale: Locale;
  say: Say;
}

/** The messages these words come from: `public` (lines, notes) and `dashboard` (payment methods). */
export interface WordingSource {
  messages(locale: Locale, namespace: 'public' | 'dashboard'): Promise<Messages>;
}

export async function wordingIn(source: WordingSource | undefined, locale: Locale): Promise<Wording | undefined> {
  if (!source) return undefined;
  const [publicMessages, dashboard] = await Promise.all([source.messages(locale, 'public'), source.messages(locale, 'dashboard')]);
  const messages = { ...dashboard, ...publicMessages };
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  return { locale, say: (key, values) => (key in messages ? i18n._(key, values) : undefined) };
}

export function say(wording: Wording | undefined, key: string, values: Record<string, string | number>, english: string): string {
  return wording?.say(key, values) ?? english;
}

export function lineWords<L extends { description: string; text?: LineText }>(line: L, wording: Wording | undefined): string {
  return wording ? textOf(line, wording.say, wording.locale) : line.description;
}

/** Invoice lines as the reader reads them: `description` in their language, `text` dropped. */
export function wordedLines<L extends { description: string; text?: LineText }>(lines: L[], wording: Wording | undefined): Omit<L, 'text'>[] {
  return lines.map(({ text, ...line }) => ({ ...line, description: lineWords({ description: line.description, text }, wording) }));
}

/** The shipped reverse-charge note in the reader's language; a note written otherwise stays as written. */
export function noteWords(note: string | null, wording: Wording | undefined): string | null {
  if (note !== REVERSE_CHARGE_NOTE) return note;
  return say(wording, 'tax.reverseChargeNote', {}, note);
}

const methodKeys: Record<string, string> = {
  'Account credit': 'billing.method.credit',
  'Default payment method': 'billing.method.default',
  Card: 'billing.method.card',
  'Card (Stripe)': 'billing.method.stripe',
};

/** A payment method that is words (not a card's brand and number) in the reader's language. */
export function methodWords(method: string, wording: Wording | undefined): string {
  const key = methodKeys[method];
  return key ? say(wording, key, {}, method) : method;
}
