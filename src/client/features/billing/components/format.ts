/** "Feb 15, 2030" in the reader's time zone. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

const brands: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

export function brandName(brand: string): string {
  return brands[brand] ?? (brand ? brand[0]!.toUpperCase() + brand.slice(1) : 'Card');
}

/** "08/2033" */
export function formatExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${year}`;
}
