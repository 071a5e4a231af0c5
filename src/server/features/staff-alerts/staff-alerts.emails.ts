import type { MailMessage } from '../../integrations/mail/mailer';
import { renderEmail, type EmailBrand } from '../../integrations/mail/template';
import type { StaffAlert } from '../../lib/staff-alert';

/** The staff email of an alert: what happened, and a button to where it is fixed. */
export function staffAlertEmail(brand: EmailBrand, publicUrl: string, alert: StaffAlert): Omit<MailMessage, 'to'> {
  return {
    subject: `[${brand.name} staff] ${alert.subject}`,
    ...renderEmail({
      brand,
      heading: alert.subject,
      paragraphs: alert.lines,
      ...(alert.link ? { action: { label: 'Open it in the staff console', url: new URL(alert.link, publicUrl).toString() } } : {}),
      note: 'You get this email because your staff role can act on it. The webhook in Settings → Alerts receives the same notice.',
    }),
  };
}

/** The text posted to a chat webhook: Discord takes at most 2000 characters of `content`. */
export function staffAlertText(brand: EmailBrand, publicUrl: string, alert: StaffAlert): string {
  const link = alert.link ? `\n${new URL(alert.link, publicUrl).toString()}` : '';
  const text = `**[${brand.name}] ${alert.subject}**\n${alert.lines.join('\n')}`;
  return `${text.slice(0, 1990 - link.length)}${link}`;
}
