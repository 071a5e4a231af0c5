import { formatIn } from '../../../lib/money';
import type { RecentReferral, ReferralStatus } from '../../../../shared/schemas/affiliate';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { currentLocale, useT } from '../../../lib/i18n';

const tones: Record<ReferralStatus, 'green' | 'violet' | 'yellow' | 'red' | 'grey'> = {
  signed_up: 'grey',
  pending: 'yellow',
  payable: 'green',
  requested: 'violet',
  paid: 'green',
  reversed: 'red',
  held: 'yellow',
};

function date(iso: string) {
  return new Date(iso).toLocaleDateString(currentLocale(), { dateStyle: 'medium' });
}

/** Sign-ups and payments through the link, newest first, with the commission each earned. */
export function RecentReferrals({ referrals }: { referrals: RecentReferral[] }) {
  const t = useT();
  return (
    <Card className="min-w-0">
      <h2 id="recent-referrals" className="text-lg font-bold">
        {t('affiliate.recent')}
      </h2>
      {referrals.length === 0 ? (
        <p className="mt-4 text-sm text-muted">{t('affiliate.recentEmpty')}</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm" aria-labelledby="recent-referrals">
            <thead className="text-xs uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">{t('affiliate.col.user')}</th>
                <th scope="col" className="py-2 pr-4 font-semibold">{t('affiliate.col.plan')}</th>
                <th scope="col" className="py-2 pr-4 font-semibold">{t('affiliate.col.commission')}</th>
                <th scope="col" className="py-2 pr-4 font-semibold">{t('affiliate.col.date')}</th>
                <th scope="col" className="py-2 font-semibold">{t('affiliate.col.status')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {referrals.map((r) => (
                <tr key={r.id}>
                  <td className="py-3 pr-4 font-mono">{r.user}</td>
                  <td className="py-3 pr-4">{r.plan ?? '—'}</td>
                  <td className="py-3 pr-4">{r.plan ? formatIn(r.amount, r.currency) : '—'}</td>
                  <td className="py-3 pr-4 whitespace-nowrap">
                    <time dateTime={r.date}>{date(r.date)}</time>
                  </td>
                  <td className="py-3">
                    <Badge tone={tones[r.status]}>{t(`affiliate.ref.${r.status}`)}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
