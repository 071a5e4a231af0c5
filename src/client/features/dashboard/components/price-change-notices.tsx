import { TrendingDown, TrendingUp } from 'lucide-react';
import { formatIn } from '../../../lib/money';
import type { PriceChangeNotice } from '../../../../shared/schemas/catalog';
import { currentLocale, translate, useT } from '../../../lib/i18n';
import { usePriceChanges } from '../api/get-price-changes';

const day = (iso: string) => new Date(iso).toLocaleDateString(currentLocale(), { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const every = (months: number) => translate('price.every', { months });

function Notice({ notice }: { notice: PriceChangeNotice }) {
  const t = useT();
  const up = notice.kind === 'increase';
  const Icon = up ? TrendingUp : TrendingDown;
  return (
    <li className={up ? 'rounded-xl border border-warn/40 bg-warn/10 p-4' : 'rounded-xl border border-accent/30 bg-accent/10 p-4'}>
      <p className="flex items-start gap-2 text-sm">
        <Icon className={up ? 'mt-0.5 h-4 w-4 shrink-0 text-warn' : 'mt-0.5 h-4 w-4 shrink-0 text-accent'} aria-hidden="true" />
        <span>
          <span className="font-semibold">
            {notice.serverName} ({notice.planName})
          </span>{' '}
          {t('price.notice', { amount: formatIn(notice.newCents, notice.currency), every: every(notice.months), old: formatIn(notice.oldCents, notice.currency), date: day(notice.appliesFrom) })}
          {up && ` ${t('price.untilThen')}`}
        </span>
      </p>
    </li>
  );
}

/** The price changes announced for the customer's services, until each one is charged. */
export function PriceChangeNotices() {
  const t = useT();
  const { data } = usePriceChanges();
  if (!data || data.items.length === 0) return null;
  return (
    <section aria-labelledby="price-changes">
      <h2 id="price-changes" className="mb-3 text-lg font-bold">
        {t('price.title')}
      </h2>
      <ul className="space-y-3">
        {data.items.map((n) => (
          <Notice key={n.id} notice={n} />
        ))}
      </ul>
    </section>
  );
}
