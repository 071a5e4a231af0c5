import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

/** Sends through an SMTP server given as smtp://user:pass@host:port (or smtps:// for TLS). */
export function createSmtpMailer(url: string, from: string): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close() {
      transport.close();
    },
  };
}
