import { formatPrice } from '../../../lib/money';
import type { Payout, PayoutStatus } from '../../../../shared/schemas/affiliate';
import { Badge } from '../../../components/ui/badge';

const statuses: Record<PayoutStatus, { label: string; tone: 'green' | 'violet' | 'red' }> = {
  credited: { label: 'Added to credit', tone: 'green' },
  requested: { label: 'Waiting for review', tone: 'violet' },
  approved: { label: 'Approved', tone: 'green' },
  rejected: { label: 'Declined', tone: 'red' },
};

/** The affiliate's latest payouts and what became of them. */
export function PayoutHistory({ payouts }: { payouts: Payout[] }) {
  if (payouts.length === 0) return null;
  return (
    <div className="border-t border-line pt-4">
      <h3 className="text-sm font-semibold text-muted">Your payouts</h3>
      <ul className="mt-2 divide-y divide-line text-sm">
        {payouts.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              {formatPrice(p.amountCents)} {p.method === 'credit' ? 'as account credit' : 'cash payout'} ·{' '}
              <time dateTime={p.createdAt}>{new Date(p.createdAt).toLocaleDateString(undefined, { dateStyle: 'medium' })}</time>
              {p.decisionNote && <span className="block text-xs text-muted">Note from our team: {p.decisionNote}</span>}
            </span>
            <Badge tone={statuses[p.status].tone}>{statuses[p.status].label}</Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}
