import { formatIn } from '../../../../lib/money';
import type { PlanChangeQuote } from '../../../../../shared/schemas/plan-changes';
import { TaxRows } from '../../../../components/billing/tax-rows';
import { translate, useLocale, useT } from '../../../../lib/i18n';
import { daysLeftLabel, formatDay, perPeriod, type PaymentRoute } from '../../plan-change-rules';

const row = 'flex justify-between gap-4';
const GB = 1024 ** 3;

function brandName(brand: string): string {
  return brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : translate('plan.quote.card');
}

/** The server's price of the chosen change: what is charged now and how, or when a downgrade takes effect; then what renewals cost. */
export function QuoteSummary({
  quote,
  months,
  route,
  routes,
  onRoute,
}: {
  quote: PlanChangeQuote;
  months: number;
  route: PaymentRoute;
  routes: PaymentRoute[];
  onRoute: (route: PaymentRoute) => void;
}) {
  const t = useT();
  const locale = useLocale();
  // The service's own currency, whatever the shop's or the header's picker (decision 063).
  const formatPrice = (minor: number) => formatIn(minor, quote.currency, locale);
  const renewal = (
    <p className="text-sm">
      {t(quote.coupon ? 'plan.quote.renewalCoupon' : 'plan.quote.renewal', { amount: formatPrice(quote.renewalCents), period: perPeriod(months) })}
    </p>
  );

  if (quote.kind === 'downgrade') {
    return (
      <div className="space-y-2 rounded-xl border border-line bg-surface-2/40 p-4" data-testid="plan-change-quote">
        <h3 className="font-bold">{t('plan.quote.downTitle')}</h3>
        <p className="text-sm">
          {t('plan.quote.downText', {
            plan: quote.to.planName,
            ram: quote.to.ramGb,
            disk: quote.to.diskGb,
            date: formatDay(quote.effectiveAt),
            from: quote.from.planName,
          })}
        </p>
        {renewal}
        {quote.diskUsedBytes !== null && (
          <p className="text-xs text-muted">
            {t('plan.quote.diskFits', {
              used: new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(quote.diskUsedBytes / GB),
              disk: quote.to.diskGb,
            })}
          </p>
        )}
      </div>
    );
  }

  const { tax, payment } = quote;
  const gross = tax.grossCents;
  const left = daysLeftLabel(quote.period.secondsLeft);
  return (
    <div className="space-y-3 rounded-xl border border-line bg-surface-2/40 p-4" data-testid="plan-change-quote">
      <h3 className="font-bold">{t('plan.quote.dueNow')}</h3>
      <dl className="space-y-1.5 text-sm">
        <div className={row}>
          <dt className="text-muted">
            {t('plan.quote.prorated', { from: quote.from.planName, to: quote.to.planName, left, date: formatDay(quote.period.end) })}
          </dt>
          <dd className="shrink-0 tabular-nums" data-testid="plan-change-prorated">
            {formatPrice(quote.amountCents)}
          </dd>
        </div>
        {quote.coupon && (
          <div className={row}>
            <dt className="text-muted">{t('plan.quote.coupon', { code: quote.coupon.code })}</dt>
            <dd className="shrink-0">{t('plan.quote.couponIncluded', { label: quote.coupon.label })}</dd>
          </div>
        )}
        <TaxRows tax={tax} currency={quote.currency} className={row} />
        <div className={`${row} border-t border-line pt-2 text-base font-bold`}>
          <dt>{t('plan.quote.total')}</dt>
          <dd className="tabular-nums" data-testid="plan-change-total">
            {formatPrice(gross)}
          </dd>
        </div>
      </dl>
      {renewal}

      {route === 'free' && <p className="text-sm">{t('plan.quote.free')}</p>}
      {route === 'credit' && <p className="text-sm">{t('plan.quote.credit', { amount: formatPrice(payment.creditCents) })}</p>}
      {routes.includes('saved-card') ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">{t('plan.quote.howToPay')}</legend>
          <label className="flex cursor-pointer items-start gap-2 text-sm">
            <input type="radio" name="pay" checked={route === 'saved-card'} onChange={() => onRoute('saved-card')} className="mt-0.5 h-4 w-4 accent-accent" />
            <span>
              {t('plan.quote.savedCard', { brand: brandName(payment.savedCard!.brand), last4: payment.savedCard!.last4 })}
              {payment.creditCents > 0 && (
                <span className="block text-xs text-muted">
                  {t('plan.quote.creditFirst', { credit: formatPrice(payment.creditCents), card: formatPrice(payment.cardCents) })}
                </span>
              )}
            </span>
          </label>
          <label className="flex cursor-pointer items-start gap-2 text-sm">
            <input type="radio" name="pay" checked={route === 'checkout'} onChange={() => onRoute('checkout')} className="mt-0.5 h-4 w-4 accent-accent" />
            <span>{t('plan.quote.anotherCard')}</span>
          </label>
        </fieldset>
      ) : (
        route === 'checkout' && (
          <p className="text-sm">
            {t('plan.quote.checkout')}
            {payment.creditCents > 0 && ` ${t('plan.quote.creditSavedOnly')}`}
          </p>
        )
      )}
    </div>
  );
}
