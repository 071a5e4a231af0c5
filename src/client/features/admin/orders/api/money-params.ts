/**
 * The orders and invoices lists share their filters, and keep them in the page URL under the same
 * names the API reads (/admin/orders?status=&provider=&game=&currency=&from=&to=&minCents=&maxCents=&q=&sort=&page=),
 * so a reload, a shared link and the CSV export all ask for the same rows.
 */
export const moneyFilterKeys = ['q', 'status', 'provider', 'game', 'currency', 'from', 'to', 'minCents', 'maxCents', 'sort'] as const;
export const moneyParamKeys = [...moneyFilterKeys, 'page'] as const;

export type MoneyParams = Partial<Record<(typeof moneyParamKeys)[number], string>>;

/** Whether any filter narrows the rows (the sort order only orders them). */
export function isMoneyFiltered(params: MoneyParams): boolean {
  return moneyFilterKeys.some((key) => key !== 'sort' && params[key]);
}

function queryString(params: MoneyParams, keys: readonly (keyof MoneyParams)[]): string {
  const search = new URLSearchParams();
  for (const key of keys) {
    const value = params[key]?.trim();
    if (value) search.set(key, value);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The list's query: the filters and the page. */
export function moneyQueryString(params: MoneyParams): string {
  return queryString(params, moneyParamKeys);
}

/** The export's query: the same filters, every page. */
export function moneyExportQueryString(params: MoneyParams): string {
  return queryString(params, moneyFilterKeys);
}
