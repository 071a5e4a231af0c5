import { CalendarClock, Wallet } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { formatIn } from '../../../lib/money';
import { meetsPayoutMinimum } from '../../../../shared/affiliate';
import { policy } from '../../../../shared/policy';
import type { AffiliateSummary, CommissionTotals, PayoutMethod } from '../../../../shared/schemas/affiliate';
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

/** `id` names the amount for tests in every language (`commission-payable`, `commission-jpy-payable`). */
function Amount({ id, label, cents, currency, hint }: { id: string; label: string; cents: number; currency: string; hint: string }) {
  return (
    <div className="flex items-center justify-between gap-4 px-4 py-3">
      <dt>
        <span className="block text-sm font-semibold">{label}</span>
        <span className="block text-xs text-muted">{hint}</span>
      </dt>
      <dd className="text-xl font-extrabold" data-testid={`commission-${id}`}>
        {formatIn(cents, currency)}
      </dd>
    </div>
  );
}

function PayoutDialog({
  method,
  amountCents,
  currency,
  onClose,
}: {
  method: PayoutMethod | null;
  amountCents: number;
  currency: string;
  onClose: () => void;
}) {
  const t = useT();
  const payout = useRequestPayout();
  const [details, setDetails] = useState('');
  const detailsId = useId();
  const amount = formatIn(amountCents, currency);

  function submit() {
    if (!method) return;
    payout.mutate(
      { method, currency, ...(method === 'cash' && details.trim() ? { details: details.trim() } : {}) },
      {
        onSuccess: (result) => {
          if (result.method === 'credit') {
            toast.success(t('affiliate.comm.creditAdded'), { description: t('affiliate.comm.creditAddedText', { amount: formatIn(result.amountCents, result.currency) }) });
          } else {
            toast.success(t('affiliate.comm.requestedToast'), { description: t('affiliate.comm.requestedToastText', { amount: formatIn(result.amountCents, result.currency) }) });
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

/** One currency's pending, payable and paid commission and the two ways to take it (decision 080). */
function Balance({ balance, joined, titled, shop }: { balance: CommissionTotals; joined: boolean; titled: boolean; shop: boolean }) {
  const t = useT();
  const { refundWindowHours } = useBusinessRules();
  const [method, setMethod] = useState<PayoutMethod | null>(null);
  const explanationId = useId();
  const headingId = useId();
  const { currency } = balance;
  const money = (cents: number) => formatIn(cents, currency);
  const enough = meetsPayoutMinimum(balance.payableCents, balance.minimumPayoutCents);
  const canPay = enough && joined;
  // The shop's currency keeps the ids it always had; another one names itself (commission-jpy-payable).
  const idOf = (name: string) => (shop ? name : `${currency}-${name}`);

  let explanation: string;
  if (!joined) explanation = t('affiliate.comm.joinFirst');
  else if (!enough) {
    explanation = t('affiliate.comm.notEnough', {
      minimum: money(balance.minimumPayoutCents),
      payable: money(balance.payableCents),
      left: money(balance.minimumPayoutCents - balance.payableCents),
    });
  } else explanation = t('affiliate.comm.canTake', { amount: money(balance.payableCents) });

  return (
    <section className="space-y-3" aria-labelledby={titled ? headingId : undefined}>
      {titled && (
        <h3 id={headingId} className="text-sm font-semibold text-muted">
          {t('affiliate.comm.inCurrency', { currency: currency.toUpperCase() })}
        </h3>
      )}
      <dl className="divide-y divide-line rounded-xl border border-line bg-bg/40">
        <Amount
          id={idOf('pending')}
          label={t('affiliate.comm.pending')}
          cents={balance.pendingCents}
          currency={currency}
          hint={t('affiliate.comm.pendingHint', { hours: refundWindowHours })}
        />
        <Amount id={idOf('payable')} label={t('affiliate.comm.payable')} cents={balance.payableCents} currency={currency} hint={t('affiliate.comm.payableHint')} />
        <Amount id={idOf('paid')} label={t('affiliate.comm.paid')} cents={balance.paidCents} currency={currency} hint={t('affiliate.comm.paidHint')} />
      </dl>
      {balance.requestedCents > 0 && <p className="text-sm text-violet">{t('affiliate.comm.inRequest', { amount: money(balance.requestedCents) })}</p>}
      <div className="space-y-2">
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
      <PayoutDialog method={method} amountCents={balance.payableCents} currency={currency} onClose={() => setMethod(null)} />
    </section>
  );
}

/** Commission per currency (the shop's first), the next payout date, and the payouts so far. */
export function CommissionCard({ data }: { data: AffiliateSummary }) {
  const t = useT();
  const { balances, joined } = data;
  const several = balances.length > 1;
  const shop = balances[0];

  return (
    <Card className="min-w-0 space-y-5">
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <Wallet className="h-5 w-5 text-accent" aria-hidden="true" /> {t('affiliate.comm.title')}
      </h2>
      {several && <p className="text-sm text-muted">{t('affiliate.comm.perCurrency')}</p>}
      {balances.map((balance, i) => (
        <Balance key={balance.currency} balance={balance} joined={joined} titled={several} shop={i === 0} />
      ))}
      {shop && (
        <div className="flex items-center gap-3 rounded-xl bg-surface-2 px-4 py-3">
          <CalendarClock className="h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
          <div>
            <p className="text-xs text-muted">
              {t('affiliate.comm.next', { schedule: policy.affiliate.payoutSchedule, minimum: formatIn(shop.minimumPayoutCents, shop.currency) })}
            </p>
            <time dateTime={data.nextPayout} className="font-semibold" data-testid="next-payout">
              {payoutDate(data.nextPayout)}
            </time>
          </div>
        </div>
      )}
      <PayoutHistory payouts={data.payouts} />
    </Card>
  );
}
