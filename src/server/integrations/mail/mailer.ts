/** One email, already rendered: plain text for every client, HTML for the ones that show it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** How the app sends email. The embedded mailbox is the default; SMTP is used when configured. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
