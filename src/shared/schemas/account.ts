import { z } from 'zod';
import { locales } from '../i18n/locales';
import { currentPasswordSchema, emailSchema, newPasswordSchema, roles } from './auth';

export const timezones = ['UTC', 'EST', 'PST', 'GMT'] as const;
/** The languages an account may prefer: the shipped ones (shared/i18n/locales.ts). */
export const languages = locales;
export const currencies = ['USD', 'EUR', 'GBP', 'CAD'] as const;

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

export const preferencesSchema = z.object({
  timezone: z.enum(timezones, 'Choose one of UTC, EST, PST or GMT'),
  /** null: follow the browser's language, then the shop's default. */
  language: z.enum(languages, `Choose one of ${languages.join(', ')}`).nullable(),
  currency: z.enum(currencies, 'Choose one of USD, EUR, GBP or CAD'),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const defaultPreferences: Preferences = { timezone: 'UTC', language: null, currency: 'USD' };

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
