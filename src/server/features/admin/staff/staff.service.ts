import { and, eq, isNull, ne } from 'drizzle-orm';
import { isStaffRole, roleLabels, type StaffRole } from '../../../../shared/permissions';
import {
  STAFF_INVITATION_DAYS,
  type StaffInvitation,
  type StaffInviteInput,
  type StaffInviteResponse,
  type StaffList,
  type StaffMember,
  type StaffRemoveInput,
  type StaffRoleChangeInput,
} from '../../../../shared/schemas/admin/staff';
import type { Db } from '../../../db/client';
import { sessions, staffInvitations, users } from '../../../db/schema';
import { conflict, forbidden, notFound } from '../../../lib/errors';
import { randomToken, sha256Hex } from '../../../lib/secrets';
import { appLink } from '../../auth';
import type { AdminDeps } from '../admin-deps';
import { audited, type StaffActor } from '../../../lib/audit';
import { staffInvitationEmail } from './staff.emails';
import {
  findInvitationWithInviter,
  listOpenInvitations,
  listStaffAccounts,
  lockAdmins,
  lockEmail,
  lockInvitation,
  lockUser,
  type InvitationRow,
} from './staff.repository';
import { getBrand } from '../../brand';

export type StaffDeps = Pick<AdminDeps, 'db' | 'clock' | 'ids' | 'mailer' | 'brand' | 'publicUrl' | 'log'>;

const dayMs = 24 * 60 * 60_000;
export const invitationLifetimeMs = STAFF_INVITATION_DAYS * dayMs;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function fullName(row: { firstName: string; lastName: string }) {
  return `${row.firstName} ${row.lastName}`.trim();
}

function toInvitation(row: InvitationRow, invitedByEmail: string | null, now: Date): StaffInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedByEmail,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= now.getTime(),
  };
}

export async function listStaff(deps: StaffDeps): Promise<StaffList> {
  const now = deps.clock.now();
  const [accounts, invitations] = await Promise.all([listStaffAccounts(deps.db), listOpenInvitations(deps.db)]);
  const staff: StaffMember[] = accounts.flatMap((a) =>
    isStaffRole(a.role)
      ? [
          {
            id: a.id,
            email: a.email,
            name: fullName(a),
            role: a.role,
            twoFactorEnabled: a.totpEnabledAt !== null,
            lastSignInAt: iso(a.lastSignInAt),
            createdAt: a.createdAt.toISOString(),
          },
        ]
      : [],
  );
  return { staff, invitations: invitations.map((r) => toInvitation(r.invitation, r.invitedByEmail, now)) };
}

async function sendInvitation(deps: StaffDeps, invitation: InvitationRow, token: string, invitedBy: string | null): Promise<boolean> {
  const url = appLink(deps.publicUrl, '/auth/accept-invite', token);
  try {
    await deps.mailer.send({ to: invitation.email, ...staffInvitationEmail(await getBrand(deps.db), url, invitation.role, invitedBy) });
    return true;
  } catch (error) {
    // The invitation is saved; staff see that the email failed and can resend it.
    deps.log.error({ err: error, invitationId: invitation.id }, 'staff invitation email failed');
    return false;
  }
}

const alreadyStaff = (email: string, role: StaffRole) =>
  conflict(`${email} is already on the staff as ${roleLabels[role]}. Change their role instead.`);

/** Saves an invitation (only the token's hash is stored) and emails its link. */
export async function inviteStaff(deps: StaffDeps, actor: StaffActor, input: StaffInviteInput): Promise<StaffInviteResponse> {
  const now = deps.clock.now();
  const token = randomToken();
  const invitation = await audited(deps, actor, async (tx) => {
    await lockEmail(tx, input.email);
    const [existing] = await tx.select({ role: users.role }).from(users).where(eq(users.email, input.email)).limit(1);
    if (existing && isStaffRole(existing.role)) throw alreadyStaff(input.email, existing.role);
    const open = await tx
      .select({ id: staffInvitations.id, expiresAt: staffInvitations.expiresAt })
      .from(staffInvitations)
      .where(and(eq(staffInvitations.email, input.email), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)));
    if (open.some((o) => o.expiresAt.getTime() > now.getTime())) {
      throw conflict(`${input.email} already has an invitation waiting. Resend it or revoke it first.`);
    }
    // Expired invitations to the same address are replaced by the new one.
    if (open.length > 0) {
      await tx
        .update(staffInvitations)
        .set({ revokedAt: now })
        .where(and(eq(staffInvitations.email, input.email), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)));
    }
    const [row] = await tx
      .insert(staffInvitations)
      .values({
        id: deps.ids.uuid(),
        email: input.email,
        role: input.role,
        tokenHash: sha256Hex(token),
        invitedBy: actor.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + invitationLifetimeMs),
      })
      .returning();
    return {
      result: row!,
      audit: {
        action: 'staff.invited',
        targetType: 'invitation',
        targetId: row!.id,
        targetLabel: input.email,
        after: { email: input.email, role: input.role, expiresAt: row!.expiresAt.toISOString() },
      },
    };
  });
  const emailSent = await sendInvitation(deps, invitation, token, actor.email);
  return { invitation: toInvitation(invitation, actor.email, now), emailSent };
}

