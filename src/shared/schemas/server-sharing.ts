import { z } from 'zod';
import { emailSchema } from './auth';

/** What the owner can grant a person on one server. Billing (invoices, cancel, plan) is never grantable. */
export const serverPermissions = ['console', 'power', 'backups', 'files', 'settings'] as const;
export type ServerPermission = (typeof serverPermissions)[number];

export const serverPermissionLabels: Record<ServerPermission, { label: string; hint: string }> = {
  console: { label: 'Console', hint: 'Watch the console and send commands' },
  power: { label: 'Power', hint: 'Start, stop and restart' },
  backups: { label: 'Backups', hint: 'Create, download and delete backups' },
  files: { label: 'Files', hint: 'Browse, edit, upload and download files, and use SFTP' },
  settings: { label: 'Settings', hint: 'See and change the daily restart time' },
};

/** How long an emailed invitation to a server stays valid. */
export const SERVER_INVITE_DAYS = 7;

const permissionListSchema = z
  .array(z.enum(serverPermissions, 'Unknown permission'), 'Choose at least one permission')
  .min(1, 'Choose at least one permission')
  .max(serverPermissions.length)
  .transform((list) => serverPermissions.filter((p) => list.includes(p)));

export const shareInviteSchema = z.object({ email: emailSchema, permissions: permissionListSchema });
export type ShareInviteInput = z.input<typeof shareInviteSchema>;

export const shareUpdateSchema = z.object({ permissions: permissionListSchema });
export type ShareUpdateInput = z.input<typeof shareUpdateSchema>;

export const shareSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** The person's name once they accepted; null while the invitation is pending. */
  name: z.string().nullable(),
  permissions: z.array(z.enum(serverPermissions)),
  status: z.enum(['pending', 'active']),
  invitedAt: z.string(),
  acceptedAt: z.string().nullable(),
  /** When a pending invitation stops working. */
  expiresAt: z.string(),
});
export type Share = z.infer<typeof shareSchema>;
export const shareListSchema = z.object({ shares: z.array(shareSchema) });
export const shareResponseSchema = z.object({ share: shareSchema });

/** A server someone else owns and shared with the signed-in person: no billing fields at all. */
export const sharedServerSchema = z.object({
  id: z.string(),
  name: z.string(),
  game: z.string(),
  gameName: z.string(),
  status: z.string(),
  ram: z.number(),
  cpu: z.number(),
  disk: z.number(),
  location: z.string(),
  locationLabel: z.string(),
  address: z.string().nullable(),
  planName: z.string(),
  playerCap: z.number(),
  ownerName: z.string(),
  permissions: z.array(z.enum(serverPermissions)),
  /** What a Minecraft server runs ("Paper 1.21.1"); null for other games. */
  software: z.object({ id: z.string(), name: z.string(), version: z.string().nullable() }).nullable().optional(),
});
export type SharedServer = z.infer<typeof sharedServerSchema>;

/** An invitation addressed to the signed-in person's email that they have not accepted yet. */
export const pendingInviteSchema = z.object({
  id: z.string(),
  serverName: z.string(),
  gameName: z.string(),
  ownerName: z.string(),
  permissions: z.array(z.enum(serverPermissions)),
  expiresAt: z.string(),
});
export const sharedWithMeSchema = z.object({
  servers: z.array(sharedServerSchema),
  invitations: z.array(pendingInviteSchema),
});
export type SharedWithMe = z.infer<typeof sharedWithMeSchema>;

/** GET /api/shares/invitations/:token: what the link offers, before accepting. */
export const invitePreviewSchema = z.object({
  state: z.enum(['valid', 'expired', 'used', 'revoked', 'wrong_account']),
  serverName: z.string().nullable(),
  ownerName: z.string().nullable(),
  email: z.string().nullable(),
  permissions: z.array(z.enum(serverPermissions)),
});
export type InvitePreview = z.infer<typeof invitePreviewSchema>;

export const acceptInviteSchema = z.object({ token: z.string().min(10).max(200) });
export const acceptInviteResponseSchema = z.object({ serverId: z.string(), serverName: z.string() });
