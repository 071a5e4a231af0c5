import type { MailMessage } from '../../integrations/mail/mailer';
import { renderEmail, type EmailBrand } from '../../integrations/mail/template';

type Email = Omit<MailMessage, 'to'>;

/** An absolute link into the app: `${PUBLIC_URL}${path}?token=...`. */
export function appLink(publicUrl: string, path: string, token?: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  return token ? `${base}${path}?token=${encodeURIComponent(token)}` : `${base}${path}`;
}

export function verificationEmail(brand: EmailBrand, url: string): Email {
  return {
    subject: `Verify your email for ${brand.name}`,
    ...renderEmail({
      brand,
      heading: 'Confirm your email address',
      paragraphs: [
        `Thanks for signing up for ${brand.name}. Confirm that this is your email address to finish creating your account: the link asks for the password you chose when you signed up.`,
      ],
      action: { label: 'Verify email', url },
      note: 'This link works once and expires in 24 hours. If you did not sign up, you can ignore this email.',
    }),
  };
}

export function signupAttemptEmail(brand: EmailBrand, signInUrl: string): Email {
  return {
    subject: `Someone tried to sign up for ${brand.name} with your email`,
    ...renderEmail({
      brand,
      heading: 'You already have an account',
      paragraphs: [
        `Someone just tried to create a ${brand.name} account with this email address, but you already have one.`,
        'If it was you, sign in instead. Forgot your password? Use the "Forgot your password?" link on the sign-in page.',
        'If it was not you, no action is needed: nothing about your account has changed.',
      ],
      action: { label: 'Sign in', url: signInUrl },
    }),
  };
}

export function passwordResetEmail(brand: EmailBrand, url: string): Email {
  return {
    subject: `Reset your ${brand.name} password`,
    ...renderEmail({
      brand,
      heading: 'Reset your password',
      paragraphs: ['We received a request to reset the password of your account. Choose a new password with the link below.'],
      action: { label: 'Choose a new password', url },
      note: 'This link works once and expires in 1 hour. If you did not ask for it, ignore this email: your password stays the same.',
    }),
  };
}

export function passwordChangedEmail(brand: EmailBrand, signInUrl: string): Email {
  return {
    subject: `Your ${brand.name} password was changed`,
    ...renderEmail({
      brand,
      heading: 'Your password was changed',
      paragraphs: [
        'The password of your account was just changed, and your other sessions were signed out.',
        'If you did not do this, reset your password right away with "Forgot your password?" on the sign-in page, and contact support.',
      ],
      action: { label: 'Go to sign in', url: signInUrl },
    }),
  };
}

export function twoFactorChangedEmail(brand: EmailBrand, enabled: boolean): Email {
  return {
    subject: enabled ? `Two-factor sign-in is on for your ${brand.name} account` : `Two-factor sign-in was turned off for your ${brand.name} account`,
    ...renderEmail({
      brand,
      heading: enabled ? 'Two-factor sign-in is on' : 'Two-factor sign-in is off',
      paragraphs: [
        enabled
          ? 'From now on, signing in asks for a code from your authenticator app. Keep your recovery codes somewhere safe.'
          : 'Signing in no longer asks for a code from your authenticator app.',
        'If you did not make this change, reset your password and contact support.',
      ],
    }),
  };
}
