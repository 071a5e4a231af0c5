import { currencyDigits, parseMajor, toMajor } from './currency';
import { formatMoney } from './money';

/*
 * Amounts typed into a box, in the currency's major unit ("12.50" EUR, "1500" JPY, "12.500" KWD),
 * for every money field of the staff console (decision 068). Parsing is parseMajor's; this adds
 * what a form needs around it: the text to prefill, the label, and a message naming the decimals.
 */

/** 1250 EUR → "12.50", 1500 JPY → "1500", 12500 KWD → "12.500": an amount as a box shows it. */
export function majorText(minor: number, currency: string): string {
  return Number.isFinite(minor) ? toMajor(minor, currency).toFixed(currencyDigits(currency)) : '';
}

/** The currency's symbol in English ("€", "¥", "CA$"), or its code when it has none ("CHF"). */
export function currencySymbol(currency: string): string {
  const code = currency.toUpperCase();
  const part = new Intl.NumberFormat('en', { style: 'currency', currency: code }).formatToParts(0).find((p) => p.type === 'currency');
  return part?.value ?? code;
}

/** "EUR (€)", "JPY (¥)", "CHF": the currency as a field's label names it. */
export function currencyCaption(currency: string): string {
  const code = currency.toUpperCase();
  const symbol = currencySymbol(currency);
  return symbol === code ? code : `${code} (${symbol})`;
}

/** A typical amount in the currency's format, for placeholders and messages: "12.50", "1500", "12.500". */
export function exampleAmount(currency: string): string {
  const digits = currencyDigits(currency);
  return digits === 0 ? '1500' : `12.${'5'.padEnd(digits, '0')}`;
}

function decimalsRule(currency: string): string {
  const digits = currencyDigits(currency);
  return digits === 0 ? 'no decimals' : `at most ${digits} decimals`;
}

/** "Enter an amount in JPY with no decimals, like 1500": what the field takes, said once. */
export function amountRule(currency: string): string {
  return `Enter an amount in ${currency.toUpperCase()} with ${decimalsRule(currency)}, like ${exampleAmount(currency)}`;
}

export type MajorAmount = { ok: true; minor: number | null } | { ok: false; error: string };

/** The code and symbols staff may type around the number ("€12.50", "12.50 EUR", "$7"). */
function stripCurrency(text: string, currency: string): string {
  const marks = new Set([currency.toUpperCase(), currencySymbol(currency)]);
  const narrow = new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase(), currencyDisplay: 'narrowSymbol' })
    .formatToParts(0)
    .find((p) => p.type === 'currency')?.value;
  if (narrow) marks.add(narrow);
  let out = text.trim();
  for (const mark of [...marks].sort((a, b) => b.length - a.length)) {
    if (out.toUpperCase().startsWith(mark.toUpperCase())) out = out.slice(mark.length).trim();
    if (out.toUpperCase().endsWith(mark.toUpperCase())) out = out.slice(0, out.length - mark.length).trim();
  }
  return out.replace(/\s/g, '');
}

/**
 * What staff typed, as an integer of the currency's minor unit: "12.50" EUR → 1250, "1500" JPY →
 * 1500. Empty is `minor: null` unless `required`. Refused, with a message naming the currency's
 * decimals: more decimals than the currency has ("12.345" EUR, "12.5" JPY), a negative amount,
 * anything that is not an amount, and zero when `positive`.
 */
export function readMajorAmount(text: string, currency: string, options: { required?: boolean; positive?: boolean } = {}): MajorAmount {
  const code = currency.toUpperCase();
  const cleaned = stripCurrency(text, currency);
  if (cleaned === '') return options.required ? { ok: false, error: amountRule(currency) } : { ok: true, minor: null };
  if (/^[-−]/.test(cleaned)) return { ok: false, error: `The amount cannot be negative. ${amountRule(currency)}` };
  const minor = parseMajor(cleaned, currency);
  if (minor === null) {
    // "3,56" is a decimal comma (the way much of Europe writes it): never guessed, but named.
    if (currencyDigits(currency) > 0 && /^\d+,\d{1,2}$/.test(cleaned)) {
      return { ok: false, error: `Write decimals with a point: ${cleaned.replace(',', '.')} rather than ${cleaned}` };
    }
    if (/^[\d,]*\.\d+$/.test(cleaned)) return { ok: false, error: `${code} amounts have ${decimalsRule(currency)}: enter it like ${exampleAmount(currency)}` };
    return { ok: false, error: amountRule(currency) };
  }
  if (!Number.isSafeInteger(minor)) return { ok: false, error: 'That amount is too large' };
  if (options.positive && minor === 0) return { ok: false, error: `Enter an amount above ${formatMoney(0, currency)}, like ${exampleAmount(currency)}` };
  return { ok: true, minor };
}

/** The phone keyboard for the currency's amounts: digits only for JPY, with a decimal point for EUR. */
export function amountInputMode(currency: string): 'numeric' | 'decimal' {
  return currencyDigits(currency) === 0 ? 'numeric' : 'decimal';
}
