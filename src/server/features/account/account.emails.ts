import type { MailMessage } from '../../integrations/mail/mailer';
import { renderEmail } from '../../integrations/mail/template';

type Email = Omit<MailMessage, 'to'>;

export function confirmNewEmail(brand: string, url: string, newEmail: string): Email {
  return {
    subject: `Confirm your new email for ${brand}`,
    ...renderEmail({
      brand,
      heading: 'Confirm your new email address',
      paragraphs: [`You asked to change the email of your ${brand} account to ${newEmail}. Confirm it to make the change.`],
      action: { label: 'Confirm new email', url },
      note: 'This link works once and expires in 24 hours. Until then, your account keeps its current email.',
    }),
  };
}

export function emailChangedNotice(brand: string, newEmail: string): Email {
  return {
    subject: `Your ${brand} email was changed`,
    ...renderEmail({
      brand,
      heading: 'Your email address was changed',
      paragraphs: [
        `The email of your ${brand} account is now ${newEmail}. Emails from us will go to that address.`,
        'If you did not make this change, contact support right away.',
      ],
    }),
  };
}
