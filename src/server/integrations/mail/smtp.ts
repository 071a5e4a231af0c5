import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

/** A sender: `"Name" <address>` as configured, or a name and an address (nodemailer quotes and encodes the name). */
export type MailSender = string | { name: string; address: string };

/**
 * Sends through an SMTP server given as smtp://user:pass@host:port (or smtps:// for TLS). The
 * sender is fixed (MAIL_FROM set) or read at each send (the brand's name saved in Settings).
 */
export function createSmtpMailer(url: string, from: MailSender | (() => Promise<MailSender>)): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from: typeof from === 'function' ? await from() : from, ...message });
    },
    close() {
      transport.close();
    },
  };
}
