import { currentLocale } from '../../../lib/i18n';

/** "Feb 15, 2030" ("15. Feb. 2030" in German) in the reader's time zone and the page's language. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(currentLocale(), { month: 'short', day: 'numeric', year: 'numeric' });
}

const brands: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

export function brandName(brand: string): string {
  return brands[brand] ?? (brand ? brand[0]!.toUpperCase() + brand.slice(1) : 'Card');
}

/** "08/2033" */
export function formatExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${year}`;
}
