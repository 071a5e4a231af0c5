import { z } from 'zod';
import { isSafeReturnPath, RETURN_PATH_MAX } from '../return-path';

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../password-rules';

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

export const emailSchema = z
  .string('Email is required')
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'));

/** A new password: the one rule the server enforces. */
export const newPasswordSchema = z
  .string('Password is required')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** An existing password: any non-empty string; the check is the hash comparison. */
export const currentPasswordSchema = z
  .string('Password is required')
  .min(1, 'Password is required')
  .max(PASSWORD_MAX_LENGTH, 'Password is too long');

const tokenSchema = z.string('This link is invalid or has expired').trim().min(1).max(200);

/** Where to go back after the email is verified: a path on this site, never another site. */
export const returnPathSchema = z
  .string()
  .max(RETURN_PATH_MAX, 'The return path is too long')
  .refine(isSafeReturnPath, 'Only a path on this site can be returned to');

export const signupSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  /** A referral code from `signup?ref=CODE`; unknown codes are ignored. */
  ref: z.string().trim().max(32).optional(),
  /** The page that sent the visitor to sign up (the configurator with its choices); the verify link carries it. */
  returnTo: returnPathSchema.optional(),
});
export type SignupInput = z.infer<typeof signupSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: currentPasswordSchema,
  /** A 6-digit authenticator code, or a recovery code. */
  code: z.string().trim().max(32).optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const emailOnlySchema = z.object({ email: emailSchema });
export type EmailOnlyInput = z.infer<typeof emailOnlySchema>;

/** Asking for a new verify link; it carries the return path as the first one did. */
export const resendVerificationSchema = emailOnlySchema.extend({ returnTo: returnPathSchema.optional() });
export type ResendVerificationInput = z.infer<typeof resendVerificationSchema>;

export const tokenBodySchema = z.object({ token: tokenSchema });

/**
 * Following a verify link: the token and the account's password. Whoever proves the address must
 * also know the password it was signed up with, so a stranger's password never gets verified.
 */
export const verifyEmailSchema = z.object({ token: tokenSchema, password: currentPasswordSchema });
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;

export const passwordResetConfirmSchema = z.object({
  token: tokenSchema,
  password: newPasswordSchema,
  /** Needed when the account has two-factor on: an authenticator code or a recovery code. */
  code: z.string().trim().max(32).optional(),
});
export type PasswordResetConfirmInput = z.infer<typeof passwordResetConfirmSchema>;

/** `local` signs out this session, `global` every session; no body at all means local. */
export const logoutSchema = z
  .object({ scope: z.enum(['local', 'global']).default('local') })
  .nullish()
  .transform((body) => body ?? { scope: 'local' as const });

export const roles = ['customer', 'support', 'billing', 'admin'] as const;
export type Role = (typeof roles)[number];

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(roles),
  twoFactorEnabled: z.boolean(),
  /**
   * This session presented a second factor (a code at sign-in, or turned two-factor on in it).
   * The staff console needs it: two-factor on the account is not enough for a password-only session.
   */
  secondFactorPresented: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Set while a staff member views a customer's dashboard read-only ("view as customer"). */
export const viewAsStateSchema = z.object({ customerId: z.string(), customerEmail: z.string(), staffEmail: z.string() });
export type ViewAsState = z.infer<typeof viewAsStateSchema>;

export const sessionResponseSchema = z.object({ user: sessionUserSchema.nullable(), viewAs: viewAsStateSchema.nullable() });
export const loginResponseSchema = z.object({ user: sessionUserSchema });
export const okSchema = z.object({ ok: z.literal(true) });

export const twoFactorSetupResponseSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrSvg: z.string(),
});
export const twoFactorEnableSchema = z.object({
  code: z
    .string('Enter the 6-digit code from your authenticator app')
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});
export const twoFactorEnableResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
/** Turning two-factor off needs the password and a current code (authenticator or recovery code). */
export const twoFactorDisableSchema = z.object({
  password: currentPasswordSchema,
  code: z
    .string('Enter the 6-digit code from your authenticator app, or a recovery code')
    .trim()
    .min(1, 'Enter the 6-digit code from your authenticator app, or a recovery code')
    .max(32),
});
