import type { Locale } from '../../../shared/i18n/locales';
import { sendTemplate, type EmailSendDeps } from '../emails';

/** An absolute link into the app: `${PUBLIC_URL}${path}?token=...`. */
export function appLink(publicUrl: string, path: string, token?: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  return token ? `${base}${path}?token=${encodeURIComponent(token)}` : `${base}${path}`;
}

/**
 * What auth sends, on the email templates (Console → Emails): in the account's language, else
 * the language of the request that caused it (a sign-up has no preference yet), else the shop's.
 */
export type AuthEmail = 'verifyEmail' | 'signupAttempt' | 'passwordReset' | 'passwordChanged' | 'twoFactorOn' | 'twoFactorOff';

export interface AuthEmailSend {
  userId: string;
  /** The link behind the button (one with a single-use token, or the sign-in page). */
  url?: string;
  requestLocale?: Locale;
  /** Another address than the account's stored one. */
  to?: string;
}

export async function sendAuthEmail(deps: EmailSendDeps, template: AuthEmail, send: AuthEmailSend): Promise<void> {
  await sendTemplate(deps, {
    userId: send.userId,
    template,
    values: () => ({}),
    ...(send.url ? { actionUrl: send.url } : {}),
    ...(send.requestLocale ? { requestLocale: send.requestLocale } : {}),
    ...(send.to ? { to: send.to } : {}),
  });
}
