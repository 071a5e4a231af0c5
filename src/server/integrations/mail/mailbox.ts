import { desc, eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outboxEmails } from '../../db/schema';
import { randomIds, systemClock, type Clock, type Ids } from '../../lib/runtime';
import type { Mailer } from './mailer';

/** The embedded mailer: every email is stored in outbox_emails and shown on /dev/mailbox. */
export function createMailboxMailer(db: Db, runtime: { clock?: Clock; ids?: Ids } = {}): Mailer {
  const clock = runtime.clock ?? systemClock;
  const ids = runtime.ids ?? randomIds;
  return {
    async send(message) {
      await db.insert(outboxEmails).values({ id: ids.uuid(), ...message, createdAt: clock.now() });
    },
  };
}

export interface StoredEmail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: Date;
}

/** Newest first; optionally only the emails sent to one address. */
export async function listMailbox(db: Db, options: { to?: string; limit?: number } = {}): Promise<StoredEmail[]> {
  const { seq: _seq, ...columns } = getTableColumns(outboxEmails);
  const query = db.select(columns).from(outboxEmails);
  const filtered = options.to ? query.where(eq(outboxEmails.to, options.to.toLowerCase())) : query;
  return filtered.orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.seq)).limit(options.limit ?? 100);
}
