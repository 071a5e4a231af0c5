import { and, eq, gt, isNull } from 'drizzle-orm';
import { VIEW_AS_MINUTES, type ViewAsResponse } from '../../../../shared/schemas/admin/customers';
import { isStaffRole } from '../../../../shared/permissions';
import type { Db } from '../../../db/client';
import { users, viewAsSessions } from '../../../db/schema';
import { conflict, unauthorized } from '../../../lib/errors';
import type { Clock } from '../../../lib/runtime';
import { randomToken, sha256Hex } from '../../../lib/secrets';
import { sessionUserColumns, toSessionUser, type ViewAsResolver } from '../../auth';
import { audited, type StaffActor } from '../../../lib/audit';
import { loadCustomer, type CustomersDeps } from './customers.service';

/**
 * Opens a read-only view of the customer's dashboard, tied to the staff member's session: signing
 * out, or the session expiring, ends it. Answers the token for the cookie (only its hash is kept).
 */
export async function startViewAs(
  deps: CustomersDeps,
  actor: StaffActor,
  staffSessionId: string | undefined,
  customerId: string,
  reason: string,
): Promise<ViewAsResponse & { token: string; expires: Date }> {
  if (!staffSessionId) throw unauthorized();
  const row = await loadCustomer(deps, customerId);
  if (isStaffRole(row.role)) throw conflict('Staff accounts cannot be viewed as a customer.');
  const now = deps.clock.now();
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + VIEW_AS_MINUTES * 60_000);
  await audited(deps, actor, async (tx) => {
    // One view at a time per staff session: opening another ends the previous one.
    await tx
      .update(viewAsSessions)
      .set({ endedAt: now })
      .where(and(eq(viewAsSessions.staffSessionId, staffSessionId), isNull(viewAsSessions.endedAt)));
    const id = deps.ids.uuid();
    await tx.insert(viewAsSessions).values({
      id,
      tokenHash: sha256Hex(token),
      staffId: actor.id,
      staffSessionId,
      customerId: row.id,
      createdAt: now,
      expiresAt,
    });
    return {
      result: id,
      audit: {
        action: 'customer.viewed_as',
        targetType: 'customer',
        targetId: row.id,
        targetLabel: row.email,
        after: { viewAsId: id, expiresAt: expiresAt.toISOString() },
        reason,
      },
    };
  });
  return { customerId: row.id, customerEmail: row.email, expiresAt: expiresAt.toISOString(), token, expires: expiresAt };
}

/** Ends the staff session's open view, if any. */
export async function endViewAs(deps: Pick<CustomersDeps, 'db' | 'clock'>, staffSessionId: string | undefined): Promise<void> {
  if (!staffSessionId) return;
  await deps.db
    .update(viewAsSessions)
    .set({ endedAt: deps.clock.now() })
    .where(and(eq(viewAsSessions.staffSessionId, staffSessionId), isNull(viewAsSessions.endedAt)));
}

/** What the auth guard calls on each request that carries the view-as cookie. */
export function createViewAsResolver(deps: { db: Db; clock: Clock }): ViewAsResolver {
  return async (token, staff) => {
    const [row] = await deps.db
      .select({ id: viewAsSessions.id, customer: sessionUserColumns })
      .from(viewAsSessions)
      .innerJoin(users, eq(users.id, viewAsSessions.customerId))
      .where(
        and(
          eq(viewAsSessions.tokenHash, sha256Hex(token)),
          eq(viewAsSessions.staffId, staff.userId),
          eq(viewAsSessions.staffSessionId, staff.sessionId),
          isNull(viewAsSessions.endedAt),
          gt(viewAsSessions.expiresAt, deps.clock.now()),
        ),
      )
      .limit(1);
    return row ? { id: row.id, customer: toSessionUser(row.customer) } : null;
  };
}
