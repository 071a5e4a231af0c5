import { and, eq, inArray } from 'drizzle-orm';
import type { CustomerActionResponse } from '../../../../shared/schemas/admin/customers';
import { can, isStaffRole } from '../../../../shared/permissions';
import type { Db } from '../../../db/client';
import { servers, sessions, users } from '../../../db/schema';
import { PanelError } from '../../../integrations/panel/game-panel';
import { logActivity, said } from '../../../lib/activity';
import { conflict, forbidden, HttpError, notFound } from '../../../lib/errors';
import { appLink, sendAuthEmail, issueEmailToken, deleteRecoveryCodes } from '../../auth';
import { audited, type StaffActor } from '../../../lib/audit';
import {
  lockCustomer,
  serversSuspendedWithAccount,
  serversToSuspend,
  suspendableStatuses,
  type CustomerRow,
} from './customers.repository';
import { loadCustomer, type CustomersDeps } from './customers.service';

const done = (message: string): CustomerActionResponse => ({ ok: true, message });
const moved = () => conflict('The account changed while you were working on it. Reload the page and try again.');

function target(row: Pick<CustomerRow, 'id' | 'email'>) {
  return { targetType: 'customer' as const, targetId: row.id, targetLabel: row.email };
}

/** A staff account's access is an admin's business (staff.manage); support cannot lock out an admin. */
function checkTarget(actor: StaffActor, row: CustomerRow) {
  if (isStaffRole(row.role) && !can(actor.role, 'staff.manage')) {
    throw forbidden("Only an admin can change a staff account's access.");
  }
}

async function locked(tx: Db, id: string): Promise<CustomerRow> {
  const row = await lockCustomer(tx, id);
  if (!row) throw notFound('That customer was not found.');
  return row;
}

type PanelServer = { id: string; name: string; panelServerId: string | null };

/**
 * Runs a panel call on each server, outside any transaction (the simulated panel shares the
 * database, and PGlite's one connection would wait on an open transaction). If one fails, the
 * ones already done are put back and nothing else changes.
 */
async function onEachServer(
  deps: CustomersDeps,
  list: PanelServer[],
  call: ((panelServerId: string) => Promise<void>) | undefined,
  undo: ((panelServerId: string) => Promise<void>) | undefined,
  what: string,
): Promise<string[]> {
  const withPanel = list.filter((s) => s.panelServerId);
  if (withPanel.length === 0) return [];
  if (!call) throw conflict(`This game panel cannot ${what} servers.`);
  const doneIds: string[] = [];
  for (const server of withPanel) {
    try {
      await call.call(deps.panel, server.panelServerId!);
      doneIds.push(server.id);
    } catch (error) {
      if (!(error instanceof PanelError)) throw error;
      deps.log.warn({ err: error, serverId: server.id }, `account ${what}: panel call failed`);
      await putBack(deps, withPanel, doneIds, undo, what);
      throw new HttpError(503, 'panel_unavailable', `The game panel did not answer for ${server.name}. Nothing was changed; please try again.`);
    }
  }
  return doneIds;
}

async function putBack(deps: CustomersDeps, list: PanelServer[], ids: string[], undo: ((id: string) => Promise<void>) | undefined, what: string) {
  for (const server of list.filter((s) => ids.includes(s.id))) {
    try {
      await undo?.call(deps.panel, server.panelServerId!);
    } catch (error) {
      deps.log.error({ err: error, serverId: server.id }, `account ${what}: could not undo the panel change`);
    }
  }
}

/**
 * Suspends the account: it cannot sign in or buy, its sessions end, and its running or stopped
 * servers are suspended on the panel (marked suspended_by 'account', so unsuspending brings back
 * exactly those).
 */
export async function suspendCustomer(deps: CustomersDeps, actor: StaffActor, id: string, reason: string): Promise<CustomerActionResponse> {
  const row = await loadCustomer(deps, id);
  if (isStaffRole(row.role)) throw conflict('This is a staff account. Remove their staff access on the Staff page first.');
  if (row.suspendedAt) throw conflict('This account is already suspended.');
  const list = await serversToSuspend(deps.db, row.id);
  const suspendedIds = await onEachServer(deps, list, deps.panel.suspendServer, deps.panel.unsuspendServer, 'suspend');
  try {
    const count = await audited(deps, actor, async (tx) => {
      const current = await locked(tx, row.id);
      if (current.suspendedAt) throw conflict('This account is already suspended.');
      const now = deps.clock.now();
      await tx.update(users).set({ suspendedAt: now, suspendedReason: reason, updatedAt: now }).where(eq(users.id, row.id));
      const ended = await tx.delete(sessions).where(eq(sessions.userId, row.id)).returning({ id: sessions.id });
      const held =
        suspendedIds.length === 0
          ? []
          : await tx
              .update(servers)
              .set({ status: 'suspended', suspendedBy: 'account', updatedAt: now })
              .where(and(inArray(servers.id, suspendedIds), inArray(servers.status, [...suspendableStatuses])))
              .returning({ id: servers.id });
      await logActivity({ db: tx, clock: deps.clock, ids: deps.ids }, { userId: row.id, kind: 'account', text: said('activity.account.suspended') });
      return {
        result: held.length,
        audit: {
          action: 'customer.suspended',
          ...target(row),
          before: { suspendedAt: null },
          after: { suspendedAt: now.toISOString(), sessionsEnded: ended.length, serversSuspended: held.map((s) => s.id) },
          reason,
        },
      };
    });
    deps.events.publish(row.id, { topic: 'servers', id: row.id });
    const onPanel = count === 1 ? '1 server was' : `${count} servers were`;
    return done(`${row.email} is suspended. They were signed out, and ${onPanel} suspended on the panel.`);
  } catch (error) {
    await putBack(deps, list, suspendedIds, deps.panel.unsuspendServer, 'suspend');
    throw error;
  }
}

