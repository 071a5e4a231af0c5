import { Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import type { UpcomingBill } from '../../../../shared/schemas/billing';
import { policy } from '../../../../shared/policy';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/errors';
import { useT } from '../../../lib/i18n';
import { useCancelService } from '../api/cancel-service';
import { formatDate } from './format';

/** Asks before cancelling: the service runs to the end of its paid period and is then not renewed. */
export function CancelServiceDialog({ bill, onClose }: { bill: UpcomingBill | null; onClose: () => void }) {
  const t = useT();
  const cancel = useCancelService();

  async function confirm() {
    if (!bill) return;
    try {
      const { cancelAt } = await cancel.mutateAsync(bill.serverId);
      toast.success(t('billing.cancel.scheduled'), { description: t('billing.cancel.scheduledText', { service: bill.service, date: formatDate(cancelAt) }) });
      onClose();
    } catch (error) {
      toast.error(t('common.error'), { description: errorMessage(error) });
    }
  }

  return (
    <Dialog
      open={bill !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('billing.cancel.title')}
      description={bill ? t('billing.cancel.description', { service: bill.service, date: formatDate(bill.dueDate) }) : undefined}
    >
      <ul className="list-disc space-y-1 pl-5 text-sm text-muted">
        <li>{t('billing.cancel.noCharge')}</li>
        <li>{t('billing.cancel.backupKept', { days: policy.backupKeptAfterCancelDays })}</li>
        <li>{t('billing.cancel.changeMind')}</li>
      </ul>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={cancel.isPending}>
          {t('billing.keepService')}
        </Button>
        <Button variant="danger" onClick={() => void confirm()} disabled={cancel.isPending}>
          {cancel.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          {t('billing.cancel.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
