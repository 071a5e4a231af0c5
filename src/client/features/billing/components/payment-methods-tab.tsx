import { CreditCard, Loader2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { PaymentMethod } from '../../../../shared/schemas/billing';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { errorMessage } from '../../../lib/errors';
import { usePaymentMethods } from '../api/get-payment-methods';
import { useRemovePaymentMethod } from '../api/remove-payment-method';
import { useSetDefaultPaymentMethod } from '../api/set-default-payment-method';
import { brandName, formatExpiry } from './format';

const cardLabel = (m: PaymentMethod) => `${brandName(m.brand)} ending in ${m.last4}`;

function RemoveDialog({ method, onClose }: { method: PaymentMethod | null; onClose: () => void }) {
  const remove = useRemovePaymentMethod();
  async function confirm() {
    if (!method) return;
    try {
      await remove.mutateAsync(method.id);
      toast.success('Card removed', { description: `${cardLabel(method)} was removed.` });
      onClose();
    } catch (error) {
      toast.error('Error', { description: errorMessage(error) });
    }
  }
  return (
    <Dialog
      open={method !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Remove this card?"
      description={
        method
          ? `${cardLabel(method)} will no longer be charged.${method.isDefault ? ' Renewals will use your next saved card, if any.' : ''}`
          : undefined
      }
    >
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
          Keep Card
        </Button>
        <Button variant="danger" onClick={() => void confirm()} disabled={remove.isPending}>
          {remove.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          Remove Card
        </Button>
      </div>
    </Dialog>
  );
}

/** The Payment Methods tab: saved cards with brand, last four and expiry; set the default, remove. */
export function PaymentMethodsTab() {
  const { data: methods, isError } = usePaymentMethods();
  const setDefault = useSetDefaultPaymentMethod();
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);

  async function makeDefault(method: PaymentMethod) {
    try {
      await setDefault.mutateAsync(method.id);
      toast.success('Default card updated', { description: `Renewals will be charged to ${cardLabel(method)}.` });
    } catch (error) {
      toast.error('Error', { description: errorMessage(error) });
    }
  }

  if (isError) return <p className="text-danger">We could not load your payment methods. Please refresh the page.</p>;
  if (!methods) return <PageSpinner label="Loading payment methods..." />;
  if (methods.length === 0) {
    return (
      <Card className="text-center">
        <CreditCard className="mx-auto h-8 w-8 text-muted" aria-hidden="true" />
        <h2 className="mt-3 text-lg font-bold">No saved cards</h2>
        <p className="mt-1 text-sm text-muted">
          Tick &lsquo;Save this card for renewals&rsquo; when you pay, and the card appears here.
        </p>
        <ButtonLink to="/dashboard/order" className="mt-4">
          Order a Server
        </ButtonLink>
      </Card>
    );
  }

  return (
    <section aria-labelledby="methods-heading">
      <h2 id="methods-heading" className="sr-only">
        Saved cards
      </h2>
      <ul className="space-y-3" aria-label="Saved cards">
        {methods.map((m) => (
          <li
            key={m.id}
            className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5"
          >
            <div className="flex min-w-0 items-center gap-4">
              <div className="flex h-10 w-14 shrink-0 items-center justify-center rounded-lg bg-surface-2" aria-hidden="true">
                <CreditCard className="h-5 w-5 text-accent" />
              </div>
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-semibold">
                  <span>
                    {brandName(m.brand)} •••• {m.last4}
                  </span>
                  {m.isDefault && <Badge tone="green">Default</Badge>}
                </p>
                <p className="text-sm text-muted">Expires {formatExpiry(m.expiryMonth, m.expiryYear)}</p>
              </div>
            </div>
            <div className="flex flex-wrap gap-2">
              {!m.isDefault && (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void makeDefault(m)}
                  disabled={setDefault.isPending}
                >
                  Set as Default{' '}
                  <span className="sr-only">for {cardLabel(m)}</span>
                </Button>
              )}
              <Button variant="ghost" size="sm" onClick={() => setRemoving(m)}>
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                Remove{' '}
                <span className="sr-only">{cardLabel(m)}</span>
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <RemoveDialog method={removing} onClose={() => setRemoving(null)} />
    </section>
  );
}
