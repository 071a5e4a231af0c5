import { useState } from 'react';
import { toast } from 'sonner';
import { formatIn } from '../../../../lib/money';
import type { HeldCommission } from '../../../../../shared/schemas/affiliate';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { ApiError } from '../../../../lib/api-client';
import { useHeldCommissions } from '../api/get-held-commissions';
import { useReviewHeldCommission } from '../api/review-held-commission';
import { ReasonDialog } from '../../customers/components/reason-dialog';

function who(party: HeldCommission['referrer']) {
  return party.name ? `${party.name} (${party.email})` : party.email;
}

function Review({ commission }: { commission: HeldCommission }) {
  const [asking, setAsking] = useState<'release' | 'void' | null>(null);
  const review = useReviewHeldCommission();
  const amount = formatIn(commission.amountCents, commission.currency);

  function act(action: 'release' | 'void', reason: string) {
    return review.mutateAsync(
      { id: commission.id, action, reason },
      {
        onSuccess: () =>
          toast.success(action === 'release' ? 'Commission released' : 'Commission voided', {
            description:
              action === 'release'
                ? `${amount} counts towards ${commission.referrer.email}'s payouts again.`
                : `${amount} will not be paid to ${commission.referrer.email}.`,
          }),
      },
    );
  }

  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <Button size="sm" disabled={review.isPending} onClick={() => setAsking('release')}>
        Release {amount}
      </Button>
      <Button size="sm" variant="outline" disabled={review.isPending} onClick={() => setAsking('void')}>
        Void
      </Button>
      <ReasonDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking === 'void' ? `Void the ${amount} commission?` : `Release the ${amount} commission?`}
        description={
          asking === 'void'
            ? 'It is reversed for good: the referrer will not be paid for this payment.'
            : 'It counts towards the referrer’s payouts again once its refund window is over.'
        }
        confirmLabel={asking === 'void' ? 'Void commission' : 'Release commission'}
        danger={asking === 'void'}
        pending={review.isPending}
        onConfirm={({ reason }) => act(asking ?? 'release', reason)}
      />
    </div>
  );
}

/** Commissions held because the referrer and the customer look like one person: staff release or void each. */
export function HeldCommissions() {
  const { data: held, error } = useHeldCommissions();
  if (error instanceof ApiError && error.status === 403) return null;
  if (error) return <p className="text-danger">We could not load the held commissions. Please refresh the page.</p>;
  if (!held || held.length === 0) return null;
  return (
    <section aria-labelledby="held-commissions" className="space-y-3">
      <div>
        <h2 id="held-commissions" className="text-lg font-bold">
          Held for review
        </h2>
        <p className="mt-1 text-sm text-muted">The referrer and the customer share payment or billing details. Release what is genuine; void a self-referral.</p>
      </div>
      <ul className="space-y-3" aria-label="Held commissions">
        {held.map((c) => (
          <li key={c.id}>
            <Card className="p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold">
                    {formatIn(c.amountCents, c.currency)} commission on a {formatIn(c.paymentCents, c.currency)} {c.planName} payment
                  </p>
                  <p className="mt-1 text-sm text-muted">
                    {who(c.referrer)} referred {who(c.customer)} · <time dateTime={c.createdAt}>{new Date(c.createdAt).toLocaleDateString(undefined, { dateStyle: 'medium' })}</time>
                  </p>
                  <p className="mt-1 break-words text-sm">Why: {c.holdReason}</p>
                </div>
                <Badge tone="yellow">Held</Badge>
              </div>
              <Review commission={c} />
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
