import { formatPrice } from '../../../../lib/money';
import type { PlanChangeQuote } from '../../../../../shared/schemas/plan-changes';
import { TaxRows } from '../../../../components/billing/tax-rows';
import { daysLeftLabel, formatDay, perPeriod, type PaymentRoute } from '../../plan-change-rules';

const row = 'flex justify-between gap-4';
const GB = 1024 ** 3;

function brandName(brand: string): string {
  return brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card';
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
  const renewal = (
    <p className="text-sm">
      Renewals then cost <span className="font-semibold tabular-nums">{formatPrice(quote.renewalCents)}</span> {perPeriod(months)}
      {quote.coupon ? ', before your coupon and tax.' : ', before tax.'}
    </p>
  );

  if (quote.kind === 'downgrade') {
    return (
      <div className="space-y-2 rounded-xl border border-line bg-surface-2/40 p-4" data-testid="plan-change-quote">
        <h3 className="font-bold">A smaller plan, from your next renewal</h3>
        <p className="text-sm">
          Nothing is charged now. The server moves to <span className="font-semibold">{quote.to.planName}</span> ({quote.to.ramGb} GB RAM,{' '}
          {quote.to.diskGb} GB SSD) on <span className="font-semibold">{formatDay(quote.effectiveAt)}</span>, when its billing period ends. Until
          then it keeps {quote.from.planName}.
        </p>
        {renewal}
        {quote.diskUsedBytes !== null && (
          <p className="text-xs text-muted">
            Your files use {(quote.diskUsedBytes / GB).toFixed(1)} GB, which fits the new {quote.to.diskGb} GB disk. If they grow past it by the
            renewal, the change is called off and the server keeps its plan.
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
      <h3 className="font-bold">Due now</h3>
      <dl className="space-y-1.5 text-sm">
        <div className={row}>
          <dt className="text-muted">
            {quote.from.planName} to {quote.to.planName}, prorated for the {left} left of this period (until {formatDay(quote.period.end)})
          </dt>
          <dd className="shrink-0 tabular-nums" data-testid="plan-change-prorated">
            {formatPrice(quote.amountCents)}
          </dd>
        </div>
        {quote.coupon && (
          <div className={row}>
            <dt className="text-muted">Coupon {quote.coupon.code}</dt>
            <dd className="shrink-0">{quote.coupon.label}, included</dd>
          </div>
        )}
        <TaxRows tax={tax} className={row} />
        <div className={`${row} border-t border-line pt-2 text-base font-bold`}>
          <dt>Total due now</dt>
          <dd className="tabular-nums" data-testid="plan-change-total">
            {formatPrice(gross)}
          </dd>
        </div>
      </dl>
      {renewal}

      {route === 'free' && <p className="text-sm">Nothing to pay now: the upgrade starts as soon as you confirm.</p>}
      {route === 'credit' && <p className="text-sm">Paid from your account credit ({formatPrice(payment.creditCents)} available for it).</p>}
      {routes.includes('saved-card') ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">How to pay</legend>
          <label className="flex cursor-pointer items-start gap-2 text-sm">
            <input type="radio" name="pay" checked={route === 'saved-card'} onChange={() => onRoute('saved-card')} className="mt-0.5 h-4 w-4 accent-[#4ade80]" />
            <span>
              Saved card: {brandName(payment.savedCard!.brand)} ending {payment.savedCard!.last4}
              {payment.creditCents > 0 && (
                <span className="block text-xs text-muted">
                  {formatPrice(payment.creditCents)} from your account credit first, then {formatPrice(payment.cardCents)} on the card.
                </span>
              )}
            </span>
          </label>
          <label className="flex cursor-pointer items-start gap-2 text-sm">
            <input type="radio" name="pay" checked={route === 'checkout'} onChange={() => onRoute('checkout')} className="mt-0.5 h-4 w-4 accent-[#4ade80]" />
            <span>Another card, in a secure checkout that opens in a new tab</span>
          </label>
        </fieldset>
      ) : (
        route === 'checkout' && (
          <p className="text-sm">
            You pay by card in a secure checkout that opens in a new tab; the upgrade starts once it is paid.
            {payment.creditCents > 0 && ' Account credit is used only with a saved card.'}
          </p>
        )
      )}
    </div>
  );
}
