import { Loader2, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Quote } from '../../../../shared/pricing';
import { currentCatalogCurrency, formatCatalogPrice } from '../../../lib/money';
import { Button } from '../../../components/ui/button';
import { TaxRows } from '../../../components/billing/tax-rows';
import { Card } from '../../../components/ui/card';
import { useT, type Translate } from '../../../lib/i18n';
import { usePeriodName } from '../../../lib/period-name';

export function OrderSummary({
  quote,
  signedIn,
  creating,
  onDeploy,
  couponField,
  couponLabel,
  pricesIncludeTax = false,
  taxesKnown = false,
}: {
  quote: Quote;
  /** The store shows prices with tax included. */
  pricesIncludeTax?: boolean;
  /** The customer's tax lines are in the quote (their billing details are known). */
  taxesKnown?: boolean;
  /** The coupon's terms in the page's language ("20 % Rabatt"); the quote's English label otherwise. */
  couponLabel?: string;
  /** The coupon box, shown above the total. */
  couponField?: ReactNode;
  /** undefined while the session is being checked */
  signedIn: boolean | undefined;
  creating: boolean;
  onDeploy: () => void;
}) {
  const t = useT();
  const periodName = usePeriodName();
  const months = quote.months;
  return (
    <Card className="space-y-5 lg:sticky lg:top-24" aria-labelledby="summary-heading">
      <h2 id="summary-heading" className="text-lg font-bold">
        {t('summary.title')}
      </h2>
      <dl className="space-y-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted">{t('summary.plan', { plan: quote.plan.name })}</dt>
          <dd>{t('summary.perMonth', { price: formatCatalogPrice(quote.plan.monthlyCents) })}</dd>
        </div>
        {quote.addons.map((a) => (
          <div key={a.key} className="flex justify-between gap-4">
            <dt className="text-muted">
              {a.name}
              {a.quantity > 1 ? ` × ${a.quantity}` : ''}
            </dt>
            <dd>{t('summary.perMonth', { price: formatCatalogPrice(a.monthlyCents) })}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-line pt-2">
          <dt className="text-muted">{t('summary.monthly')}</dt>
          <dd data-testid="monthly">{formatCatalogPrice(quote.monthlyCents)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted">{t('configure.period')}</dt>
          <dd>{t('summary.periodValue', { period: periodName(quote.period), months })}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted">{t('configure.location')}</dt>
          <dd>
            {quote.location.label}
            {quote.location.monthlyCents > 0 && ` ${t('summary.locationSurcharge', { price: formatCatalogPrice(quote.location.monthlyCents) })}`}
          </dd>
        </div>
        {quote.discountPercent > 0 && (
          <div className="flex justify-between gap-4 text-accent">
            <dt>{t('summary.discount', { percent: quote.discountPercent })}</dt>
            <dd>−{formatCatalogPrice(quote.savingsCents)}</dd>
          </div>
        )}
        {quote.coupon && (
          <div className="flex justify-between gap-4 text-accent" data-testid="coupon-line">
            <dt>{t('summary.coupon', { code: quote.coupon.code, label: couponLabel ?? quote.coupon.label })}</dt>
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
          <span className="font-semibold">{t('configure.total')}</span>
          <span className="text-3xl font-extrabold" data-testid="total">
            {formatCatalogPrice(quote.tax.grossCents)}
          </span>
        </div>
        <p className="mt-1 text-right text-sm text-muted">
          {t('summary.forMonths', { months })}
        </p>
        <p className="mt-2 text-right text-sm font-semibold text-accent" data-testid="savings">
          {quote.savingsCents + quote.couponCents > 0
            ? t('summary.youSave', { amount: formatCatalogPrice(quote.savingsCents + quote.couponCents) })
            : t('summary.saveUpTo')}
        </p>
      </div>
      {signedIn === false && (
        <div role="note" className="flex gap-3 rounded-xl border border-warn/40 bg-warn/10 p-4 text-sm">
          <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0 text-warn" aria-hidden="true" />
          <div>
            <p className="font-semibold text-warn">{t('summary.accountRequired')}</p>
            <p className="mt-1 text-ink/90">{t('summary.accountRequiredText')}</p>
          </div>
        </div>
      )}
      <Button size="lg" className="w-full" onClick={onDeploy} disabled={creating || signedIn === undefined}>
        {creating ? (
          <>
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            {t('summary.creating')}
          </>
        ) : signedIn === false ? (
          t('summary.signUpToDeploy')
        ) : (
          t('summary.deploy')
        )}
      </Button>
      <p className="text-center text-xs text-muted" data-testid="tax-terms">
        {taxNote(t, pricesIncludeTax, taxesKnown, quote.tax.reverseCharge)} {t('summary.cancelAnyTime')}
      </p>
    </Card>
  );
}

/** What the total says about tax, before and after the customer's billing details are known. */
function taxNote(t: Translate, pricesIncludeTax: boolean, known: boolean, reverseCharge: boolean): string {
  const currency = currentCatalogCurrency().toUpperCase();
  if (reverseCharge) return t('summary.tax.reverseCharge', { currency });
  if (known) return t(pricesIncludeTax ? 'summary.tax.included' : 'summary.tax.asShown', { currency });
  return t(pricesIncludeTax ? 'summary.tax.includedWhere' : 'summary.tax.addedAtCheckout', { currency });
}
