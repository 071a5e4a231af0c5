import { and, desc, eq, or } from 'drizzle-orm';
import type { CustomerEmail } from '../../../../shared/schemas/admin/customers';
import type { Db } from '../../../db/client';
import { outboxEmails } from '../../../db/schema';
import type { Outbox } from '../../../integrations/mail/outbox';
import { audited, type StaffActor } from '../../../lib/audit';
import { notFound } from '../../../lib/errors';
import type { Clock, Ids } from '../../../lib/runtime';
import { loadCustomer } from './customers.service';

export interface CustomerEmailDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  outbox: Outbox;
}

/** Emails of the account, and those sent to its current address before it had one (a sign-up attempt). */
function belongsTo(customer: { id: string; email: string }) {
  return or(eq(outboxEmails.userId, customer.id), eq(outboxEmails.to, customer.email.toLowerCase()));
}

/** The newest 100 emails sent to the customer with their delivery state; bodies stay out (they hold sign-in links). */
export async function listCustomerEmails(deps: CustomerEmailDeps, id: string): Promise<CustomerEmail[]> {
  const customer = await loadCustomer(deps, id);
  const rows = await deps.db
    .select({
      id: outboxEmails.id,
      to: outboxEmails.to,
      subject: outboxEmails.subject,
      status: outboxEmails.status,
      attempts: outboxEmails.attempts,
      lastError: outboxEmails.lastError,
      attachments: outboxEmails.attachments,
      resendOf: outboxEmails.resendOf,
      createdAt: outboxEmails.createdAt,
      sentAt: outboxEmails.sentAt,
    })
    .from(outboxEmails)
    .where(belongsTo(customer))
    .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.seq))
    .limit(100);
  return rows.map((r) => ({
    ...r,
    attachments: r.attachments.map((a) => a.filename),
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
  }));
}

/** Sends one of the customer's emails again, unchanged, as a new outbox entry; audited. */
export async function resendCustomerEmail(deps: CustomerEmailDeps, actor: StaffActor, id: string, emailId: string, reason?: string) {
  const customer = await loadCustomer(deps, id);
  const copy = await audited(deps, actor, async (tx) => {
    const [original] = await tx
      .select({ id: outboxEmails.id, subject: outboxEmails.subject, to: outboxEmails.to })
      .from(outboxEmails)
      .where(and(eq(outboxEmails.id, emailId), belongsTo(customer)));
    if (!original) throw notFound('That email was not found for this customer.');
    const newId = await deps.outbox.copyForResend(tx, original.id);
    return {
      result: { id: newId as string, to: original.to, subject: original.subject },
      audit: {
        action: 'customer.email_resent',
        targetType: 'customer' as const,
        targetId: customer.id,
        targetLabel: customer.email,
        after: { emailId: newId, resendOf: original.id, subject: original.subject },
        reason: reason ?? null,
      },
    };
  });
  await deps.outbox.afterCommit(copy.id);
  return { ok: true as const, message: `"${copy.subject}" was queued again for ${copy.to}.` };
}
