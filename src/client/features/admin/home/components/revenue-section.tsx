import { lazy, Suspense } from 'react';
import type { HomeSeriesPoint } from '../../../../../shared/schemas/admin/home';
import { formatMoney } from '../../../../../shared/money';
import { Card } from '../../../../components/ui/card';
import { shortDay } from './home-format';

const RevenueChart = lazy(() => import('./revenue-chart'));

/** The chart, with a text summary and the full table for screen readers and anyone who prefers numbers. */
/** `named`: the heading names the currency, when the shop has money in more than one (never added up, decision 063). */
export function RevenueSection({ series, currency, named = false }: { series: HomeSeriesPoint[]; currency: string; named?: boolean }) {
  const formatPrice = (minor: number) => formatMoney(minor, currency);
  const headingId = `revenue-heading-${currency}`;
  const revenue = series.reduce((s, p) => s + p.revenueCents, 0);
  const refunds = series.reduce((s, p) => s + p.refundsCents, 0);
  const best = series.reduce<HomeSeriesPoint | null>((top, p) => (!top || p.revenueCents > top.revenueCents ? p : top), null);
  const first = series[0];
  const last = series.at(-1);

  return (
    <Card className="space-y-4" aria-labelledby={headingId}>
      <div>
        <h2 id={headingId} className="text-lg font-bold">
          {named ? `Revenue in ${currency.toUpperCase()}` : 'Revenue'}, last {series.length} days
        </h2>
        <p className="mt-1 text-sm text-muted" data-testid="revenue-summary">
          {first && last ? `From ${shortDay(first.day)} to ${shortDay(last.day)} (UTC): ` : ''}
          {formatPrice(revenue)} taken in payments and {formatPrice(refunds)} refunded, {formatPrice(revenue - refunds)} net.
          {best && best.revenueCents > 0 ? ` Best day: ${shortDay(best.day)} with ${formatPrice(best.revenueCents)}.` : ''}
        </p>
      </div>
      <Suspense fallback={<div className="min-h-[300px]" aria-hidden="true" />}>
        <RevenueChart series={series} currency={currency} />
      </Suspense>
      <details>
        <summary className="cursor-pointer text-sm font-medium text-accent">Show the numbers as a table</summary>
        <div className="mt-3 max-h-80 overflow-auto">
          <table className="w-full min-w-[360px] text-left text-sm">
            <caption className="sr-only">Revenue and refunds per day in {currency.toUpperCase()}</caption>
            <thead className="sticky top-0 bg-surface text-xs uppercase text-muted">
              <tr>
                <th scope="col" className="py-2 pr-4">Day</th>
                <th scope="col" className="py-2 pr-4 text-right">Revenue</th>
                <th scope="col" className="py-2 text-right">Refunds</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {[...series].reverse().map((p) => (
                <tr key={p.day}>
                  <th scope="row" className="py-1.5 pr-4 font-normal">
                    <time dateTime={p.day}>{shortDay(p.day)}</time>
                  </th>
                  <td className="py-1.5 pr-4 text-right tabular-nums">{formatPrice(p.revenueCents)}</td>
                  <td className="py-1.5 text-right tabular-nums">{formatPrice(p.refundsCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </Card>
  );
}
