import { DollarSign, MousePointerClick, Percent, Users } from 'lucide-react';
import type { AffiliatePeriod } from '../../../../shared/affiliate';
import { formatPrice } from '../../../lib/money';
import type { AffiliateStats } from '../../../../shared/schemas/affiliate';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

function Change({ value, period }: { value: number; period: AffiliatePeriod }) {
  const sign = value > 0 ? '+' : '';
  const tone = value > 0 ? 'text-accent' : value < 0 ? 'text-danger' : 'text-muted';
  return (
    <p className="mt-1 text-xs text-muted">
      <span className={cn('font-semibold', tone)}>
        {sign}
        {value}%
      </span>{' '}
      vs previous {period}
    </p>
  );
}

function Tile({
  label,
  value,
  change,
  period,
  icon: Icon,
}: {
  label: string;
  value: string;
  change: number;
  period: AffiliatePeriod;
  icon: typeof Users;
}) {
  const id = `affiliate-tile-${label.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <Card className="p-5" role="group" aria-labelledby={id}>
      <div className="flex items-center justify-between">
        <p id={id} className="text-sm text-muted">
          {label}
        </p>
        <Icon className="h-5 w-5 text-accent" aria-hidden="true" />
      </div>
      <p className="mt-2 text-3xl font-extrabold" data-testid={id}>
        {value}
      </p>
      <Change value={change} period={period} />
    </Card>
  );
}

/** The four figures of the period, each with its change against the previous period of the same length. */
export function StatTiles({ stats, period }: { stats: AffiliateStats; period: AffiliatePeriod }) {
  return (
    <section aria-label="Affiliate statistics" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Tile label="Total Earnings" icon={DollarSign} value={formatPrice(stats.totalEarnings)} change={stats.earningsChange} period={period} />
      <Tile label="Referrals" icon={Users} value={String(stats.referrals)} change={stats.referralsChange} period={period} />
      <Tile label="Conversion Rate" icon={Percent} value={`${stats.conversionRate}%`} change={stats.conversionChange} period={period} />
      <Tile label="Clicks" icon={MousePointerClick} value={String(stats.clicks)} change={stats.clicksChange} period={period} />
    </section>
  );
}
