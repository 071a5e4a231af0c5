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
import { currentLocale, useT } from '../../../lib/i18n';
import { useRequestPayout } from '../api/request-payout';
import { PayoutHistory } from './payout-history';
import { useBusinessRules } from '../../../lib/business-rules';

function payoutDate(isoDate: string) {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString(currentLocale(), { dateStyle: 'long', timeZone: 'UTC' });
}

/** `id` names the amount for tests in every language (`commission-payable`). */
function Amount({ id, label, cents, hint }: { id: string; label: string; cents: number; hint: string }) {
  return (
    <div className="flex items-center justify-between gap-4 px-4 py-3">
      <dt>
        <span className="block text-sm font-semibold">{label}</span>
        <span className="block text-xs text-muted">{hint}</span>
      </dt>
      <dd className="text-xl font-extrabold" data-testid={`commission-${id}`}>
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
  const t = useT();
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
            toast.success(t('affiliate.comm.creditAdded'), { description: t('affiliate.comm.creditAddedText', { amount: formatPrice(result.amountCents) }) });
          } else {
            toast.success(t('affiliate.comm.requestedToast'), { description: t('affiliate.comm.requestedToastText', { amount: formatPrice(result.amountCents) }) });
          }
          setDetails('');
          onClose();
        },
        onError: (error) => toast.error(t('affiliate.comm.payoutFailed'), { description: errorMessage(error) }),
      },
    );
  }

  return (
    <Dialog
      open={method !== null}
      onOpenChange={(open) => !open && onClose()}
      title={method === 'credit' ? t('affiliate.comm.creditTitle') : t('affiliate.comm.cashTitle')}
      description={
        method === 'credit'
          ? t('affiliate.comm.creditText', { amount })
          : t('affiliate.comm.cashText', { amount, schedule: policy.affiliate.payoutSchedule })
      }
    >
      {method === 'cash' && (
        <div className="mb-4 space-y-2">
          <label htmlFor={detailsId} className="text-sm font-medium">
            {t('affiliate.comm.where')} <span className="text-muted">{t('affiliate.comm.optional')}</span>
          </label>
          <Textarea
            id={detailsId}
            rows={3}
            maxLength={500}
            placeholder={t('affiliate.comm.wherePlaceholder')}
            value={details}
            onChange={(e) => setDetails(e.target.value)}
          />
        </div>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={submit} disabled={payout.isPending}>
          {payout.isPending ? t('affiliate.comm.working') : method === 'credit' ? t('affiliate.comm.addCredit', { amount }) : t('affiliate.comm.request', { amount })}
        </Button>
      </div>
    </Dialog>
  );
}

/** Pending, payable and paid commission, the next payout date, and the two ways to be paid. */
export function CommissionCard({ data }: { data: AffiliateSummary }) {
  const t = useT();
  const { refundWindowHours } = useBusinessRules();
  const [method, setMethod] = useState<PayoutMethod | null>(null);
  const { commission, minimumPayoutCents, joined } = data;
  const enough = commission.payableCents >= minimumPayoutCents;
  const canPay = enough && joined;
  const explanationId = useId();
  const minimum = formatPrice(minimumPayoutCents);

  let explanation: string;
  if (!joined) explanation = t('affiliate.comm.joinFirst');
  else if (!enough) {
    explanation = t('affiliate.comm.notEnough', {
      minimum,
      payable: formatPrice(commission.payableCents),
      left: formatPrice(minimumPayoutCents - commission.payableCents),
    });
  } else explanation = t('affiliate.comm.canTake', { amount: formatPrice(commission.payableCents) });

  return (
    <Card className="min-w-0 space-y-5">
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <Wallet className="h-5 w-5 text-accent" aria-hidden="true" /> {t('affiliate.comm.title')}
      </h2>
      <dl className="divide-y divide-line rounded-xl border border-line bg-bg/40">
        <Amount
          id="pending"
          label={t('affiliate.comm.pending')}
          cents={commission.pendingCents}
          hint={t('affiliate.comm.pendingHint', { hours: refundWindowHours })}
        />
        <Amount id="payable" label={t('affiliate.comm.payable')} cents={commission.payableCents} hint={t('affiliate.comm.payableHint')} />
        <Amount id="paid" label={t('affiliate.comm.paid')} cents={commission.paidCents} hint={t('affiliate.comm.paidHint')} />
      </dl>
      {commission.requestedCents > 0 && (
        <p className="text-sm text-violet">{t('affiliate.comm.inRequest', { amount: formatPrice(commission.requestedCents) })}</p>
      )}
      <div className="flex items-center gap-3 rounded-xl bg-surface-2 px-4 py-3">
        <CalendarClock className="h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
        <div>
          <p className="text-xs text-muted">
            {t('affiliate.comm.next', { schedule: policy.affiliate.payoutSchedule, minimum })}
          </p>
          <time dateTime={data.nextPayout} className="font-semibold" data-testid="next-payout">
            {payoutDate(data.nextPayout)}
          </time>
        </div>
      </div>
      <div className="space-y-2 border-t border-line pt-4">
        <div className="flex flex-wrap gap-2">
          <Button disabled={!canPay} aria-describedby={explanationId} onClick={() => setMethod('credit')}>
            {t('affiliate.comm.takeCredit')}
          </Button>
          <Button variant="outline" disabled={!canPay} aria-describedby={explanationId} onClick={() => setMethod('cash')}>
            {t('affiliate.comm.requestCash')}
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
