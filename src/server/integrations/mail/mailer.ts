/** A file sent with an email, such as an invoice PDF. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** One email, already rendered: plain text for every client, HTML for the ones that show it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** A notice that must go once: the outbox ignores a second email with the same key. */
  dedupeKey?: string;
}

/**
 * How the app sends email. Features call the outbox (outbox.ts), which stores the email and
 * answers at once; a transport (SMTP, or the embedded mailbox) is what finally delivers it.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