/** Lifts the suspension, and unsuspends only the servers it had suspended (not dunning or staff ones). */
export async function unsuspendCustomer(deps: CustomersDeps, actor: StaffActor, id: string, reason: string): Promise<CustomerActionResponse> {
  const row = await loadCustomer(deps, id);
  if (!row.suspendedAt) throw conflict('This account is not suspended.');
  const list = await serversSuspendedWithAccount(deps.db, row.id);
  const resumedIds = await onEachServer(deps, list, deps.panel.unsuspendServer, deps.panel.suspendServer, 'unsuspend');
  const held = list.filter((s) => !s.panelServerId).map((s) => s.id);
  try {
    const count = await audited(deps, actor, async (tx) => {
      const current = await locked(tx, row.id);
      if (!current.suspendedAt) throw moved();
      const now = deps.clock.now();
      await tx.update(users).set({ suspendedAt: null, suspendedReason: null, updatedAt: now }).where(eq(users.id, row.id));
      const ids = [...resumedIds, ...held];
      const back =
        ids.length === 0
          ? []
          : await tx
              .update(servers)
              .set({ status: 'offline', suspendedBy: null, updatedAt: now })
              .where(and(inArray(servers.id, ids), eq(servers.status, 'suspended'), eq(servers.suspendedBy, 'account')))
              .returning({ id: servers.id });
      await logActivity(
        { db: tx, clock: deps.clock, ids: deps.ids },
        { userId: row.id, kind: 'account', text: said('activity.account.unsuspended') },
      );
      return {
        result: back.length,
        audit: {
          action: 'customer.unsuspended',
          ...target(row),
          before: { suspendedAt: current.suspendedAt!.toISOString(), suspendedReason: current.suspendedReason },
          after: { suspendedAt: null, serversUnsuspended: back.map((s) => s.id) },
          reason,
        },
      };
    });
    deps.events.publish(row.id, { topic: 'servers', id: row.id });
    const resumed = count === 1 ? '1 server is' : `${count} servers are`;
    return done(`${row.email} can sign in again, and ${resumed} back (stopped).`);
  } catch (error) {
    await putBack(deps, list, resumedIds, deps.panel.suspendServer, 'unsuspend');
    throw error;
  }
}

/** A fresh verification link, only while the address is unverified. */
export async function resendCustomerVerification(deps: CustomersDeps, actor: StaffActor, id: string, reason?: string) {
  const row = await loadCustomer(deps, id);
  if (row.emailVerifiedAt) throw conflict('This address is already verified.');
  const token = await audited(deps, actor, async (tx) => ({
    result: await issueEmailToken({ db: tx, clock: deps.clock, ids: deps.ids }, { userId: row.id, kind: 'verify' }),
    audit: { action: 'customer.verification_resent', ...target(row), reason: reason ?? null },
  }));
  await sendAuthEmail(deps, 'verifyEmail', { userId: row.id, to: row.email, url: appLink(deps.publicUrl, '/auth/verify', token) });
  return done(`A new verification link was sent to ${row.email}.`);
}

/** The same one-hour reset link the customer can ask for themselves; earlier links stop working. */
export async function sendCustomerPasswordReset(deps: CustomersDeps, actor: StaffActor, id: string, reason?: string) {
  const row = await loadCustomer(deps, id);
  checkTarget(actor, row);
  const token = await audited(deps, actor, async (tx) => ({
    result: await issueEmailToken({ db: tx, clock: deps.clock, ids: deps.ids }, { userId: row.id, kind: 'reset' }),
    audit: { action: 'customer.password_reset_sent', ...target(row), reason: reason ?? null },
  }));
  await sendAuthEmail(deps, 'passwordReset', { userId: row.id, to: row.email, url: appLink(deps.publicUrl, '/auth/reset-password', token) });
  return done(`A password reset link was sent to ${row.email}. It works for one hour.`);
}

/** For a customer who lost their authenticator and recovery codes. They are told by email. */
export async function disableCustomerTwoFactor(deps: CustomersDeps, actor: StaffActor, id: string, reason: string) {
  const row = await loadCustomer(deps, id);
  checkTarget(actor, row);
  if (!row.totpEnabledAt) throw conflict('Two-factor sign-in is already off for this account.');
  await audited(deps, actor, async (tx) => {
    const current = await locked(tx, row.id);
    if (!current.totpEnabledAt) throw moved();
    await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: deps.clock.now() })
      .where(eq(users.id, row.id));
    await deleteRecoveryCodes(tx, row.id);
    return {
      result: undefined,
      audit: { action: 'customer.two_factor_disabled', ...target(row), before: { twoFactorEnabled: true }, after: { twoFactorEnabled: false }, reason },
    };
  });
  await sendAuthEmail(deps, 'twoFactorOff', { userId: row.id, to: row.email });
  return done(`Two-factor sign-in is off for ${row.email}. They were told by email.`);
}

export async function signOutCustomerEverywhere(deps: CustomersDeps, actor: StaffActor, id: string, reason: string) {
  const row = await loadCustomer(deps, id);
  checkTarget(actor, row);
  const ended = await audited(deps, actor, async (tx) => {
    await locked(tx, row.id);
    const gone = await tx.delete(sessions).where(eq(sessions.userId, row.id)).returning({ id: sessions.id });
    return {
      result: gone.length,
      audit: { action: 'customer.signed_out_everywhere', ...target(row), after: { sessionsEnded: gone.length }, reason },
    };
  });
  return done(ended === 0 ? `${row.email} had no open sessions.` : `${row.email} was signed out of ${ended === 1 ? '1 session' : `${ended} sessions`}.`);
}
