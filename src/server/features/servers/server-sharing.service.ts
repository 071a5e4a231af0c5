import { serverSoftware } from '../../../shared/schemas/software-switch';
import { and, eq, isNull } from 'drizzle-orm';
import { SERVER_INVITE_DAYS, type InvitePreview, type Share, type ServerPermission, type SharedWithMe } from '../../../shared/schemas/server-sharing';
import type { SessionUser } from '../../../shared/schemas/auth';
import type { Locale } from '../../../shared/i18n/locales';
import { serverShares } from '../../db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import { logActivity, said, type ActivityText } from '../../lib/activity';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors';
import { randomToken, sha256Hex } from '../../lib/secrets';
import { onPanel, panelRefOf, serverFor, type ManagementDeps, type ServerRow } from './server-access';
import { serverById } from './server-management.repository';
import { sendShareInvitation } from './server-sharing.emails';
import { recipientOf } from '../emails';
import {
  acceptedSharesOf,
  displayName,
  pendingInvitesFor,
  shareById,
  shareByTokenHash,
  sharesOfServer,
  userByEmail,
  userById,
  type ShareRow,
} from './server-sharing.repository';

export interface SharingDeps extends ManagementDeps {
  mailer: Mailer;
  brand: string;
  publicUrl: string;
}

const DAY_MS = 24 * 60 * 60_000;

