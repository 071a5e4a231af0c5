import { ArrowLeft, RefreshCw, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { formatMoney } from '../../../../../shared/money';
import type { AdminOrderDetail, AdminRefundInput } from '../../../../../shared/schemas/admin/orders';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { ApiError } from '../../../../lib/api-client';
import { useCan } from '../../components/use-can';
import { useAdminOrder } from '../api/get-admin-order';
import { useRefundOrder } from '../api/refund-order';
import { useCheckOrderWithProvider } from '../api/check-order-with-provider';
import { formatDateTime } from './format';
import { MoneyStatusBadge } from './money-status-badge';
import { LinesCard, PaymentCard, RefundsCard, SummaryCard } from './order-sections';
import { RefundDialog } from './refund-dialog';

function windowText(order: AdminOrderDetail): string | null {
  const { refundable } = order;
  if (!order.payment || !refundable.windowEndsAt) return null;
  return refundable.withinWindow
    ? `Inside the ${refundable.windowHours}-hour money-back window until ${formatDateTime(refundable.windowEndsAt)}.`
    : `The ${refundable.windowHours}-hour money-back window ended ${formatDateTime(refundable.windowEndsAt)}.`;
}

/** The refund button (for roles with money.write) and where the order stands. */
function RefundCard({ order }: { order: AdminOrderDetail }) {
  const formatPrice = (minor: number) => formatMoney(minor, order.currency);
  const canRefund = useCan('money.write');
  const [open, setOpen] = useState(false);
  const refund = useRefundOrder(order.id);
  const { refundable } = order;
  const windowNote = windowText(order);

  async function confirm(input: AdminRefundInput) {
    const before = new Set(order.refunds.map((r) => r.id));
    const after = await refund.mutateAsync(input);
    const made = after.refunds.find((r) => !before.has(r.id));
    const where = input.method === 'card' ? 'to the card' : 'to account credit';
    const note = made?.creditNote ? ` Credit note ${made.creditNote.number} issued.` : '';
    toast.success(`Refunded ${formatPrice(input.amountCents)} ${where}.${note}`);
  }

  let standing: string;
  if (!order.payment) standing = 'Nothing was paid, so there is nothing to refund.';
  else if (refundable.totalCents === 0) standing = 'Fully refunded: nothing is left to refund.';
  else standing = `${formatPrice(refundable.totalCents)} is left to refund${refundable.cardCents > 0 ? `, ${formatPrice(refundable.cardCents)} of it back to the card` : ', to account credit only'}.`;

  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 text-sm">
          <h2 className="text-lg font-bold">Refund</h2>
          <p className="mt-1">{standing}</p>
          {windowNote && <p className="mt-1 text-muted">{windowNote}</p>}
          {refundable.canCancelService && <p className="mt-1 text-muted">A refund now may also cancel the service.</p>}
        </div>
        {canRefund && refundable.totalCents > 0 && (
          <Button onClick={() => setOpen(true)}>
            <Undo2 className="h-4 w-4" aria-hidden="true" />
            Refund
          </Button>
        )}
      </div>
      {open && <RefundDialog order={order} open onOpenChange={setOpen} pending={refund.isPending} onConfirm={confirm} />}
    </Card>
  );
}

const providerNames: Record<string, string> = { stripe: 'Stripe', local: 'the built-in checkout' };

/**
 * On an unpaid order (billing and admin): ask the payment provider whether it was paid after all,
 * for a customer who says they paid and got nothing; the server fulfils it if so.
 */
function ProviderCheckCard({ order }: { order: AdminOrderDetail }) {
  const canCheck = useCan('money.write');
  const check = useCheckOrderWithProvider(order.id);
  const [answer, setAnswer] = useState<string | null>(null);
  const unpaid = order.status === 'pending' || order.status === 'expired';
  // Once the check fulfils the order the card stays, with what the provider said, without its button.
  if (!canCheck || (!unpaid && !answer)) return null;
  const name = providerNames[order.provider] ?? order.provider;

  async function run() {
    setAnswer(null);
    try {
      const result = await check.mutateAsync();
      setAnswer(result.message);
      if (result.fulfilled) toast.success('The order was paid: it is now fulfilled.');
    } catch (error) {
      setAnswer(error instanceof ApiError ? error.message : `We could not reach ${name}. Please try again.`);
    }
  }

  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 text-sm">
          <h2 className="text-lg font-bold">{unpaid ? 'Unpaid' : 'Checked'}</h2>
          <p className="mt-1">
            If the customer says they paid, ask {name} about this checkout. A paid one is fulfilled at once, exactly as its payment notice would.
          </p>
          {answer && (
            <p className="mt-2 font-medium" role="status">
              {answer}
            </p>
          )}
        </div>
        {unpaid && (
          <Button variant="secondary" onClick={() => void run()} disabled={check.isPending}>
            <RefreshCw className="h-4 w-4" aria-hidden="true" />
            {check.isPending ? 'Checking...' : `Check with ${order.provider === 'stripe' ? 'Stripe' : 'the provider'}`}
          </Button>
        )}
      </div>
    </Card>
  );
}

/** /admin/orders/:id: one order, its payment and refunds, and the refund action. */
export default function OrderDetailPage() {
  const { id = '' } = useParams();
  const { data: order, error, isError } = useAdminOrder(id);

  if (isError) {
    const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <div className="py-16 text-center">
        <h1 className="text-2xl font-bold">{missing ? 'Order not found' : 'We could not load this order'}</h1>
        <p className="mt-2 text-muted">{missing ? 'The link may be wrong.' : 'Please refresh the page.'}</p>
        <Link to="/admin/orders" className="mt-4 inline-block text-accent hover:underline">
          Back to all orders
        </Link>
      </div>
    );
  }
  if (!order) return <PageSpinner label="Loading the order..." />;

  return (
    <div className="space-y-6">
      <Link to="/admin/orders" className="inline-flex items-center gap-1 text-sm text-muted hover:text-ink">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All orders
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-semibold uppercase tracking-widest text-accent">Order</p>
          <h1 className="break-words text-2xl font-extrabold sm:text-3xl">
            {order.planName} · {formatMoney(order.totalCents, order.currency)}
          </h1>
          <p className="mt-1 text-sm text-muted">
            {order.invoice ? `${order.invoice.number} · ` : ''}
            placed by{' '}
            <Link to={`/admin/customers/${order.customer.id}`} className="text-ink hover:text-accent hover:underline">
              {order.customer.email}
            </Link>
          </p>
        </div>
        <div className="flex items-center gap-2" aria-live="polite">
          <MoneyStatusBadge status={order.status} />
          {order.renewal && <Badge tone="grey">Renewal</Badge>}
        </div>
      </div>
      <ProviderCheckCard order={order} />
      <RefundCard order={order} />
      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <PaymentCard order={order} />
        <LinesCard order={order} />
      </div>
      <RefundsCard order={order} />
      <SummaryCard order={order} />
    </div>
  );
}
