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
import { translate, useT } from '../../../lib/i18n';
import { usePaymentMethods } from '../api/get-payment-methods';
import { useRemovePaymentMethod } from '../api/remove-payment-method';
import { useSetDefaultPaymentMethod } from '../api/set-default-payment-method';
import { brandName, formatExpiry } from './format';

const cardLabel = (m: PaymentMethod) => translate('billing.card.label', { brand: brandName(m.brand), last4: m.last4 });

function RemoveDialog({ method, onClose }: { method: PaymentMethod | null; onClose: () => void }) {
  const t = useT();
  const remove = useRemovePaymentMethod();
  async function confirm() {
    if (!method) return;
    try {
      await remove.mutateAsync(method.id);
      toast.success(t('billing.card.removed'), { description: t('billing.card.removedText', { card: cardLabel(method) }) });
      onClose();
    } catch (error) {
      toast.error(t('common.error'), { description: errorMessage(error) });
    }
  }
  return (
    <Dialog
      open={method !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('billing.card.removeTitle')}
      description={
        method
          ? t(method.isDefault ? 'billing.card.removeDefaultText' : 'billing.card.removeText', { card: cardLabel(method) })
          : undefined
      }
    >
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
          {t('billing.card.keep')}
        </Button>
        <Button variant="danger" onClick={() => void confirm()} disabled={remove.isPending}>
          {remove.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          {t('billing.card.remove')}
        </Button>
      </div>
    </Dialog>
  );
}

/** The Payment Methods tab: saved cards with brand, last four and expiry; set the default, remove. */
export function PaymentMethodsTab() {
  const t = useT();
  const { data: methods, isError } = usePaymentMethods();
  const setDefault = useSetDefaultPaymentMethod();
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);

  async function makeDefault(method: PaymentMethod) {
    try {
      await setDefault.mutateAsync(method.id);
      toast.success(t('billing.card.defaultUpdated'), { description: t('billing.card.defaultUpdatedText', { card: cardLabel(method) }) });
    } catch (error) {
      toast.error(t('common.error'), { description: errorMessage(error) });
    }
  }

  if (isError) return <p className="text-danger">{t('billing.methods.loadFailed')}</p>;
  if (!methods) return <PageSpinner label={t('billing.methods.loading')} />;
  if (methods.length === 0) {
    return (
      <Card className="text-center">
        <CreditCard className="mx-auto h-8 w-8 text-muted" aria-hidden="true" />
        <h2 className="mt-3 text-lg font-bold">{t('billing.methods.emptyTitle')}</h2>
        <p className="mt-1 text-sm text-muted">{t('billing.methods.emptyText')}</p>
        <ButtonLink to="/dashboard/order" className="mt-4">
          {t('billing.methods.order')}
        </ButtonLink>
      </Card>
    );
  }

  return (
    <section aria-labelledby="methods-heading">
      <h2 id="methods-heading" className="sr-only">
        {t('billing.methods.saved')}
      </h2>
      <ul className="space-y-3" aria-label={t('billing.methods.saved')}>
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
                  {m.isDefault && <Badge tone="green">{t('billing.methods.default')}</Badge>}
                </p>
                <p className="text-sm text-muted">{t('billing.methods.expires', { date: formatExpiry(m.expiryMonth, m.expiryYear) })}</p>
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
                  {t('billing.methods.setDefault')}{' '}
                  <span className="sr-only">{t('billing.forService', { service: cardLabel(m) })}</span>
                </Button>
              )}
              <Button variant="ghost" size="sm" onClick={() => setRemoving(m)}>
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                {t('billing.card.removeShort')}{' '}
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
