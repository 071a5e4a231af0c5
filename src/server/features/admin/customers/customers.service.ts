import type { CustomerDetail, CustomerList, CustomerListQuery, CustomerSummary } from '../../../../shared/schemas/admin/customers';
import { can } from '../../../../shared/permissions';
import { notFound } from '../../../lib/errors';
import { customerCredit } from '../../billing';
import { getBillingDetails } from '../../tax';
import type { AdminDeps } from '../admin-deps';
import type { StaffActor } from '../../../lib/audit';
import { customerRecords, findCustomer, listCustomers, pageFacts, type CustomerRow } from './customers.repository';

export type CustomersDeps = Pick<AdminDeps, 'db' | 'clock' | 'ids' | 'mailer' | 'panel' | 'events' | 'brand' | 'publicUrl' | 'log' | 'config'>;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const fullName = (row: { firstName: string; lastName: string }) => `${row.firstName} ${row.lastName}`.trim();

function toSummary(row: CustomerRow, serverCount: number, inDunning: boolean): CustomerSummary {
  return {
    id: row.id,
    email: row.email,
    name: fullName(row),
    role: row.role,
    emailVerified: row.emailVerifiedAt !== null,
    twoFactorEnabled: row.totpEnabledAt !== null,
    suspendedAt: iso(row.suspendedAt),
    referralCode: row.referralCode,
    serverCount,
    inDunning,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listCustomersPage(deps: Pick<CustomersDeps, 'db'>, query: CustomerListQuery): Promise<CustomerList> {
  const { rows, total } = await listCustomers(deps.db, query);
  const facts = await pageFacts(
    deps.db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => toSummary(r, facts.serverCounts.get(r.id) ?? 0, facts.dunning.has(r.id))),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function loadCustomer(deps: Pick<CustomersDeps, 'db'>, id: string): Promise<CustomerRow> {
  const row = await findCustomer(deps.db, id);
  if (!row) throw notFound('That customer was not found.');
  return row;
}

export async function getCustomerDetail(deps: CustomersDeps, viewer: StaffActor, id: string): Promise<CustomerDetail> {
  const row = await loadCustomer(deps, id);
  const [records, credit, facts, billingDetails] = await Promise.all([
    customerRecords(deps.db, row.id, row.referredByUserId, deps.clock.now(), can(viewer.role, 'audit.read')),
    customerCredit(deps, row.id),
    pageFacts(deps.db, [row.id]),
    getBillingDetails(deps.db, row.id),
  ]);
  const person = (p: { id: string; email: string; firstName: string; lastName: string; createdAt: Date }) => ({
    id: p.id,
    email: p.email,
    name: fullName(p),
    createdAt: p.createdAt.toISOString(),
  });
  return {
    profile: {
      ...toSummary(row, facts.serverCounts.get(row.id) ?? 0, facts.dunning.has(row.id)),
      firstName: row.firstName,
      lastName: row.lastName,
      emailVerifiedAt: iso(row.emailVerifiedAt),
      suspendedReason: row.suspendedReason,
      updatedAt: row.updatedAt.toISOString(),
    },
    billingDetails,
    sessions: records.sessionRows.map((s) => ({
      id: s.id,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      ip: s.ip,
      userAgent: s.userAgent,
    })),
    servers: records.serverRows.map((s) => ({
      id: s.id,
      name: s.name,
      status: s.status,
      game: s.game,
      planName: s.planName,
      location: s.location,
      suspendedBy: s.suspendedBy ?? null,
      renewsAt: s.renewsAt.toISOString(),
      createdAt: s.createdAt.toISOString(),
    })),
    orders: records.orderRows.map((o) => ({
      id: o.id,
      planName: o.planName,
      kind: o.kind,
      status: o.status,
      // What the customer pays, tax included, in the order's own currency.
      currency: o.currency,
      totalCents: o.grossCents,
      provider: o.provider,
      createdAt: o.createdAt.toISOString(),
      paidAt: iso(o.paidAt),
    })),
    invoices: records.invoiceRows.map((i) => ({
      id: i.id,
      number: i.number,
      status: i.status === 'paid' && i.refundedCents > 0 ? (i.refundedCents >= i.grossCents ? 'refunded' : 'partially_refunded') : i.status,
      currency: i.currency,
      totalCents: i.grossCents,
      issuedAt: i.issuedAt.toISOString(),
    })),
    credit,
    tickets: records.ticketRows.map((t) => ({
      id: t.id,
      subject: t.subject,
      status: t.status,
      priority: t.priority,
      updatedAt: t.updatedAt.toISOString(),
    })),
    referrals: {
      referredBy: records.referredBy ? person(records.referredBy) : null,
      referred: records.referred.map(person),
      referredCount: records.referredCount,
    },
    activity: records.activity.map((a) => ({ id: a.id, kind: a.kind, message: a.message, createdAt: a.createdAt.toISOString() })),
    staffActions:
      records.staffActions?.map((a) => ({
        id: a.id,
        action: a.action,
        actorEmail: a.actorEmail,
        reason: a.reason,
        createdAt: a.createdAt.toISOString(),
      })) ?? null,
  };
}
