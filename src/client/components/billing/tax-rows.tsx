import { formatMoney } from '../../../shared/money';
import { currentCatalogCurrency } from '../../lib/money';
import { taxLineLabel } from '../../../shared/tax';
import { currentLocale, useT } from '../../lib/i18n';

export interface TaxRowsValue {
  reverseCharge: boolean;
  netCents: number;
  lines: { name: string; rate: number; amountCents: number }[];
}

/**
 * The net and each tax line, as rows of a <dl> of totals; the caller shows the gross as its total.
 * Nothing when there are no tax lines (no rates apply, or the buyer is not known yet).
 */
/** `currency`: the document's own; absent, the shop's (a quote, which is always in it). */
export function TaxRows({ tax, currency, className = 'flex justify-between gap-4' }: { tax: TaxRowsValue; currency?: string; className?: string }) {
  const t = useT();
  if (tax.lines.length === 0) return null;
  const formatPrice = (minor: number) => formatMoney(minor, currency ?? currentCatalogCurrency(), currentLocale());
  return (
    <>
      <div className={className}>
        <dt className="text-muted">{t('tax.net')}</dt>
        <dd className="tabular-nums" data-testid="tax-net">
          {formatPrice(tax.netCents)}
        </dd>
      </div>
      {tax.lines.map((line) => (
        <div key={`${line.name}-${line.rate}`} className={className} data-testid="tax-line">
          <dt className="text-muted">{tax.reverseCharge ? t('tax.reverseChargeLine', { label: taxLineLabel(line) }) : taxLineLabel(line)}</dt>
          <dd className="tabular-nums">{formatPrice(line.amountCents)}</dd>
        </div>
      ))}
    </>
  );
}
