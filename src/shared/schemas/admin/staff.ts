import { z } from 'zod';
import { staffRoles } from '../../permissions';
import { emailSchema, newPasswordSchema } from '../auth';

/** How long an emailed staff invitation stays valid. */
export const STAFF_INVITATION_DAYS = 7;

const staffRoleSchema = z.enum(staffRoles, 'Choose Support, Billing or Admin');

/** Why staff changed someone's access: kept in the audit log. */
export const staffReasonSchema = z
  .string('Please give a reason')
  .trim()
  .min(3, 'Please give a reason of at least 3 characters')
  .max(500, 'Please keep the reason under 500 characters');

export const staffInviteSchema = z.object({ email: emailSchema, role: staffRoleSchema });
export type StaffInviteInput = z.infer<typeof staffInviteSchema>;

export const staffRoleChangeSchema = z.object({ role: staffRoleSchema, reason: staffReasonSchema });
export type StaffRoleChangeInput = z.infer<typeof staffRoleChangeSchema>;

export const staffRemoveSchema = z.object({ reason: staffReasonSchema });
export type StaffRemoveInput = z.infer<typeof staffRemoveSchema>;

export const staffIdParams = z.object({ id: z.uuid('Not a valid id') });

export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  twoFactorEnabled: z.boolean(),
  /** The newest session still on record; null when none is. */
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  invitedByEmail: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

export const staffListSchema = z.object({
  staff: z.array(staffMemberSchema),
  invitations: z.array(staffInvitationSchema),
});
export type StaffList = z.infer<typeof staffListSchema>;

export const staffInviteResponseSchema = z.object({
  invitation: staffInvitationSchema,
  /** False when the invitation was saved but the email could not be sent (resend it). */
  emailSent: z.boolean(),
});
export type StaffInviteResponse = z.infer<typeof staffInviteResponseSchema>;

/** What the invitee's link shows before they set a password. */
export const invitationPreviewSchema = z.object({
  email: z.string(),
  role: staffRoleSchema,
  brand: z.string(),
  /** 'valid', or why it no longer works. */
  state: z.enum(['valid', 'expired', 'used', 'revoked']),
  expiresAt: z.string(),
  /** Whether the address already has an account, whose password the invitation will replace. */
  hasAccount: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const invitationTokenParams = z.object({ token: z.string().trim().min(1).max(200) });

export const acceptInvitationSchema = z.object({
  token: z.string('This invitation link is invalid or has expired').trim().min(1).max(200),
  password: newPasswordSchema,
  firstName: z.string().trim().max(100, 'First name is too long').optional(),
  lastName: z.string().trim().max(100, 'Last name is too long').optional(),
});
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;

export const acceptInvitationResponseSchema = z.object({ email: z.string(), role: staffRoleSchema });
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponseSchema>;
