import { and, eq, isNull, ne } from 'drizzle-orm';
import { isStaffRole } from '../../../../shared/permissions';
import type { AcceptInvitationInput, AcceptInvitationResponse, InvitationPreview } from '../../../../shared/schemas/admin/staff';
import { sessions, staffInvitations, users } from '../../../db/schema';
import { conflict, HttpError, notFound } from '../../../lib/errors';
import { sha256Hex } from '../../../lib/secrets';
import { findUserByEmail, insertUser, voidEmailTokens, hashPassword, deleteRecoveryCodes } from '../../auth';
import type { AdminDeps } from '../admin-deps';
import { getBrand } from '../../brand';
import { recordAudit } from '../../../lib/audit';
import { findInvitationByTokenHash, lockInvitation, lockUser, type InvitationRow } from './staff.repository';

export type AcceptanceDeps = Pick<AdminDeps, 'db' | 'clock' | 'ids' | 'brand'>;

type State = InvitationPreview['state'];

function stateOf(row: InvitationRow, now: Date): State {
  if (row.acceptedAt) return 'used';
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'valid';
}

const unusable: Record<Exclude<State, 'valid'>, string> = {
  used: 'This invitation has already been used. Sign in with the password you chose.',
  revoked: 'This invitation was withdrawn. Ask an admin to send you a new one.',
  expired: 'This invitation has expired. Ask an admin to send you a new one.',
};

const invalidInvitation = (message = 'This invitation link is not valid. Check that you copied all of it.') =>
  new HttpError(400, 'invalid_token', message);

/** What the link shows before the person sets a password; unknown links answer 404. */
export async function previewInvitation(deps: AcceptanceDeps, token: string): Promise<InvitationPreview> {
  const row = await findInvitationByTokenHash(deps.db, sha256Hex(token));
  if (!row) throw notFound('This invitation link is not valid. Check that you copied all of it.');
  const account = await findUserByEmail(deps.db, row.email);
  return {
    email: row.email,
    role: row.role,
    brand: (await getBrand(deps.db)).name,
    state: stateOf(row, deps.clock.now()),
    expiresAt: row.expiresAt.toISOString(),
    hasAccount: Boolean(account),
  };
}

/**
 * Creates the invitee's account (or sets a new password on the one their address already has),
 * gives it the invited role, marks the address verified (the link proves it) and uses up the
 * invitation, all in one transaction with the `staff.joined` audit record.
 */
export async function acceptInvitation(
  deps: AcceptanceDeps,
  input: AcceptInvitationInput,
  ip: string | null,
): Promise<AcceptInvitationResponse> {
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  return deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as typeof deps.db;
    const invitation = await lockInvitation(tx, { tokenHash: sha256Hex(input.token) });
    if (!invitation) throw invalidInvitation();
    const state = stateOf(invitation, now);
    if (state !== 'valid') throw invalidInvitation(unusable[state]);

    const names = {
      ...(input.firstName ? { firstName: input.firstName } : {}),
      ...(input.lastName ? { lastName: input.lastName } : {}),
    };
    let user = await lockUser(tx, { email: invitation.email });
    const previousRole = user?.role ?? null;
    if (user) {
      if (isStaffRole(user.role)) throw conflict('This address is already on the staff. Sign in with your password instead.');
      // Never verified: the account was set up by whoever signed up, so two-factor they set goes
      // too (as at any first verification), and their pending verify links.
      const firstVerification = user.emailVerifiedAt
        ? {}
        : { emailVerifiedAt: now, totpSecret: null, totpEnabledAt: null, totpLastStep: null };
      await tx
        .update(users)
        .set({ passwordHash, role: invitation.role, updatedAt: now, ...firstVerification, ...names })
        .where(eq(users.id, user.id));
      if (!user.emailVerifiedAt) {
        await deleteRecoveryCodes(tx, user.id);
        await voidEmailTokens({ db: tx, clock: deps.clock }, user.id, 'verify');
      }
      // A new password and a staff role sign out every session that knew the old one.
      await tx.delete(sessions).where(eq(sessions.userId, user.id));
    } else {
      user = await insertUser(tx, { id: deps.ids.uuid(), email: invitation.email, passwordHash, role: invitation.role, at: now });
      if (!user) throw conflict('An account for this address was just created. Please try again.');
      await tx.update(users).set({ emailVerifiedAt: now, ...names }).where(eq(users.id, user.id));
    }

    await tx.update(staffInvitations).set({ acceptedAt: now }).where(eq(staffInvitations.id, invitation.id));
    await tx
      .update(staffInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(staffInvitations.email, invitation.email),
          ne(staffInvitations.id, invitation.id),
          isNull(staffInvitations.acceptedAt),
          isNull(staffInvitations.revokedAt),
        ),
      );
    await recordAudit(
      tx,
      deps,
      { id: user.id, email: invitation.email, role: invitation.role, ip },
      {
        action: 'staff.joined',
        targetType: 'staff',
        targetId: user.id,
        targetLabel: invitation.email,
        before: previousRole ? { role: previousRole } : null,
        after: { role: invitation.role, invitationId: invitation.id, newAccount: previousRole === null },
      },
    );
    return { email: invitation.email, role: invitation.role };
  });
}
