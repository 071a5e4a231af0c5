import { Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import type { UpcomingBill } from '../../../../shared/schemas/billing';
import { policy } from '../../../../shared/policy';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/errors';
import { useCancelService } from '../api/cancel-service';
import { formatDate } from './format';

/** Asks before cancelling: the service runs to the end of its paid period and is then not renewed. */
export function CancelServiceDialog({ bill, onClose }: { bill: UpcomingBill | null; onClose: () => void }) {
  const cancel = useCancelService();

  async function confirm() {
    if (!bill) return;
    try {
      const { cancelAt } = await cancel.mutateAsync(bill.serverId);
      toast.success('Cancellation scheduled', { description: `${bill.service} will stop on ${formatDate(cancelAt)}.` });
      onClose();
    } catch (error) {
      toast.error('Error', { description: errorMessage(error) });
    }
  }

  return (
    <Dialog
      open={bill !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Cancel at period end?"
      description={bill ? `${bill.service} keeps running until ${formatDate(bill.dueDate)} and will not be renewed.` : undefined}
    >
      <ul className="list-disc space-y-1 pl-5 text-sm text-muted">
        <li>You will not be charged again for this service.</li>
        <li>Its last backup stays downloadable for {policy.backupKeptAfterCancelDays} days after it ends.</li>
        <li>You can change your mind until then.</li>
      </ul>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={cancel.isPending}>
          Keep Service
        </Button>
        <Button variant="danger" onClick={() => void confirm()} disabled={cancel.isPending}>
          {cancel.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          Cancel at Period End
        </Button>
      </div>
    </Dialog>
  );
}
