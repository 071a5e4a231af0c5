import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { outboxEmails, users, type StoredAttachment } from '../../db/schema';
import type { Clock, Ids } from '../../lib/runtime';
import type { MailMessage, Mailer } from './mailer';

/** How long a sent email is kept before the prune job deletes it; failed ones are kept. */
export const SENT_MAIL_KEPT_DAYS = 90;

export type OutboxStatus = (typeof outboxEmails.$inferSelect)['status'];

/** Where an outbox email is handed for delivery: the durable mail job (jobs/mail-outbox.ts). */
export interface OutboxDelivery {
  enqueue(emailId: string): Promise<void>;
}

export interface OutboxDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  /** The remote that delivers (SMTP); none for the embedded mailbox, where storing is delivering. */
  transport?: Mailer;
  delivery?: OutboxDelivery;
  log: { error(obj: object, msg: string): void };
}

function toStored(message: MailMessage): StoredAttachment[] {
  return (message.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, contentBase64: a.content.toString('base64') }));
}

/** Errors from a mail server can be long or multi-line; staff need the gist. */
function errorSummary(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').slice(0, 300);
}

/**
 * The Mailer every feature calls: it writes the email to the outbox and returns. With a transport,
 * the mail job delivers it and retries; a request or job that sends mail never waits on SMTP.
 */
export function createOutbox(deps: OutboxDeps) {
  const { db, clock, ids } = deps;

  /** Writes the row with `executor` (a transaction, for a resend and its audit record); the hand-over comes after it commits. */
  async function store(message: MailMessage, options: { resendOf?: string; executor?: Executor } = {}): Promise<string | null> {
    const executor = options.executor ?? db;
    const to = message.to.trim().toLowerCase();
    const [owner] = await executor.select({ id: users.id }).from(users).where(eq(users.email, to)).limit(1);
    const now = clock.now();
    const id = ids.uuid();
    const delivered = !deps.transport;
    const stored = await executor.insert(outboxEmails).values({
      id,
      to,
      userId: owner?.id ?? null,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: toStored(message),
      status: delivered ? 'sent' : 'queued',
      attempts: delivered ? 1 : 0,
      sentAt: delivered ? now : null,
      resendOf: options.resendOf ?? null,
      dedupeKey: message.dedupeKey ?? null,
      createdAt: now,
    }).onConflictDoNothing().returning({ id: outboxEmails.id });
    // A notice with a key already stored was sent before: nothing to hand over.
    return stored.length ? id : null;
  }

  async function handOver(id: string) {
    try {
      await deps.delivery?.enqueue(id);
    } catch (error) {
      // Stored is enough: the sweep hands queued emails over again.
      deps.log.error({ err: error, email: id }, 'email stored but not queued; the outbox sweep will queue it');
    }
  }

  const outbox = {
    async send(message: MailMessage) {
      const id = await store(message);
      if (id && deps.transport) await handOver(id);
    },

    /**
     * One delivery try, run by the mail job. Throws when the transport refused, so the job retries;
     * `last` marks the email failed for good instead of retrying.
     */
    async deliver(id: string, options: { last: boolean }): Promise<void> {
      const [row] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
      if (!row || row.status === 'sent' || !deps.transport) return;
      try {
        await deps.transport.send({
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          attachments: row.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.contentBase64, 'base64') })),
        });
      } catch (error) {
        await db
          .update(outboxEmails)
          .set({ status: options.last ? 'failed' : 'retrying', attempts: sql`${outboxEmails.attempts} + 1`, lastError: errorSummary(error) })
          .where(eq(outboxEmails.id, id));
        throw error;
      }
      await db
        .update(outboxEmails)
        .set({ status: 'sent', attempts: sql`${outboxEmails.attempts} + 1`, lastError: null, sentAt: clock.now() })
        .where(eq(outboxEmails.id, id));
    },

    /**
     * Copies a stored email as a new outbox entry (staff's Resend) with `executor`; null when there is
     * none. Call `handOver` with the new id once the transaction has committed.
     */
    async copyForResend(executor: Executor, id: string): Promise<string | null> {
      const [row] = await executor.select().from(outboxEmails).where(eq(outboxEmails.id, id));
      if (!row) return null;
      const attachments = row.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.contentBase64, 'base64') }));
      return store({ to: row.to, subject: row.subject, text: row.text, html: row.html, attachments }, { resendOf: row.id, executor });
    },

    /** Hands a committed row to the mail job; nothing to do for the built-in mailbox. */
    async afterCommit(id: string) {
      if (deps.transport) await handOver(id);
    },

    /** Deletes sent emails created before `before`; failed and waiting ones stay for staff. Answers how many. */
    async pruneSent(before: Date): Promise<number> {
      const gone = await db
        .delete(outboxEmails)
        .where(and(eq(outboxEmails.status, 'sent'), lt(outboxEmails.createdAt, before)))
        .returning({ id: outboxEmails.id });
      return gone.length;
    },

    /** Emails waiting longer than `olderThanMs` for a first try: their hand-over was lost (a crash between store and queue). */
    async stranded(olderThanMs: number): Promise<string[]> {
      const rows = await db
        .select({ id: outboxEmails.id })
        .from(outboxEmails)
        .where(and(inArray(outboxEmails.status, ['queued']), lt(outboxEmails.createdAt, new Date(clock.now().getTime() - olderThanMs))))
        .orderBy(desc(outboxEmails.createdAt))
        .limit(200);
      return rows.map((r) => r.id);
    },
  };
  return outbox;
}

export type Outbox = ReturnType<typeof createOutbox>;
export type { Mailer };
