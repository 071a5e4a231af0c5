import { useId, useState } from 'react';
import { toast } from 'sonner';
import { formatIn } from '../../../../lib/money';
import { totalsByCurrency } from '../../../../../shared/money';
import { payoutStatuses, type PayoutStatus, type StaffPayout } from '../../../../../shared/schemas/affiliate';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Input } from '../../../../components/ui/field';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { Select } from '../../../../components/ui/select';
import { ApiError } from '../../../../lib/api-client';
import { useUrlFilters } from '../../../../lib/use-url-filters';
import { useAffiliatePayouts } from '../api/get-affiliate-payouts';
import { useDecideAffiliatePayout } from '../api/decide-affiliate-payout';
import { HeldCommissions } from './held-commissions';
import { ReasonDialog } from '../../customers/components/reason-dialog';

const filterKeys = ['status'] as const;

const statusInfo: Record<PayoutStatus, { label: string; tone: 'green' | 'violet' | 'red' }> = {
  requested: { label: 'Requested', tone: 'violet' },
  approved: { label: 'Approved', tone: 'green' },
  rejected: { label: 'Rejected', tone: 'red' },
  credited: { label: 'Paid as credit', tone: 'green' },
};

function when(iso: string) {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function Decision({ payout }: { payout: StaffPayout }) {
  const [note, setNote] = useState('');
  const [asking, setAsking] = useState<'approve' | 'reject' | null>(null);
  const noteId = useId();
  const decide = useDecideAffiliatePayout();
  const amount = formatIn(payout.amountCents, payout.currency);

  function act(action: 'approve' | 'reject', reason: string) {
    return decide.mutateAsync(
      { id: payout.id, action, reason, note: note.trim() || undefined },
      {
        onSuccess: () =>
          toast.success(action === 'approve' ? 'Payout approved' : 'Payout rejected', {
            description:
              action === 'approve'
                ? `${amount} for ${payout.affiliate.email} is marked paid.`
                : `${amount} is payable again for ${payout.affiliate.email}.`,
          }),
      },
    );
  }

  return (
    <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
      <label htmlFor={noteId} className="sr-only">
        Note to the affiliate
      </label>
      <Input
        id={noteId}
        placeholder="Note to the affiliate (optional)"
        maxLength={500}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      <div className="flex shrink-0 gap-2">
        <Button size="sm" disabled={decide.isPending} onClick={() => setAsking('approve')}>
          Approve {amount}
        </Button>
        <Button size="sm" variant="outline" disabled={decide.isPending} onClick={() => setAsking('reject')}>
          Reject
        </Button>
      </div>
      <ReasonDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking === 'reject' ? `Reject the ${amount} payout?` : `Approve the ${amount} payout?`}
        description={
          asking === 'reject'
            ? `The commission becomes payable again for ${payout.affiliate.email}.`
            : `Approve it once the money is sent to ${payout.affiliate.email}: its commission is marked paid.`
        }
        confirmLabel={asking === 'reject' ? 'Reject payout' : 'Approve payout'}
        danger={asking === 'reject'}
        pending={decide.isPending}
        onConfirm={({ reason }) => act(asking ?? 'approve', reason)}
      />
    </div>
  );
}

/** /admin/affiliate: commissions held for review, cash payout requests to approve (paid) or reject (payable again), and past payouts. */
export function AffiliatePayoutsPage() {
  const { params, patch } = useUrlFilters(filterKeys);
  const raw = params.status;
  const status: PayoutStatus | undefined = raw === 'all' ? undefined : ((payoutStatuses as readonly string[]).includes(raw ?? '') ? (raw as PayoutStatus) : 'requested');
  const { data: payouts, error, isFetching } = useAffiliatePayouts(status);
  const filterId = useId();
  const forbidden = error instanceof ApiError && error.status === 403;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-extrabold sm:text-3xl">Affiliate payouts</h1>
          <p className="mt-1 text-muted">Approve a cash payout once it is sent; reject it to make the commission payable again.</p>
        </div>
        <div className="w-48">
          <label htmlFor={filterId} className="mb-1 block text-sm font-medium">
            Status
          </label>
          <Select
            id={filterId}
            value={status ?? 'all'}
            onChange={(e) => patch({ status: e.target.value === 'requested' ? '' : e.target.value })}
          >
            <option value="requested">Requested</option>
            <option value="approved">Approved</option>
            <option value="rejected">Rejected</option>
            <option value="credited">Paid as credit</option>
            <option value="all">All</option>
          </Select>
        </div>
      </div>

      {!forbidden && <HeldCommissions />}

      <div aria-live="polite" aria-busy={isFetching}>
        {forbidden && <p className="text-danger">Only admins can review affiliate payouts.</p>}
        {error && !forbidden && <p className="text-danger">We could not load the payouts. Please refresh the page.</p>}
        {!payouts && !error && <PageSpinner label="Loading payouts..." />}
        {payouts && payouts.length === 0 && (
          <Card className="text-center">
            <h2 className="text-lg font-bold">No payouts here</h2>
            <p className="mt-1 text-sm text-muted">Nothing matches this filter.</p>
          </Card>
        )}
        {payouts && payouts.length > 0 && (
          <p className="mb-3 text-sm text-muted" data-testid="payout-totals">
            {payouts.length} {payouts.length === 1 ? 'payout' : 'payouts'} ·{' '}
            {totalsByCurrency(payouts.map((p) => ({ currency: p.currency, cents: p.amountCents })))
              .map((total) => formatIn(total.cents, total.currency))
              .join(' and ')}
          </p>
        )}
        {payouts && payouts.length > 0 && (
          <ul className="space-y-3" aria-label="Payouts">
            {payouts.map((p) => (
              <li key={p.id}>
                <Card className="p-4">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="font-semibold">
                        {formatIn(p.amountCents, p.currency)} · {p.method === 'cash' ? 'Cash payout' : 'Account credit'}
                      </p>
                      <p className="mt-1 text-sm text-muted">
                        {p.affiliate.name ? `${p.affiliate.name} · ` : ''}
                        {p.affiliate.email} · {p.commissions} {p.commissions === 1 ? 'commission' : 'commissions'} · Requested{' '}
                        <time dateTime={p.createdAt}>{when(p.createdAt)}</time>
                      </p>
                      {p.details && <p className="mt-1 break-words text-sm">Send to: {p.details}</p>}
                      {p.decisionNote && <p className="mt-1 text-sm text-muted">Note: {p.decisionNote}</p>}
                    </div>
                    <Badge tone={statusInfo[p.status].tone}>{statusInfo[p.status].label}</Badge>
                  </div>
                  {p.status === 'requested' && <Decision payout={p} />}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
