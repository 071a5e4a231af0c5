import { z } from 'zod';
import { locales } from '../i18n/locales';
import { currentPasswordSchema, emailSchema, newPasswordSchema, roles } from './auth';

/** The languages an account may prefer: the shipped ones (shared/i18n/locales.ts). */
export const languages = locales;

export const notificationsSchema = z.object({
  email: z.boolean(),
  sms: z.boolean(),
  push: z.boolean(),
  maintenance: z.boolean(),
  billing: z.boolean(),
  security: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationsSchema>;

export const defaultNotifications: NotificationSettings = {
  email: true,
  sms: false,
  push: true,
  maintenance: true,
  billing: true,
  security: true,
};

/**
 * What an account chooses for itself. The language only: prices are in the shop's currency
 * (decision 053), and dates follow the browser's own time zone, so a stored choice of either
 * would change nothing.
 */
export const preferencesSchema = z.object({
  /** null: follow the browser's language, then the shop's default. */
  language: z.enum(languages, `Choose one of ${languages.join(', ')}`).nullable(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const defaultPreferences: Preferences = { language: null };

const name = z.string().trim().max(100, 'Name is too long');

export const profileUpdateSchema = z.object({
  firstName: name.optional(),
  lastName: name.optional(),
  email: emailSchema.optional(),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

export const passwordChangeSchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: newPasswordSchema,
});
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

export const accountSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** The new address waiting for confirmation, if an email change is pending. */
  pendingEmail: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(roles),
  twoFactorEnabled: z.boolean(),
  notifications: notificationsSchema,
  preferences: preferencesSchema,
});
export type Account = z.infer<typeof accountSchema>;

export const accountSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
