import { CalendarClock, CreditCard, Receipt, Wallet } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { formatIn } from '../../../lib/money';
import type { UpcomingBill } from '../../../../shared/schemas/billing';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { errorMessage } from '../../../lib/errors';
import { useLocale, useT } from '../../../lib/i18n';
import { useBilling } from '../api/get-billing';
import { useResumeService } from '../api/resume-service';
import { BillingStatusBadge } from './billing-status-badge';
import { CancelServiceDialog } from './cancel-service-dialog';
import { formatDate } from './format';

/** `id` names the tile for tests in every language (`tile-current-balance`). */
function Tile({ id, label, value, hint, icon: Icon }: { id: string; label: string; value: string; hint?: string; icon: typeof Wallet }) {
  return (
    <Card className="p-5">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-muted">{label}</p>
        <Icon className="h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
      </div>
      <p className="mt-2 text-2xl font-extrabold sm:text-3xl" data-testid={`tile-${id}`}>
        {value}
      </p>
      {hint && <p className="mt-1 truncate text-xs text-muted">{hint}</p>}
    </Card>
  );
}

function Ending({ serverId, service, cancelAt }: { serverId: string; service: string; cancelAt: string }) {
  const t = useT();
  const resume = useResumeService();
  async function keep() {
    try {
      await resume.mutateAsync(serverId);
      toast.success(t('billing.withdrawn'), { description: t('billing.withdrawnText', { service }) });
    } catch (error) {
      toast.error(t('common.error'), { description: errorMessage(error) });
    }
  }
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="break-words font-semibold">{service}</p>
        <p className="text-sm text-muted">{t('billing.ending.text', { date: formatDate(cancelAt) })}</p>
      </div>
      <Button variant="outline" size="sm" onClick={() => void keep()} disabled={resume.isPending}>
        {t('billing.keepService')}{' '}
        <span className="sr-only">{t('billing.forService', { service })}</span>
      </Button>
    </li>
  );
}

/** The Overview tab: the four tiles and the bills to come, each with 'Cancel at period end'. */
export function BillingOverviewTab() {
  const t = useT();
  const locale = useLocale();
  const { data, isError } = useBilling();
  const [cancelling, setCancelling] = useState<UpcomingBill | null>(null);

  if (isError) return <p className="text-danger">{t('billing.overview.loadFailed')}</p>;
  if (!data) return <PageSpinner label={t('billing.overview.loading')} />;
  const { stats, upcoming, ending } = data;
  // Credit is kept per currency: each is shown on its own, never added to another.
  const balance = stats.balances.length
    ? new Intl.ListFormat(locale, { type: 'conjunction' }).format(stats.balances.map((b) => formatIn(b.cents, b.currency, locale)))
    : formatIn(0, data.currency, locale);

  return (
    <div className="space-y-8">
      <section aria-label={t('billing.overview.stats')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Tile id="current-balance" label={t('billing.tile.balance')} icon={Wallet} value={balance} hint={t('billing.tile.balanceHint')} />
        <Tile
          id="next-payment"
          label={t('billing.tile.next')}
          icon={CalendarClock}
          value={stats.nextPayment ? formatIn(stats.nextPayment.amountCents, stats.nextPayment.currency) : '—'}
          hint={
            stats.nextPayment
              ? t('billing.tile.nextHint', { service: stats.nextPayment.service, date: formatDate(stats.nextPayment.dueDate) })
              : t('billing.tile.nothingDue')
          }
        />
        <Tile id="this-month" label={t('billing.tile.month')} icon={Receipt} value={formatIn(stats.thisMonth, data.currency)} hint={t('billing.tile.monthHint')} />
        <Tile
          id="payment-methods"
          label={t('billing.tile.methods')}
          icon={CreditCard}
          value={new Intl.NumberFormat(locale).format(stats.paymentMethods)}
          hint={t('billing.tile.methodsHint')}
        />
      </section>

      <section aria-labelledby="upcoming-heading">
        <h2 id="upcoming-heading" className="mb-4 text-lg font-bold">
          {t('billing.upcoming.title')}
        </h2>
        {upcoming.length === 0 ? (
          <Card className="text-sm text-muted">{t('billing.upcoming.empty')}</Card>
        ) : (
          <ul className="space-y-3">
            {upcoming.map((bill) => (
              <li
                key={bill.serverId}
                className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="break-words font-semibold">{bill.service}</p>
                  <p className="text-sm text-muted">
                    {t('billing.upcoming.renews', { plan: bill.planName, date: formatDate(bill.dueDate) })}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-3">
                  <span className="font-semibold tabular-nums">{formatIn(bill.amountCents, bill.currency)}</span>
                  <BillingStatusBadge status={bill.status} />
                  <Button variant="outline" size="sm" onClick={() => setCancelling(bill)}>
                    {t('billing.upcoming.cancel')}{' '}
                    <span className="sr-only">{t('billing.forService', { service: bill.service })}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      {ending.length > 0 && (
        <section aria-labelledby="ending-heading">
          <h2 id="ending-heading" className="mb-4 text-lg font-bold">
            {t('billing.ending.title')}
          </h2>
          <ul className="space-y-3">
            {ending.map((e) => (
              <Ending key={e.serverId} {...e} />
            ))}
          </ul>
        </section>
      )}
      <CancelServiceDialog bill={cancelling} onClose={() => setCancelling(null)} />
    </div>
  );
}
