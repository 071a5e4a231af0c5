import { Loader2 } from 'lucide-react';
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
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">
        We need these once, for your invoices and to work out the taxes due. You can change them later in Settings.
      </p>
      <BillingDetailsForm
        initial={billingValuesOf(null)}
        regions={regions}
        onSubmit={(values) => onPay(async () => void (await saveBillingDetails(userId, values)))}
        actions={({ pending }) => (
          <>
            <Button variant="outline" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? (
                <>
                  <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
                  Saving...
                </>
              ) : (
                'Save and continue to payment'
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
  return (
    <Dialog open={props.open} onOpenChange={(open) => !open && props.onCancel()} title="Your billing details">
      <BillingDetailsStep {...props} />
    </Dialog>
  );
}
