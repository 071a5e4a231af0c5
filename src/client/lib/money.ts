import { defaultCurrency } from '../../shared/currency';
import { formatMoney } from '../../shared/money';

/*
 * The shop's currency on this page, as the catalog payload names it (decision 053). Every sale is
 * in the shop's currency (a change is refused once anything was sold), so an amount without a
 * currency of its own in its payload is in this one. Documents that carry their own currency
 * (invoices, credit notes, the checkout page) format with it directly.
 */
let shopCurrency = defaultCurrency;

export function setShopCurrency(currency: string | undefined) {
  if (currency) shopCurrency = currency;
}

export function currentShopCurrency(): string {
  return shopCurrency;
}

/** An amount in the shop's currency, as the locale writes it ('en' until the language work lands). */
export function formatPrice(minor: number, locale = 'en'): string {
  return formatMoney(minor, shopCurrency, locale);
}
