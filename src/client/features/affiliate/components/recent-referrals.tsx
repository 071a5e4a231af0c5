import { formatPrice } from '../../../lib/money';
import type { RecentReferral, ReferralStatus } from '../../../../shared/schemas/affiliate';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';

const statuses: Record<ReferralStatus, { label: string; tone: 'green' | 'violet' | 'yellow' | 'red' | 'grey' }> = {
  signed_up: { label: 'Signed up', tone: 'grey' },
  pending: { label: 'Pending', tone: 'yellow' },
  payable: { label: 'Payable', tone: 'green' },
  requested: { label: 'Payout requested', tone: 'violet' },
  paid: { label: 'Paid', tone: 'green' },
  reversed: { label: 'Reversed', tone: 'red' },
  held: { label: 'Under review', tone: 'yellow' },
};

function date(iso: string) {
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/** Sign-ups and payments through the link, newest first, with the commission each earned. */
export function RecentReferrals({ referrals }: { referrals: RecentReferral[] }) {
  return (
    <Card className="min-w-0">
      <h2 id="recent-referrals" className="text-lg font-bold">
        Recent referrals
      </h2>
      {referrals.length === 0 ? (
        <p className="mt-4 text-sm text-muted">No referrals yet. Share your link and they will show up here.</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm" aria-labelledby="recent-referrals">
            <thead className="text-xs uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">User</th>
                <th scope="col" className="py-2 pr-4 font-semibold">Plan</th>
                <th scope="col" className="py-2 pr-4 font-semibold">Commission</th>
                <th scope="col" className="py-2 pr-4 font-semibold">Date</th>
                <th scope="col" className="py-2 font-semibold">Status</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {referrals.map((r) => (
                <tr key={r.id}>
                  <td className="py-3 pr-4 font-mono">{r.user}</td>
                  <td className="py-3 pr-4">{r.plan ?? '—'}</td>
                  <td className="py-3 pr-4">{r.plan ? formatPrice(r.amount) : '—'}</td>
                  <td className="py-3 pr-4 whitespace-nowrap">
                    <time dateTime={r.date}>{date(r.date)}</time>
                  </td>
                  <td className="py-3">
                    <Badge tone={statuses[r.status].tone}>{statuses[r.status].label}</Badge>
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
