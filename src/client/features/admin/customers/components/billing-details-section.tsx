import type { ReactNode } from 'react';
import { countryName } from '../../../../../shared/countries';
import type { CustomerDetail } from '../../../../../shared/schemas/admin/customers';
import { Card } from '../../../../components/ui/card';
import { formatDateTime } from './format';

/**
 * Who the customer's invoices are made out to, as they gave it in Settings → Billing details.
 * Read-only: only the customer changes it. A VAT ID is shown as not verified, which it is: its
 * form was checked, no registry was asked (decision 023).
 */
export function BillingDetailsSection({ customer }: { customer: CustomerDetail }) {
  const details = customer.billingDetails;
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
              <span className="block text-xs text-muted">
                {details.vatIdStatus === 'unverified' ? 'Not verified: its form was checked, no registry was asked' : 'Verified'}
              </span>
            </>
          ) : (
            'None'
          ),
        ],
        ['Last changed', formatDateTime(details.updatedAt)],
      ]
    : [];
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
        <p className="mt-3 text-xs text-muted">Only the customer can change these, in Settings → Billing details. Invoices keep the details they were issued with.</p>
      </section>
    </Card>
  );
}
