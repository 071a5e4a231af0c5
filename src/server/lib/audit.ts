import type { Db, Executor } from '../db/client';
import { auditLog } from '../db/schema';
import type { Clock, Ids } from './runtime';

/** The staff member behind an action, as the audit log records them. */
export interface StaffActor {
  id: string;
  email: string;
  role: string;
  ip: string | null;
}

/**
 * An outside service acting on its own, recorded under its name: a refund made in Stripe's
 * Dashboard reaches us as a webhook, with no staff member of ours behind it.
 */
export interface ServiceActor {
  id: null;
  /** Shown where a staff email would be, e.g. 'Stripe Dashboard'. */
  email: string;
  role: 'service';
  ip: null;
}

export interface AuditEntry {
  /** dotted, past tense: 'customer.suspended', 'invoice.refunded', 'staff.invited'. */
  action: string;
  targetType: 'customer' | 'staff' | 'order' | 'invoice' | 'server' | 'job' | 'invitation' | 'payout' | 'commission' | 'catalog' | 'coupon' | 'settings' | 'ticket' | 'incident' | 'translation' | 'page' | 'announcement' | 'article' | 'category';
  targetId: string;
  targetLabel?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
}

/**
 * Appends one audit record. Call it with the transaction that makes the change, so a change that
 * fails leaves no record and one that commits always has one.
 */
export async function recordAudit(tx: Executor, deps: { clock: Clock; ids: Ids }, actor: StaffActor | ServiceActor, entry: AuditEntry) {
  await tx.insert(auditLog).values({
    id: deps.ids.uuid(),
    actorId: actor.id,
    actorEmail: actor.email,
    actorRole: actor.role,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    targetLabel: entry.targetLabel ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
    ip: actor.ip,
    createdAt: deps.clock.now(),
  });
}

/**
 * Runs `change` in a transaction and records what it answers as the audit entry, in the same
 * transaction. `change` throws to refuse; nothing is then written.
 */
export async function audited<T>(
  deps: { db: Db; clock: Clock; ids: Ids },
  actor: StaffActor,
  change: (tx: Executor) => Promise<{ result: T; audit: AuditEntry }>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const { result, audit } = await change(tx);
    await recordAudit(tx, deps, actor, audit);
    return result;
  });
}
