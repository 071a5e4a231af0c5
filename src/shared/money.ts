import { currencyDigits } from './currency';

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const digits = currencyDigits(currency);
    // Intl's own decimals for a code can differ from Stripe's minor unit (ISK, HUF): we show what
    // the amount holds, so a 2-decimal minor unit always prints its decimals.
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * An amount in the currency's minor unit (cents, whole yen) as the locale writes it:
 * (650, 'usd') → "$6.50", (650, 'eur', 'de') → "6,50 €", (1500, 'jpy') → "¥1,500",
 * (-650, 'usd') → "-$6.50". Every price, total and credit the product shows goes through here.
 */
export function formatMoney(minor: number, currency: string, locale = 'en'): string {
  const digits = currencyDigits(currency);
  const major = Math.round(minor) / 10 ** digits;
  return formatterFor(currency, locale).format(Object.is(major, -0) ? 0 : major);
}

/** The currency's code as shown beside amounts and in CSV headers: "EUR". */
export function currencyLabel(currency: string): string {
  return currency.toUpperCase();
}

/**
 * @deprecated The old dollars-only formatter, kept while callers move to formatMoney with the
 * amount's own currency. New code calls formatMoney.
 */
export function formatCents(cents: number): string {
  return formatMoney(cents, 'usd');
}

export function formatVcpu(vcpu: number): string {
  return `${vcpu} vCPU`;
}

/**
 * Amounts added up per currency, never across: [{ currency, cents }] in the order each currency
 * first appears (decision 080: staff totals per currency, never summed).
 */
export function totalsByCurrency(items: readonly { currency: string; cents: number }[]): { currency: string; cents: number }[] {
  const totals = new Map<string, number>();
  for (const item of items) totals.set(item.currency, (totals.get(item.currency) ?? 0) + item.cents);
  return [...totals].map(([currency, cents]) => ({ currency, cents }));
}
