import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outboxEmails } from '../../db/schema';
import type { OutboxStatus } from './outbox';

export interface StoredEmail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  status: OutboxStatus;
  /** Names and sizes only: the files themselves are fetched one at a time. */
  attachments: { filename: string; contentType: string; bytes: number }[];
  createdAt: Date;
}

/** The outbox, newest first; optionally only the emails sent to one address. */
export async function listMailbox(db: Db, options: { to?: string; limit?: number } = {}): Promise<StoredEmail[]> {
  const query = db
    .select({
      id: outboxEmails.id,
      to: outboxEmails.to,
      subject: outboxEmails.subject,
      text: outboxEmails.text,
      html: outboxEmails.html,
      status: outboxEmails.status,
      attachments: outboxEmails.attachments,
      createdAt: outboxEmails.createdAt,
    })
    .from(outboxEmails);
  const filtered = options.to ? query.where(eq(outboxEmails.to, options.to.toLowerCase())) : query;
  const rows = await filtered.orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.seq)).limit(options.limit ?? 100);
  return rows.map((r) => ({
    ...r,
    attachments: r.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, bytes: Buffer.byteLength(a.contentBase64, 'base64') })),
  }));
}

/** One attachment of one email, as bytes; null when either is missing. */
export async function readAttachment(db: Db, emailId: string, index: number) {
  const [row] = await db.select({ attachments: outboxEmails.attachments }).from(outboxEmails).where(eq(outboxEmails.id, emailId));
  const file = row?.attachments[index];
  if (!file) return null;
  return { filename: file.filename, contentType: file.contentType, content: Buffer.from(file.contentBase64, 'base64') };
}
