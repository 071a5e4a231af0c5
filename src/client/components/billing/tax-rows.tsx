import { formatCents } from '../../../shared/money';
import { taxLineLabel } from '../../../shared/tax';

export interface TaxRowsValue {
  reverseCharge: boolean;
  netCents: number;
  lines: { name: string; rate: number; amountCents: number }[];
}

/**
 * The net and each tax line, as rows of a <dl> of totals; the caller shows the gross as its total.
 * Nothing when there are no tax lines (no rates apply, or the buyer is not known yet).
 */
export function TaxRows({ tax, className = 'flex justify-between gap-4' }: { tax: TaxRowsValue; className?: string }) {
  if (tax.lines.length === 0) return null;
  return (
    <>
      <div className={className}>
        <dt className="text-muted">Net</dt>
        <dd className="tabular-nums" data-testid="tax-net">
          {formatCents(tax.netCents)}
        </dd>
      </div>
      {tax.lines.map((line) => (
        <div key={`${line.name}-${line.rate}`} className={className} data-testid="tax-line">
          <dt className="text-muted">{taxLineLabel(line, tax.reverseCharge)}</dt>
          <dd className="tabular-nums">{formatCents(line.amountCents)}</dd>
        </div>
      ))}
    </>
  );
}
