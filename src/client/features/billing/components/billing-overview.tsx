import { CalendarClock, CreditCard, Receipt, Wallet } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { formatPrice } from '../../../lib/money';
import type { UpcomingBill } from '../../../../shared/schemas/billing';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { errorMessage } from '../../../lib/errors';
import { useBilling } from '../api/get-billing';
import { useResumeService } from '../api/resume-service';
import { BillingStatusBadge } from './billing-status-badge';
import { CancelServiceDialog } from './cancel-service-dialog';
import { formatDate } from './format';

function Tile({ label, value, hint, icon: Icon }: { label: string; value: string; hint?: string; icon: typeof Wallet }) {
  return (
    <Card className="p-5">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-muted">{label}</p>
        <Icon className="h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
      </div>
      <p className="mt-2 text-2xl font-extrabold sm:text-3xl" data-testid={`tile-${label.toLowerCase().replaceAll(' ', '-')}`}>
        {value}
      </p>
      {hint && <p className="mt-1 truncate text-xs text-muted">{hint}</p>}
    </Card>
  );
}

function Ending({ serverId, service, cancelAt }: { serverId: string; service: string; cancelAt: string }) {
  const resume = useResumeService();
  async function keep() {
    try {
      await resume.mutateAsync(serverId);
      toast.success('Cancellation withdrawn', { description: `${service} will renew as usual.` });
    } catch (error) {
      toast.error('Error', { description: errorMessage(error) });
    }
  }
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="break-words font-semibold">{service}</p>
        <p className="text-sm text-muted">Ends on {formatDate(cancelAt)} and will not be renewed</p>
      </div>
      <Button variant="outline" size="sm" onClick={() => void keep()} disabled={resume.isPending}>
        Keep Service{' '}
        <span className="sr-only">for {service}</span>
      </Button>
    </li>
  );
}

/** The Overview tab: the four tiles and the bills to come, each with 'Cancel at period end'. */
export function BillingOverviewTab() {
  const { data, isError } = useBilling();
  const [cancelling, setCancelling] = useState<UpcomingBill | null>(null);

  if (isError) return <p className="text-danger">We could not load your billing overview. Please refresh the page.</p>;
  if (!data) return <PageSpinner label="Loading billing..." />;
  const { stats, upcoming, ending } = data;

  return (
    <div className="space-y-8">
      <section aria-label="Billing statistics" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Tile label="Current Balance" icon={Wallet} value={formatPrice(stats.currentBalance)} hint="Account credit" />
        <Tile
          label="Next Payment"
          icon={CalendarClock}
          value={stats.nextPayment ? formatPrice(stats.nextPayment.amountCents) : '—'}
          hint={stats.nextPayment ? `${stats.nextPayment.service}, ${formatDate(stats.nextPayment.dueDate)}` : 'Nothing due'}
        />
        <Tile label="This Month" icon={Receipt} value={formatPrice(stats.thisMonth)} hint="Paid this calendar month" />
        <Tile label="Payment Methods" icon={CreditCard} value={String(stats.paymentMethods)} hint="Saved cards" />
      </section>

      <section aria-labelledby="upcoming-heading">
        <h2 id="upcoming-heading" className="mb-4 text-lg font-bold">
          Upcoming bills
        </h2>
        {upcoming.length === 0 ? (
          <Card className="text-sm text-muted">No bills scheduled. Services you order renew here at the end of each period.</Card>
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
                    {bill.planName} · Renews {formatDate(bill.dueDate)}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-3">
                  <span className="font-semibold tabular-nums">{formatPrice(bill.amountCents)}</span>
                  <BillingStatusBadge status={bill.status} />
                  <Button variant="outline" size="sm" onClick={() => setCancelling(bill)}>
                    Cancel at period end{' '}
                    <span className="sr-only">for {bill.service}</span>
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
            Ending services
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
