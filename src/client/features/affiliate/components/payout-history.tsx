import { formatIn } from '../../../lib/money';
import type { Payout, PayoutStatus } from '../../../../shared/schemas/affiliate';
import { Badge } from '../../../components/ui/badge';
import { useLocale, useT } from '../../../lib/i18n';

const tones: Record<PayoutStatus, 'green' | 'violet' | 'red'> = { credited: 'green', requested: 'violet', approved: 'green', rejected: 'red' };

/** The affiliate's latest payouts and what became of them. */
export function PayoutHistory({ payouts }: { payouts: Payout[] }) {
  const t = useT();
  const locale = useLocale();
  if (payouts.length === 0) return null;
  return (
    <div className="border-t border-line pt-4">
      <h3 className="text-sm font-semibold text-muted">{t('affiliate.payouts')}</h3>
      <ul className="mt-2 divide-y divide-line text-sm">
        {payouts.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              {t(p.method === 'credit' ? 'affiliate.payout.asCredit' : 'affiliate.payout.asCash', { amount: formatIn(p.amountCents, p.currency) })} ·{' '}
              <time dateTime={p.createdAt}>{new Date(p.createdAt).toLocaleDateString(locale, { dateStyle: 'medium' })}</time>
              {p.decisionNote && <span className="block text-xs text-muted">{t('affiliate.payout.note', { note: p.decisionNote })}</span>}
            </span>
            <Badge tone={tones[p.status]}>{t(`affiliate.payout.${p.status}`)}</Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}