function openOrThrow(row: InvitationRow | undefined): InvitationRow {
  if (!row || row.acceptedAt || row.revokedAt) throw notFound('There is no open invitation with this id. It may have been accepted or revoked.');
  return row;
}

/** A fresh link (the old one stops working) valid for another full period. */
export async function resendInvitation(deps: StaffDeps, actor: StaffActor, id: string): Promise<StaffInviteResponse> {
  const now = deps.clock.now();
  const token = randomToken();
  const updated = await audited(deps, actor, async (tx) => {
    const row = openOrThrow(await lockInvitation(tx, { id }));
    const [existing] = await tx.select({ role: users.role }).from(users).where(eq(users.email, row.email)).limit(1);
    if (existing && isStaffRole(existing.role)) throw alreadyStaff(row.email, existing.role);
    const expiresAt = new Date(now.getTime() + invitationLifetimeMs);
    const [next] = await tx
      .update(staffInvitations)
      .set({ tokenHash: sha256Hex(token), expiresAt })
      .where(eq(staffInvitations.id, id))
      .returning();
    return {
      result: next!,
      audit: {
        action: 'staff.invitation_resent',
        targetType: 'invitation',
        targetId: id,
        targetLabel: row.email,
        before: { expiresAt: row.expiresAt.toISOString() },
        after: { expiresAt: expiresAt.toISOString() },
      },
    };
  });
  const emailSent = await sendInvitation(deps, updated, token, actor.email);
  const withInviter = await findInvitationWithInviter(deps.db, id);
  return { invitation: toInvitation(updated, withInviter?.invitedByEmail ?? null, now), emailSent };
}

export async function revokeInvitation(deps: StaffDeps, actor: StaffActor, id: string): Promise<void> {
  const now = deps.clock.now();
  await audited(deps, actor, async (tx) => {
    const row = openOrThrow(await lockInvitation(tx, { id }));
    await tx.update(staffInvitations).set({ revokedAt: now }).where(eq(staffInvitations.id, id));
    return {
      result: undefined,
      audit: {
        action: 'staff.invitation_revoked',
        targetType: 'invitation',
        targetId: id,
        targetLabel: row.email,
        before: { email: row.email, role: row.role },
      },
    };
  });
}

/**
 * Locks the admins, then the target, and checks the rules that need them: the actor is still an
 * admin, the target is staff, and the change does not leave the console without an admin.
 */
async function lockForStaffChange(tx: Db, actor: StaffActor, id: string, nextRole: string) {
  const admins = await lockAdmins(tx);
  const target = await lockUser(tx, { id });
  if (!target || !isStaffRole(target.role)) throw notFound('There is no staff member with this id.');
  if (target.role === 'admin' && nextRole !== 'admin' && admins.length <= 1) {
    throw conflict(`${target.email} is the last admin. Make someone else an admin first, so the console always has one.`);
  }
  // The guard read the actor's role before this transaction; a demotion may have committed since.
  if (!admins.includes(actor.id)) throw forbidden('Only admins can change staff access.');
  return { target, role: target.role };
}

/**
 * A new role signs the member out of every session but the one making the change (an admin
 * changing their own role keeps it): sessions opened under the old role do not carry the new one.
 */
export async function changeStaffRole(
  deps: StaffDeps,
  actor: StaffActor,
  id: string,
  input: StaffRoleChangeInput,
  actorSessionId?: string,
): Promise<StaffMember> {
  const now = deps.clock.now();
  await audited(deps, actor, async (tx) => {
    const { target, role } = await lockForStaffChange(tx, actor, id, input.role);
    if (role === input.role) throw conflict(`${target.email} already has the ${roleLabels[role]} role.`);
    await tx.update(users).set({ role: input.role, updatedAt: now }).where(eq(users.id, id));
    const signedOut = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, id), actorSessionId ? ne(sessions.id, actorSessionId) : undefined))
      .returning({ id: sessions.id });
    return {
      result: undefined,
      audit: {
        action: 'staff.role_changed',
        targetType: 'staff',
        targetId: id,
        targetLabel: target.email,
        before: { role },
        after: { role: input.role, sessionsSignedOut: signedOut.length },
        reason: input.reason,
      },
    };
  });
  const { staff } = await listStaff(deps);
  const member = staff.find((s) => s.id === id);
  if (!member) throw notFound('There is no staff member with this id.');
  return member;
}

/** Makes a staff member a customer again and signs out every session they have. */
export async function removeStaff(deps: StaffDeps, actor: StaffActor, id: string, input: StaffRemoveInput): Promise<void> {
  const now = deps.clock.now();
  await audited(deps, actor, async (tx) => {
    const { target, role } = await lockForStaffChange(tx, actor, id, 'customer');
    await tx.update(users).set({ role: 'customer', updatedAt: now }).where(eq(users.id, id));
    const signedOut = await tx.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id });
    return {
      result: undefined,
      audit: {
        action: 'staff.removed',
        targetType: 'staff',
        targetId: id,
        targetLabel: target.email,
        before: { role },
        after: { role: 'customer', sessionsSignedOut: signedOut.length },
        reason: input.reason,
      },
    };
  });
}
