import { CalendarClock, Wallet } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { formatPrice } from '../../../lib/money';
import { policy } from '../../../../shared/policy';
import type { AffiliateSummary, PayoutMethod } from '../../../../shared/schemas/affiliate';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Textarea } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/errors';
import { useRequestPayout } from '../api/request-payout';
import { PayoutHistory } from './payout-history';

function payoutDate(isoDate: string) {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString(undefined, { dateStyle: 'long', timeZone: 'UTC' });
}

function Amount({ label, cents, hint }: { label: string; cents: number; hint: string }) {
  return (
    <div className="flex items-center justify-between gap-4 px-4 py-3">
      <dt>
        <span className="block text-sm font-semibold">{label}</span>
        <span className="block text-xs text-muted">{hint}</span>
      </dt>
      <dd className="text-xl font-extrabold" data-testid={`commission-${label.toLowerCase()}`}>
        {formatPrice(cents)}
      </dd>
    </div>
  );
}

function PayoutDialog({
  method,
  amountCents,
  onClose,
}: {
  method: PayoutMethod | null;
  amountCents: number;
  onClose: () => void;
}) {
  const payout = useRequestPayout();
  const [details, setDetails] = useState('');
  const detailsId = useId();
  const amount = formatPrice(amountCents);

  function submit() {
    if (!method) return;
    payout.mutate(
      { method, ...(method === 'cash' && details.trim() ? { details: details.trim() } : {}) },
      {
        onSuccess: (result) => {
          if (result.method === 'credit') {
            toast.success('Credit Added', { description: `${formatPrice(result.amountCents)} was added to your account credit.` });
          } else {
            toast.success('Payout Requested', { description: `We will review your ${formatPrice(result.amountCents)} payout request shortly.` });
          }
          setDetails('');
          onClose();
        },
        onError: (error) => toast.error('Payout Failed', { description: errorMessage(error) }),
      },
    );
  }

  return (
    <Dialog
      open={method !== null}
      onOpenChange={(open) => !open && onClose()}
      title={method === 'credit' ? 'Take as account credit' : 'Request a cash payout'}
      description={
        method === 'credit'
          ? `${amount} is added to your account credit at once, and pays for your next orders and renewals.`
          : `Our team reviews the request and sends ${amount} with the ${policy.affiliate.payoutSchedule} payouts.`
      }
    >
      {method === 'cash' && (
        <div className="mb-4 space-y-2">
          <label htmlFor={detailsId} className="text-sm font-medium">
            Where should we send it? <span className="text-muted">(optional)</span>
          </label>
          <Textarea
            id={detailsId}
            rows={3}
            maxLength={500}
            placeholder="Your PayPal address, or how to reach you for bank details"
            value={details}
            onChange={(e) => setDetails(e.target.value)}
          />
        </div>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={submit} disabled={payout.isPending}>
          {payout.isPending ? 'Working...' : method === 'credit' ? `Add ${amount} to my credit` : `Request ${amount}`}
        </Button>
      </div>
    </Dialog>
  );
}

/** Pending, payable and paid commission, the next payout date, and the two ways to be paid. */
export function CommissionCard({ data }: { data: AffiliateSummary }) {
  const [method, setMethod] = useState<PayoutMethod | null>(null);
  const { commission, minimumPayoutCents, joined } = data;
  const enough = commission.payableCents >= minimumPayoutCents;
  const canPay = enough && joined;
  const explanationId = useId();
  const minimum = formatPrice(minimumPayoutCents);

  let explanation: string;
  if (!joined) explanation = 'Join the affiliate program (above) to take payouts. Your commission is kept for you in the meantime.';
  else if (!enough) {
    explanation = `Payouts open at ${minimum} payable. You have ${formatPrice(commission.payableCents)} payable, ${formatPrice(
      minimumPayoutCents - commission.payableCents,
    )} to go.`;
  } else explanation = `You can take all ${formatPrice(commission.payableCents)} payable now.`;

  return (
    <Card className="min-w-0 space-y-5">
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <Wallet className="h-5 w-5 text-accent" aria-hidden="true" /> Commission
      </h2>
      <dl className="divide-y divide-line rounded-xl border border-line bg-bg/40">
        <Amount label="Pending" cents={commission.pendingCents} hint={`In the ${policy.refundWindowHours}-hour refund window`} />
        <Amount label="Payable" cents={commission.payableCents} hint="Ready to pay out" />
        <Amount label="Paid" cents={commission.paidCents} hint="Paid out so far" />
      </dl>
      {commission.requestedCents > 0 && (
        <p className="text-sm text-violet">{formatPrice(commission.requestedCents)} is in a cash payout request waiting for review.</p>
      )}
      <div className="flex items-center gap-3 rounded-xl bg-surface-2 px-4 py-3">
        <CalendarClock className="h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
        <div>
          <p className="text-xs text-muted">
            Next payout ({policy.affiliate.payoutSchedule}, minimum {minimum})
          </p>
          <time dateTime={data.nextPayout} className="font-semibold" data-testid="next-payout">
            {payoutDate(data.nextPayout)}
          </time>
        </div>
      </div>
      <div className="space-y-2 border-t border-line pt-4">
        <div className="flex flex-wrap gap-2">
          <Button disabled={!canPay} aria-describedby={explanationId} onClick={() => setMethod('credit')}>
            Take as Credit
          </Button>
          <Button variant="outline" disabled={!canPay} aria-describedby={explanationId} onClick={() => setMethod('cash')}>
            Request Cash Payout
          </Button>
        </div>
        <p id={explanationId} className="text-sm text-muted">
          {explanation}
        </p>
      </div>
      <PayoutHistory payouts={data.payouts} />
      <PayoutDialog method={method} amountCents={commission.payableCents} onClose={() => setMethod(null)} />
    </Card>
  );
}