function toShare(row: ShareRow, name: string | null): Share {
  return {
    id: row.id,
    email: row.email,
    name: row.acceptedAt ? name : null,
    permissions: row.permissions,
    status: row.acceptedAt ? 'active' : 'pending',
    invitedAt: row.invitedAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Keeps the panel's own subuser in step (Pterodactyl: SFTP and its UI); the simulator has none. */
async function panelSync(deps: SharingDeps, server: ServerRow, run: (ref: NonNullable<ReturnType<typeof panelRefOf>>) => Promise<void>) {
  const ref = panelRefOf(server);
  if (!ref || !deps.panel.addSubuser) return;
  await onPanel(deps, 'subuser', () => run(ref));
}

/** Writes the same event to the owner's activity and, when they have an account, the other person's. */
async function logBoth(deps: SharingDeps, server: ServerRow, otherUserId: string | null, owner: ActivityText, other: ActivityText) {
  await logActivity(deps, { userId: server.userId, kind: 'access', text: owner, subjectId: server.id });
  if (otherUserId) await logActivity(deps, { userId: otherUserId, kind: 'access', text: other, subjectId: server.id });
}

/** The permissions as a list the reader's language joins ("console and power"). */
function granted(permissions: readonly ServerPermission[]) {
  return { lists: { permissions: permissions.map((p) => `activity.permission.${p}` as const) } };
}

/** Tells the other person's open pages (and their open console, which checks its access again) that their access changed. */
function notifyAccessChanged(deps: SharingDeps, userId: string | null, serverId: string) {
  if (userId) deps.events.publish(userId, { topic: 'servers', id: serverId });
}

export async function listShares(deps: SharingDeps, userId: string, serverId: string): Promise<Share[]> {
  const { server } = await serverFor(deps.db, userId, serverId, 'owner');
  const rows = await sharesOfServer(deps.db, server.id);
  return rows.map((r) => toShare(r.share, r.firstName === null ? null : displayName({ firstName: r.firstName, lastName: r.lastName ?? '', email: r.share.email })));
}

export async function inviteToServer(
  deps: SharingDeps,
  owner: SessionUser,
  serverId: string,
  input: { email: string; permissions: ServerPermission[] },
  requestLocale?: Locale,
): Promise<Share> {
  const { server } = await serverFor(deps.db, owner.id, serverId, 'owner');
  if (server.status === 'cancelled' || server.status === 'failed') throw conflict('This server can no longer be shared.');
  const email = input.email.trim().toLowerCase();
  if (email === owner.email.toLowerCase()) throw badRequest('You already own this server.', { email: 'You already own this server' });
  const now = deps.clock.now();
  const token = randomToken();
  const row: ShareRow = {
    id: deps.ids.uuid(),
    serverId: server.id,
    email,
    userId: null,
    permissions: input.permissions,
    tokenHash: sha256Hex(token),
    invitedBy: owner.id,
    invitedAt: now,
    expiresAt: new Date(now.getTime() + SERVER_INVITE_DAYS * DAY_MS),
    acceptedAt: null,
    panelSubuserId: null,
    panelUsername: null,
    updatedAt: now,
  };
  try {
    await deps.db.insert(serverShares).values(row);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new HttpError(409, 'already_shared', `${email} already has access or an invitation: change their permissions instead.`, { email: 'Already invited' });
    }
    throw error;
  }
  const invitee = await userByEmail(deps.db, email);
  const ownerName = displayName(owner);
  await logBoth(
    deps,
    server,
    invitee?.id ?? null,
    said('activity.share.invited', { email, server: server.name }, granted(input.permissions)),
    said('activity.share.invitedYou', { owner: ownerName, server: server.name }, granted(input.permissions)),
  );
  const url = `${deps.publicUrl.replace(/\/+$/, '')}/dashboard/shared/accept?token=${encodeURIComponent(token)}`;
  const ownerLocale = (await recipientOf(deps, owner.id, requestLocale))?.locale;
  await sendShareInvitation(deps, { to: email, inviteeId: invitee?.id ?? null, ownerLocale, url, ownerName, serverName: server.name, permissions: input.permissions });
  return toShare(row, null);
}

export async function changeShare(deps: SharingDeps, ownerId: string, serverId: string, shareId: string, permissions: ServerPermission[]): Promise<Share> {
  const { server } = await serverFor(deps.db, ownerId, serverId, 'owner');
  const share = await shareById(deps.db, server.id, shareId);
  if (!share) throw notFound('No such person on this server.');
  if (share.panelSubuserId) {
    const subuserId = share.panelSubuserId;
    await panelSync(deps, server, (ref) => deps.panel.updateSubuser!(ref, subuserId, permissions));
  }
  const now = deps.clock.now();
  const [updated] = await deps.db.update(serverShares).set({ permissions, updatedAt: now }).where(eq(serverShares.id, share.id)).returning();
  const who = share.userId ? await userById(deps.db, share.userId) : null;
  await logBoth(
    deps,
    server,
    share.userId,
    said('activity.share.changed', { email: share.email, server: server.name }, granted(permissions)),
    said('activity.share.changedYours', { server: server.name }, granted(permissions)),
  );
  notifyAccessChanged(deps, share.userId, server.id);
  return toShare(updated ?? share, who ? displayName(who) : null);
}

export async function revokeShare(deps: SharingDeps, ownerId: string, serverId: string, shareId: string): Promise<void> {
  const { server } = await serverFor(deps.db, ownerId, serverId, 'owner');
  const share = await shareById(deps.db, server.id, shareId);
  if (!share) throw notFound('No such person on this server.');
  if (share.panelSubuserId) {
    const subuserId = share.panelSubuserId;
    await panelSync(deps, server, (ref) => deps.panel.removeSubuser!(ref, subuserId));
  }
  await deps.db.delete(serverShares).where(eq(serverShares.id, share.id));
  const who = { email: share.email, server: server.name };
  const owner = said(share.acceptedAt ? 'activity.share.removed' : 'activity.share.withdrawn', who);
  await logBoth(deps, server, share.userId, owner, said('activity.share.removedYours', { server: server.name }));
  notifyAccessChanged(deps, share.userId, server.id);
}

/** What the emailed link offers to the signed-in person. */
export async function previewInvite(deps: SharingDeps, user: SessionUser, token: string): Promise<InvitePreview> {
  const share = await shareByTokenHash(deps.db, sha256Hex(token));
  if (!share) return { state: 'revoked', serverName: null, ownerName: null, email: null, permissions: [] };
  const server = await serverById(deps.db, share.serverId);
  const owner = server ? await userById(deps.db, server.userId) : null;
  const base = { serverName: server?.name ?? null, ownerName: owner ? displayName(owner) : null, email: share.email, permissions: share.permissions };
  if (share.expiresAt <= deps.clock.now()) return { state: 'expired', ...base };
  if (share.email !== user.email.toLowerCase()) return { state: 'wrong_account', ...base };
  return { state: 'valid', ...base };
}

async function accept(deps: SharingDeps, user: SessionUser, share: ShareRow | null): Promise<{ serverId: string; serverName: string }> {
  if (!share || share.acceptedAt) throw notFound('This invitation was already used or withdrawn.');
  if (share.expiresAt <= deps.clock.now()) throw new HttpError(410, 'invite_expired', 'This invitation has expired. Ask the owner to invite you again.');
  if (share.email !== user.email.toLowerCase()) {
    throw new HttpError(403, 'wrong_account', `This invitation is for ${share.email}. Sign in with that address to accept it.`);
  }
  const account = await userById(deps.db, user.id);
  if (!account?.emailVerifiedAt) throw new HttpError(403, 'email_unverified', 'Verify your email address first, then accept the invitation.');
  const row = await serverById(deps.db, share.serverId);
  if (!row || row.status === 'cancelled') throw notFound('This server is no longer available.');
  let panel: { id: string; username: string } | null = null;
  await panelSync(deps, row, async (ref) => {
    await deps.panel.ensureUser({ externalId: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName });
    panel = await deps.panel.addSubuser!(ref, { email: user.email, permissions: share.permissions });
  });
  const now = deps.clock.now();
  const picked = panel as { id: string; username: string } | null;
  const [updated] = await deps.db
    .update(serverShares)
    .set({ userId: user.id, acceptedAt: now, tokenHash: null, panelSubuserId: picked?.id ?? null, panelUsername: picked?.username ?? null, updatedAt: now })
    .where(and(eq(serverShares.id, share.id), eq(serverShares.email, share.email), isNull(serverShares.acceptedAt)))
    .returning();
  if (!updated) throw notFound('This invitation was already used or withdrawn.');
  await logBoth(
    deps,
    row,
    user.id,
    said('activity.share.accepted', { email: user.email, server: row.name }, granted(share.permissions)),
    said('activity.share.acceptedYours', { server: row.name }, granted(share.permissions)),
  );
  return { serverId: row.id, serverName: row.name };
}

export async function acceptInviteByToken(deps: SharingDeps, user: SessionUser, token: string) {
  return accept(deps, user, await shareByTokenHash(deps.db, sha256Hex(token)));
}

/** From "Shared with you": an invitation to the signed-in person's own address, without the link. */
export async function acceptInviteById(deps: SharingDeps, user: SessionUser, shareId: string) {
  const [share] = /^[0-9a-f-]{36}$/i.test(shareId) ? await deps.db.select().from(serverShares).where(eq(serverShares.id, shareId)) : [];
  // Only its addressee sees that it exists: anyone else is told nothing about it, the address least of all.
  return accept(deps, user, share && share.email === user.email.toLowerCase() ? share : null);
}

/** A subuser leaves a server shared with them. */
export async function leaveServer(deps: SharingDeps, user: SessionUser, serverId: string): Promise<void> {
  const access = await serverFor(deps.db, user.id, serverId, 'view');
  if (access.role !== 'subuser' || !access.share) throw badRequest('You own this server: cancel it from Billing instead.');
  const share = access.share;
  if (share.panelSubuserId) {
    const subuserId = share.panelSubuserId;
    await panelSync(deps, access.server, (ref) => deps.panel.removeSubuser!(ref, subuserId));
  }
  await deps.db.delete(serverShares).where(eq(serverShares.id, share.id));
  await logBoth(
    deps,
    access.server,
    user.id,
    said('activity.share.left', { email: user.email, server: access.server.name }),
    said('activity.share.leftYours', { server: access.server.name }),
  );
  notifyAccessChanged(deps, user.id, access.server.id);
}

export async function sharedWithMe(deps: SharingDeps, user: SessionUser): Promise<SharedWithMe> {
  const [accepted, pending] = await Promise.all([acceptedSharesOf(deps.db, user.id), pendingInvitesFor(deps.db, user.email, deps.clock.now())]);
  return {
    servers: accepted.map((r) => ({
      id: r.server.id,
      name: r.server.name,
      game: r.server.game,
      gameName: r.gameName ?? r.server.game,
      status: r.server.status,
      ram: r.server.ramGb,
      cpu: r.server.vcpu,
      disk: r.server.diskGb,
      location: r.server.location,
      locationLabel: r.locationLabel ?? r.server.location,
      address: r.server.ip && r.server.port ? `${r.server.ip}:${r.server.port}` : null,
      planName: r.server.planName,
      playerCap: r.server.playerCap,
      ownerName: displayName({ firstName: r.ownerFirst, lastName: r.ownerLast, email: r.ownerEmail }),
      permissions: r.share.permissions,
      software: serverSoftware(r.server),
    })),
    invitations: pending.map((r) => ({
      id: r.share.id,
      serverName: r.serverName,
      gameName: r.gameName ?? r.game,
      ownerName: displayName({ firstName: r.ownerFirst, lastName: r.ownerLast, email: r.ownerEmail }),
      permissions: r.share.permissions,
      expiresAt: r.share.expiresAt.toISOString(),
    })),
  };
}
