import { Loader2 } from 'lucide-react';
import { useT } from '../../lib/i18n';
import { saveBillingDetails } from '../../lib/tax-terms';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { BillingDetailsForm, billingValuesOf } from './billing-details-form';

export interface BillingDetailsStepProps {
  userId: string;
  regions: Record<string, string[]>;
  /**
   * Goes on to the payment, given the step that saves the details first: the caller opens the
   * payment tab inside the click (popup blockers allow nothing later), then runs `save`.
   */
  onPay: (save: () => Promise<void>) => Promise<void>;
  onCancel: () => void;
}

/** The first checkout's question: who the invoice is for, and where taxes are due. */
export function BillingDetailsStep({ userId, regions, onPay, onCancel }: BillingDetailsStepProps) {
  const t = useT();
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">
        {t('billing.stepIntro')}
      </p>
      <BillingDetailsForm
        initial={billingValuesOf(null)}
        regions={regions}
        onSubmit={(values) => onPay(async () => void (await saveBillingDetails(userId, values)))}
        actions={({ pending }) => (
          <>
            <Button variant="outline" onClick={onCancel}>
              {t('billing.cancel')}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? (
                <>
                  <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
                  {t('billing.saving')}
                </>
              ) : (
                t('billing.saveAndPay')
              )}
            </Button>
          </>
        )}
      />
    </div>
  );
}

/** The step in a dialog of its own (the configurator). */
export default function BillingDetailsDialog(props: BillingDetailsStepProps & { open: boolean }) {
  const t = useT();
  return (
    <Dialog open={props.open} onOpenChange={(open) => !open && props.onCancel()} title={t('billing.dialogTitle')}>
      <BillingDetailsStep {...props} />
    </Dialog>
  );
}
