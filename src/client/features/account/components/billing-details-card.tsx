import { toast } from 'sonner';
import { BillingDetailsForm, billingValuesOf } from '../../../components/billing/billing-details-form';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useTaxTerms } from '../../../lib/tax-terms';
import { useBillingDetails } from '../api/get-billing-details';
import { useSaveBillingDetails } from '../api/save-billing-details';

/** Settings → Billing details: who the invoices are made out to, and where taxes are due. */
export function BillingDetailsCard({ userId }: { userId: string }) {
  const { data, isError } = useBillingDetails();
  const terms = useTaxTerms(userId);
  const save = useSaveBillingDetails(userId);
  const details = data?.details ?? null;

  return (
    <Card>
      <h2 className="text-lg font-bold">Billing details</h2>
      <p className="mt-1 text-sm text-muted">
        Printed on your invoices, and used to work out the taxes on your orders and renewals. Invoices already issued keep the details they were issued with.
      </p>
      {isError && <p className="mt-4 text-danger">We could not load your billing details. Please refresh the page.</p>}
      {!data && !isError && <PageSpinner label="Loading billing details..." />}
      {data && (
        <div className="mt-6">
          <BillingDetailsForm
            key={details?.updatedAt ?? 'new'}
            initial={billingValuesOf(details)}
            regions={terms?.regions ?? {}}
            saved={details}
            onSubmit={async (values) => {
              await save.mutateAsync(values);
              toast.success('Billing details saved', { description: 'Your next orders and renewals use them.' });
            }}
            actions={({ pending }) => (
              <Button type="submit" disabled={pending}>
                {pending ? 'Saving...' : 'Save billing details'}
              </Button>
            )}
          />
        </div>
      )}
    </Card>
  );
}
