import { toast } from 'sonner';
import { BillingDetailsForm, billingValuesOf } from '../../../components/billing/billing-details-form';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useT } from '../../../lib/i18n';
import { useTaxTerms } from '../../../lib/tax-terms';
import { useBillingDetails } from '../api/get-billing-details';
import { useSaveBillingDetails } from '../api/save-billing-details';

/** Settings → Billing details: who the invoices are made out to, and where taxes are due. */
export function BillingDetailsCard({ userId }: { userId: string }) {
  const t = useT();
  const { data, isError } = useBillingDetails();
  const terms = useTaxTerms(userId);
  const save = useSaveBillingDetails(userId);
  const details = data?.details ?? null;

  return (
    <Card>
      <h2 className="text-lg font-bold">{t('account.billing.title')}</h2>
      <p className="mt-1 text-sm text-muted">{t('account.billing.intro')}</p>
      {isError && <p className="mt-4 text-danger">{t('account.billing.loadFailed')}</p>}
      {!data && !isError && <PageSpinner label={t('account.billing.loading')} />}
      {data && (
        <div className="mt-6">
          <BillingDetailsForm
            key={details?.updatedAt ?? 'new'}
            initial={billingValuesOf(details)}
            regions={terms?.regions ?? {}}
            saved={details}
            onSubmit={async (values) => {
              await save.mutateAsync(values);
              toast.success(t('account.billing.saved'), { description: t('account.billing.savedText') });
            }}
            actions={({ pending }) => (
              <Button type="submit" disabled={pending}>
                {pending ? t('common.saving') : t('account.billing.save')}
              </Button>
            )}
          />
        </div>
      )}
    </Card>
  );
}
