import { Loader2, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Quote } from '../../../../shared/pricing';
import { currentCatalogCurrency, formatCatalogPrice } from '../../../lib/money';
import { Button } from '../../../components/ui/button';
import { TaxRows } from '../../../components/billing/tax-rows';
import { Card } from '../../../components/ui/card';

export function OrderSummary({
  quote,
  signedIn,
  creating,
  onDeploy,
  couponField,
  pricesIncludeTax = false,
  taxesKnown = false,
}: {
  quote: Quote;
  /** The store shows prices with tax included. */
  pricesIncludeTax?: boolean;
  /** The customer's tax lines are in the quote (their billing details are known). */
  taxesKnown?: boolean;
  /** The coupon box, shown above the total. */
  couponField?: ReactNode;
  /** undefined while the session is being checked */
  signedIn: boolean | undefined;
  creating: boolean;
  onDeploy: () => void;
}) {
  return (
    <Card className="space-y-5 lg:sticky lg:top-24" aria-labelledby="summary-heading">
      <h2 id="summary-heading" className="text-lg font-bold">
        Order summary
      </h2>
      <dl className="space-y-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Plan {quote.plan.name}</dt>
          <dd>{formatCatalogPrice(quote.plan.monthlyCents)}/mo</dd>
        </div>
        {quote.addons.map((a) => (
          <div key={a.key} className="flex justify-between gap-4">
            <dt className="text-muted">
              {a.name}
              {a.quantity > 1 ? ` × ${a.quantity}` : ''}
            </dt>
            <dd>{formatCatalogPrice(a.monthlyCents)}/mo</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-line pt-2">
          <dt className="text-muted">Monthly</dt>
          <dd data-testid="monthly">{formatCatalogPrice(quote.monthlyCents)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Billing period</dt>
          <dd>
            {quote.period.label} ({quote.months} {quote.months === 1 ? 'month' : 'months'})
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Location</dt>
          <dd>
            {quote.location.label}
            {quote.location.monthlyCents > 0 && ` (+${formatCatalogPrice(quote.location.monthlyCents)}/mo)`}
          </dd>
        </div>
        {quote.discountPercent > 0 && (
          <div className="flex justify-between gap-4 text-accent">
            <dt>Discount ({quote.discountPercent}%)</dt>
            <dd>−{formatCatalogPrice(quote.savingsCents)}</dd>
          </div>
        )}
        {quote.coupon && (
          <div className="flex justify-between gap-4 text-accent" data-testid="coupon-line">
            <dt>
              Coupon {quote.coupon.code} ({quote.coupon.label})
            </dt>
            <dd>−{formatCatalogPrice(quote.coupon.discountCents)}</dd>
          </div>
        )}
      </dl>
      {couponField}
      <div className="border-t border-line pt-4" aria-live="polite">
        {quote.tax.lines.length > 0 && (
          <dl className="mb-3 space-y-2 text-sm">
            <TaxRows tax={quote.tax} />
          </dl>
        )}
        <div className="flex items-baseline justify-between">
          <span className="font-semibold">Total</span>
          <span className="text-3xl font-extrabold" data-testid="total">
            {formatCatalogPrice(quote.tax.grossCents)}
          </span>
        </div>
        <p className="mt-1 text-right text-sm text-muted">
          for {quote.months} {quote.months === 1 ? 'month' : 'months'}
        </p>
        <p className="mt-2 text-right text-sm font-semibold text-accent" data-testid="savings">
          {quote.savingsCents + quote.couponCents > 0
            ? `You save ${formatCatalogPrice(quote.savingsCents + quote.couponCents)}`
            : 'Save up to 20% with a longer period'}
        </p>
      </div>
      {signedIn === false && (
        <div role="note" className="flex gap-3 rounded-xl border border-warn/40 bg-warn/10 p-4 text-sm">
          <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0 text-warn" aria-hidden="true" />
          <div>
            <p className="font-semibold text-warn">Account Required</p>
            <p className="mt-1 text-ink/90">You need an account to deploy a server. It takes less than a minute.</p>
          </div>
        </div>
      )}
      <Button size="lg" className="w-full" onClick={onDeploy} disabled={creating || signedIn === undefined}>
        {creating ? (
          <>
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            Creating Checkout...
          </>
        ) : signedIn === false ? (
          'Sign Up to Deploy Server'
        ) : (
          'Deploy Server'
        )}
      </Button>
      <p className="text-center text-xs text-muted" data-testid="tax-terms">
        {taxNote(pricesIncludeTax, taxesKnown, quote.tax.reverseCharge)} Cancel any time from your dashboard.
      </p>
    </Card>
  );
}

/** What the total says about tax, before and after the customer's billing details are known. */
function taxNote(pricesIncludeTax: boolean, known: boolean, reverseCharge: boolean): string {
  if (reverseCharge) return `Prices in ${currentCatalogCurrency().toUpperCase()}. No VAT: reverse charge for your business.`;
  const code = currentCatalogCurrency().toUpperCase();
  if (known) return pricesIncludeTax ? `Prices in ${code}, taxes included.` : `Prices in ${code}, taxes as shown.`;
  return pricesIncludeTax ? `Prices in ${code}, taxes included where they apply.` : `Prices in ${code}. Taxes, where they apply, are added at checkout.`;
}
