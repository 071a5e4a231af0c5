import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { roleLabels } from '../../../../../shared/permissions';
import type { CustomerDetail } from '../../../../../shared/schemas/admin/customers';
import { Badge } from '../../../../components/ui/badge';
import { Card } from '../../../../components/ui/card';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { ApiError } from '../../../../lib/api-client';
import { useCustomer } from '../api/get-customer';
import { BillingDetailsSection } from './billing-details-section';
import { CustomerActions } from './customer-actions';
import { EmailsSection } from './emails-section';
import {
  ActivitySection,
  CreditSection,
  InvoicesSection,
  OrdersSection,
  ReferralsSection,
  ServersSection,
  SessionsSection,
  StaffActionsSection,
  TicketsSection,
} from './customer-sections';
import { formatDateTime } from './format';

function Profile({ customer }: { customer: CustomerDetail }) {
  const { profile } = customer;
  const facts: [string, React.ReactNode][] = [
    ['Name', profile.name || 'No name given'],
    ['Account id', <span className="break-all font-mono text-xs">{profile.id}</span>],
    ['Role', roleLabels[profile.role]],
    ['Email', profile.emailVerifiedAt ? `Verified ${formatDateTime(profile.emailVerifiedAt)}` : 'Not verified'],
    ['Two-factor', profile.twoFactorEnabled ? 'On' : 'Off'],
    ['Referral code', <span className="font-mono">{profile.referralCode}</span>],
    ['Joined', formatDateTime(profile.createdAt)],
  ];
  return (
    <Card>
      <section aria-labelledby="profile-title">
        <h2 id="profile-title" className="text-lg font-bold">
          Profile
        </h2>
        {profile.suspendedAt && (
          <div role="note" className="mt-3 rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm">
            <p className="font-semibold text-danger">Suspended {formatDateTime(profile.suspendedAt)}</p>
            {profile.suspendedReason && <p className="mt-1">Reason: {profile.suspendedReason}</p>}
          </div>
        )}
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {facts.map(([label, value]) => (
            <div key={label} className="flex flex-wrap justify-between gap-2 border-b border-line/60 py-1.5">
              <dt className="text-muted">{label}</dt>
              <dd className="min-w-0 text-right">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </Card>
  );
}

/** /admin/customers/:id: one account, everything about it, and what staff can do for it. */
export default function CustomerPage() {
  const { id = '' } = useParams();
  const { data, error, isError } = useCustomer(id);

  if (isError) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <div className="py-12 text-center">
        <h1 className="text-2xl font-bold">{missing ? 'Customer not found' : 'We could not load this customer'}</h1>
        <p className="mt-2 text-muted">{missing ? 'The link may be wrong, or the account was deleted.' : 'Please refresh the page.'}</p>
        <Link to="/admin/customers" className="mt-6 inline-block text-accent hover:underline">
          Back to customers
        </Link>
      </div>
    );
  }
  if (!data) return <PageSpinner label="Loading the customer..." />;
  const { profile } = data;

  return (
    <div className="space-y-6">
      <div>
        <Link to="/admin/customers" className="inline-flex items-center gap-1 text-sm text-muted hover:text-ink">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Customers
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <h1 className="break-all text-2xl font-extrabold sm:text-3xl">{profile.email}</h1>
          {profile.suspendedAt && <Badge tone="red">Suspended</Badge>}
          {profile.inDunning && <Badge tone="yellow">In dunning</Badge>}
          {profile.role !== 'customer' && <Badge tone="violet">{roleLabels[profile.role]}</Badge>}
        </div>
      </div>
      <CustomerActions customer={data} />
      <Profile customer={data} />
      <BillingDetailsSection customer={data} />
      <SessionsSection customer={data} />
      <ServersSection customer={data} />
      <CreditSection customer={data} />
      <OrdersSection customer={data} />
      <InvoicesSection customer={data} />
      <TicketsSection customer={data} />
      <EmailsSection customerId={data.profile.id} />
      <ReferralsSection customer={data} />
      <ActivitySection customer={data} />
      {data.staffActions && <StaffActionsSection actions={data.staffActions} />}
    </div>
  );
}
