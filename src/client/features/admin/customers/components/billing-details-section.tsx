import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { countryName } from '../../../../../shared/countries';
import type { CustomerDetail } from '../../../../../shared/schemas/admin/customers';
import type { BillingDetails } from '../../../../../shared/schemas/tax';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { useCan } from '../../components/use-can';
import { useVerifyVatId } from '../api/verify-vat-id';
import { formatDateTime, formatDay } from './format';
import { ReasonDialog } from './reason-dialog';

/** Where the VAT ID stands with VIES, for staff (docs/decisions/033-vat-id-checks.md). */
function vatIdState(details: BillingDetails): string {
  const check = details.vatCheck;
  if (details.vatIdStatus === 'verified') {
    if (check?.by === 'staff') return `Verified by hand on ${formatDay(check.checkedAt)}`;
    const number = check?.consultation ? `, consultation number ${check.consultation}` : ", no consultation number (the seller's tax ID is not an EU VAT ID VIES accepts)";
    return `Verified with VIES on ${formatDay(check?.checkedAt)}${number}`;
  }
  if (details.vatIdStatus === 'invalid') return `Not valid: VIES says it is not registered (${formatDay(check?.checkedAt)}). VAT is charged.`;
  const error = details.vatCheckError === 'VIES_NOT_CONFIGURED' ? 'VIES_API_URL is not set' : details.vatCheckError;
  return `Checking with VIES${error ? `: no answer yet (${error})` : ''}. VAT is charged until it is verified.`;
}

/**
 * Who the customer's invoices are made out to, as they gave it in Settings → Billing details.
 * Read-only, but for one thing: staff allowed to (vat.verify) can mark a VAT ID that VIES could
 * not verify as verified by hand, with a reason kept in the audit log.
 */
export function BillingDetailsSection({ customer }: { customer: CustomerDetail }) {
  const details = customer.billingDetails;
  const canVerify = useCan('vat.verify');
  const verify = useVerifyVatId(customer.profile.id);
  const [verifying, setVerifying] = useState(false);
  const facts: [string, ReactNode][] = details
    ? [
        ['Name or company', details.name],
        ['Address', details.address || 'Not given'],
        ['Country', `${countryName(details.country)} (${details.country})`],
        ['State or region', details.region || 'Not given'],
        ['Postal code', details.postalCode || 'Not given'],
        [
          'VAT ID',
          details.vatId ? (
            <>
              <span className="font-mono">{details.vatId}</span>
              <span className="block text-xs text-muted">{vatIdState(details)}</span>
            </>
          ) : (
            'None'
          ),
        ],
        ['Last changed', formatDateTime(details.updatedAt)],
      ]
    : [];
  const verifiable = canVerify && details?.vatId && details.vatIdStatus !== 'verified';
  return (
    <Card>
      <section aria-labelledby="billing-details-title">
        <h2 id="billing-details-title" className="text-lg font-bold">
          Billing details
        </h2>
        {details ? (
          <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            {facts.map(([label, value]) => (
              <div key={label} className="flex flex-wrap justify-between gap-2 border-b border-line/60 py-1.5">
                <dt className="text-muted">{label}</dt>
                <dd className="min-w-0 break-words text-right">{value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="mt-2 text-sm text-muted">Not given yet: the customer is asked for them at their first checkout.</p>
        )}
        {verifiable && (
          <div className="mt-3">
            <Button size="sm" variant="secondary" onClick={() => setVerifying(true)}>
              Mark VAT ID as verified
            </Button>
          </div>
        )}
        <p className="mt-3 text-xs text-muted">Only the customer can change these, in Settings → Billing details. Invoices keep the details they were issued with.</p>
      </section>
      {verifying && details && (
        <ReasonDialog
          open
          onOpenChange={(next) => !next && setVerifying(false)}
          title="Mark this VAT ID as verified?"
          description={`Only after checking ${details.vatId} yourself, for example on the member state's own register. The customer's next invoices are then under reverse charge, where it applies.`}
          confirmLabel="Mark as verified"
          pending={verify.isPending}
          onConfirm={async ({ reason }) => {
            const result = await verify.mutateAsync({ vatId: details.vatId, reason });
            toast.success(result.message);
          }}
        />
      )}
    </Card>
  );
}
