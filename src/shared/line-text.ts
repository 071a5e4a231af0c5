import { formatMoney } from './money';

/**
 * What an invoice line or a billing entry says, as a message of the `public` namespace and its
 * values, so that it reads in the reader's language (decision 069). Rows written before carry
 * only their English `description`, which stays their text. A plain type, not a schema: the
 * configurator's coupon field reads this file, and a schema would bring Zod to the public pages.
 */
export interface LineText {
  key: string;
  values: Record<string, string | number>;
  /** Amounts, formatted in the reader's locale before the message takes them. */
  money?: Record<string, { cents: number; currency: string }>;
  /** Days (ISO instants), written as a date in the reader's locale before the message takes them. */
  dates?: Record<string, string>;
}

/** A LineText without its key, as a row stores it beside its key (the activity list). */
export type LineValues = Omit<LineText, 'key'>;

/** A message in the reader's language, or undefined when that language has no such key. */
export type Say = (key: string, values?: Record<string, string | number>) => string | undefined;

/** The words of a line in the reader's language, else the stored English. */
export function textOf(item: { description: string; text?: LineText | null }, say: Say | undefined, locale: string): string {
  if (!item.text || !say) return item.description;
  const values = { ...item.text.values };
  for (const [name, m] of Object.entries(item.text.money ?? {})) values[name] = formatMoney(m.cents, m.currency, locale);
  for (const [name, iso] of Object.entries(item.text.dates ?? {})) {
    values[name] = new Date(iso).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
  }
  return say(item.text.key, values) ?? item.description;
}

export function lineText(key: string, values: Record<string, string | number>, money?: LineText['money']): LineText {
  return money ? { key, values, money } : { key, values };
}

/** The name the catalog ships for a period of `months`; a period still called so is named in the reader's language. */
export function shippedPeriodLabel(months: number): string {
  return months === 1 ? 'Monthly' : `${months} Months`;
}

/** A catalog period's name in the reader's language; a name staff wrote themselves stays theirs. */
export function periodName(period: { label: string; months: number }, say: Say): string {
  if (period.label !== shippedPeriodLabel(period.months)) return period.label;
  return say('period.name', { months: period.months }) ?? period.label;
}
