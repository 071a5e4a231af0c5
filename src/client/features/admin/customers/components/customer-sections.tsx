import { Link } from 'react-router';
import type { CustomerDetail } from '../../../../../shared/schemas/admin/customers';
import { formatMoney } from '../../../../../shared/money';
import { ServerStatusBadge } from '../../../../components/ui/status-badge';
import { capitalize, formatDateTime, formatDay } from './format';
import { SectionTable } from './section-table';

const link = 'text-ink underline-offset-2 hover:text-accent hover:underline';

export function SessionsSection({ customer }: { customer: CustomerDetail }) {
  return (
    <SectionTable
      title="Sessions"
      rows={customer.sessions}
      empty="Not signed in anywhere."
      columns={[
        { label: 'Signed in', cell: (s) => formatDateTime(s.createdAt) },
        { label: 'Last seen', cell: (s) => formatDateTime(s.lastSeenAt) },
        { label: 'IP address', cell: (s) => <span className="font-mono text-xs">{s.ip ?? '—'}</span> },
        { label: 'Browser', cell: (s) => <span className="break-all text-xs text-muted">{s.userAgent ?? 'Unknown'}</span> },
      ]}
    />
  );
}

export function ServersSection({ customer }: { customer: CustomerDetail }) {
  return (
    <SectionTable
      title="Servers"
      rows={customer.servers}
      empty="No servers."
      columns={[
        { label: 'Server', cell: (s) => <Link to={`/admin/servers/${s.id}`} className={link}>{s.name}</Link> },
        {
          label: 'State',
          cell: (s) => (
            <>
              <ServerStatusBadge status={s.status} />
              {s.suspendedBy === 'account' && <span className="mt-1 block text-xs text-muted">with the account</span>}
              {s.suspendedBy === 'staff' && <span className="mt-1 block text-xs text-muted">by staff</span>}
            </>
          ),
        },
        { label: 'Plan', cell: (s) => s.planName },
        { label: 'Renews', cell: (s) => formatDay(s.renewsAt) },
      ]}
    />
  );
}

export function OrdersSection({ customer }: { customer: CustomerDetail }) {
  return (
    <SectionTable
      title="Orders"
      rows={customer.orders}
      empty="No orders."
      columns={[
        { label: 'Order', cell: (o) => <Link to={`/admin/orders/${o.id}`} className={link}>{o.planName}</Link> },
        { label: 'Status', cell: (o) => capitalize(o.status) },
        { label: 'Total', cell: (o) => <span className="tabular-nums">{formatMoney(o.totalCents, o.currency)}</span> },
        { label: 'Placed', cell: (o) => formatDateTime(o.createdAt) },
      ]}
    />
  );
}

export function InvoicesSection({ customer }: { customer: CustomerDetail }) {
  return (
    <SectionTable
      title="Invoices"
      rows={customer.invoices}
      empty="No invoices."
      columns={[
        { label: 'Number', cell: (i) => <span className="font-mono text-xs">{i.number}</span> },
        { label: 'Status', cell: (i) => capitalize(i.status) },
        { label: 'Total', cell: (i) => <span className="tabular-nums">{formatMoney(i.totalCents, i.currency)}</span> },
        { label: 'Issued', cell: (i) => formatDay(i.issuedAt) },
        {
          label: 'Document',
          cell: (i) => (
            <a href={`/api/admin/invoices/${encodeURIComponent(i.id)}/pdf`} download className={link}>
              PDF <span className="sr-only">of {i.number}</span>
            </a>
          ),
        },
      ]}
    />
  );
}

const ledgerKinds: Record<string, string> = {
  affiliate_credit: 'Affiliate payout',
  sla_credit: 'SLA credit',
  refund_credit: 'Refund to credit',
  staff_adjustment: 'Staff adjustment',
  credit_applied: 'Spent on an invoice',
};

export function CreditSection({ customer }: { customer: CustomerDetail }) {
  return (
    <SectionTable
      title="Credit"
      rows={customer.credit.entries}
      empty="No credit movements yet."
      note={<p className="text-sm">Balance <strong className="tabular-nums">{formatMoney(customer.credit.balanceCents, customer.credit.currency)}</strong></p>}
      columns={[
        { label: 'When', cell: (e) => formatDateTime(e.createdAt) },
        { label: 'Amount', cell: (e) => <span className={`tabular-nums ${e.amountCents < 0 ? 'text-danger' : 'text-accent'}`}>{e.amountCents > 0 ? '+' : '−'}{formatMoney(Math.abs(e.amountCents), e.currency)}</span> },
        { label: 'Kind', cell: (e) => ledgerKinds[e.kind] ?? e.kind },
        {
          label: 'Reason',
          cell: (e) => (
            <>
              {e.reason}
              {e.createdByEmail && <span className="block text-xs text-muted">by {e.createdByEmail}</span>}
            </>
          ),
        },
      ]}
    />
  );
}

export function TicketsSection({ customer }: { customer: CustomerDetail }) {
  return (
    <SectionTable
      title="Tickets"
      rows={customer.tickets}
      empty="No tickets."
      columns={[
        { label: 'Subject', cell: (t) => <Link to={`/admin/tickets/${t.id}`} className={link}>{t.subject}</Link> },
        { label: 'Status', cell: (t) => capitalize(t.status) },
        { label: 'Priority', cell: (t) => capitalize(t.priority) },
        { label: 'Updated', cell: (t) => formatDateTime(t.updatedAt) },
      ]}
    />
  );
}

export function ReferralsSection({ customer }: { customer: CustomerDetail }) {
  const { referredBy, referred, referredCount } = customer.referrals;
  return (
    <SectionTable
      title="Referrals"
      rows={referred}
      empty="They have not referred anyone yet."
      note={
        <p className="text-sm text-muted">
          {referredBy ? (
            <>
              Referred by{' '}
              <Link to={`/admin/customers/${referredBy.id}`} className={link}>
                {referredBy.email}
              </Link>
            </>
          ) : (
            'Not referred by anyone'
          )}
          {referredCount > referred.length && ` · showing ${referred.length} of ${referredCount}`}
        </p>
      }
      columns={[
        { label: 'Referred', cell: (p) => <Link to={`/admin/customers/${p.id}`} className={`${link} break-all`}>{p.email}</Link> },
        { label: 'Name', cell: (p) => p.name || '—' },
        { label: 'Joined', cell: (p) => formatDay(p.createdAt) },
      ]}
    />
  );
}

export function ActivitySection({ customer }: { customer: CustomerDetail }) {
  return (
    <SectionTable
      title="Activity"
      rows={customer.activity}
      empty="Nothing has happened on this account yet."
      columns={[
        { label: 'When', cell: (a) => formatDateTime(a.createdAt) },
        { label: 'What', cell: (a) => a.message },
      ]}
    />
  );
}

export function StaffActionsSection({ actions }: { actions: NonNullable<CustomerDetail['staffActions']> }) {
  return (
    <SectionTable
      title="Staff actions"
      rows={actions}
      empty="No staff action on this account yet."
      columns={[
        { label: 'When', cell: (a) => formatDateTime(a.createdAt) },
        { label: 'Action', cell: (a) => <span className="font-mono text-xs">{a.action}</span> },
        { label: 'By', cell: (a) => <span className="break-all">{a.actorEmail}</span> },
        { label: 'Reason', cell: (a) => a.reason ?? '—' },
      ]}
    />
  );
}
