import { defaultCurrency } from '../../shared/currency';
import { formatMoney } from '../../shared/money';
import { currentLocale } from './i18n';

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

/**
 * An amount in the shop's currency, written as the page's language writes it ("€14.00" in English,
 * "14,00 €" in German). The language is fixed for a page load (decision 054), so the prerendered
 * HTML and the hydrated page format alike.
 */
export function formatPrice(minor: number, locale: string = currentLocale()): string {
  return formatMoney(minor, shopCurrency, locale);
}
