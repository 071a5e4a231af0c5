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

/*
 * The currency the catalog on this page is priced in: the one the visitor chose in the header's
 * picker, else the shop's (decision 063). Prices, quotes and the checkout use it; amounts that are
 * not catalog prices (an invoice, a balance, the staff console) never do.
 */
let catalogCurrency = defaultCurrency;

export function setCatalogCurrency(currency: string | undefined) {
  if (currency) catalogCurrency = currency;
}

export function currentCatalogCurrency(): string {
  return catalogCurrency;
}

/** A catalog price or a quote, in the currency the catalog on this page is priced in. */
export function formatCatalogPrice(minor: number, locale: string = currentLocale()): string {
  return formatMoney(minor, catalogCurrency, locale);
}

/**
 * An amount in the shop's currency, written as the page's language writes it ("€14.00" in English,
 * "14,00 €" in German). The language is fixed for a page load (decision 054), so the prerendered
 * HTML and the hydrated page format alike.
 */
export function formatPrice(minor: number, locale: string = currentLocale()): string {
  return formatMoney(minor, shopCurrency, locale);
}

/**
 * An amount that carries its own currency (a service's plan-change quote, a region move, an order),
 * in the page's language. A service is charged in the currency it was bought in, whatever the shop
 * or the header's picker says (decision 063).
 */
export function formatIn(minor: number, currency: string, locale: string = currentLocale()): string {
  return formatMoney(minor, currency, locale);
}
