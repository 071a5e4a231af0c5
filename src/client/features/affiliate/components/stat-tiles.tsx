import { DollarSign, MousePointerClick, Percent, Users } from 'lucide-react';
import type { AffiliatePeriod } from '../../../../shared/affiliate';
import { formatIn } from '../../../lib/money';
import type { AffiliateStats } from '../../../../shared/schemas/affiliate';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { useLocale, useT } from '../../../lib/i18n';

function Change({ value, period }: { value: number; period: AffiliatePeriod }) {
  const t = useT();
  const locale = useLocale();
  const sign = value > 0 ? '+' : '';
  const tone = value > 0 ? 'text-accent' : value < 0 ? 'text-danger' : 'text-muted';
  return (
    <p className="mt-1 text-xs text-muted">
      <span className={cn('font-semibold', tone)}>
        {sign}
        {new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100)}
      </span>{' '}
      {t('affiliate.vsPrevious', { period })}
    </p>
  );
}

/** `id` names the tile for tests in every language (`affiliate-tile-clicks`). */
function Tile({
  id: name,
  label,
  value,
  change,
  period,
  icon: Icon,
}: {
  id: string;
  label: string;
  value: string;
  /** null: amounts in several currencies have no one change (decision 080). */
  change: number | null;
  period: AffiliatePeriod;
  icon: typeof Users;
}) {
  const id = `affiliate-tile-${name}`;
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
      {change !== null && <Change value={change} period={period} />}
    </Card>
  );
}

/** The four figures of the period, each with its change against the previous period of the same length. */
export function StatTiles({ stats, period }: { stats: AffiliateStats; period: AffiliatePeriod }) {
  const t = useT();
  const locale = useLocale();
  const count = (n: number) => new Intl.NumberFormat(locale).format(n);
  return (
    <section aria-label={t('affiliate.stats')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Tile
        id="total-earnings"
        label={t('affiliate.tile.earnings')}
        icon={DollarSign}
        value={stats.earnings.map((e) => formatIn(e.cents, e.currency)).join(' · ')}
        change={stats.earnings.length === 1 ? (stats.earnings[0]?.change ?? 0) : null}
        period={period}
      />
      <Tile id="referrals" label={t('affiliate.tile.referrals')} icon={Users} value={count(stats.referrals)} change={stats.referralsChange} period={period} />
      <Tile
        id="conversion-rate"
        label={t('affiliate.tile.conversion')}
        icon={Percent}
        value={new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(stats.conversionRate / 100)} change={stats.conversionChange} period={period} />
      <Tile id="clicks" label={t('affiliate.tile.clicks')} icon={MousePointerClick} value={count(stats.clicks)} change={stats.clicksChange} period={period} />
    </section>
  );
}
