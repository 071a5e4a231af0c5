import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { formatMoney } from '../../../shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditNotes, users } from '../../db/schema';
import { readAttachment } from '../../integrations/mail/mailbox';
import { createRefundEmailJobs, REFUND_EMAILS_QUEUE } from '../../jobs/refund-emails';
import { createSignedInUser, createTestApp, dbKinds, readMailbox, type TestContext, type TestUser } from '../../test/test-app';
import { recordingBus } from '../checkout/checkout.fixtures';
import { i18nServiceFor } from '../i18n';
import { buyWithLocalCard, post } from './billing.fixtures';
import { refundEmailKey, sendRefundIssued, type RefundEmailDeps } from './refund-issued.emails';
import { refundOrder } from './refunds.service';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text;
}

describe.each(dbKinds)('the refund email on %s', (kind) => {
  let t: TestContext;
  let staff: TestUser & { cookie: string };
  const events = recordingBus();

  beforeAll(async () => {
    t = await createTestApp(kind, { checkout: { events } });
    staff = await createSignedInUser(t, { role: 'billing' });
  });
  afterAll(async () => t?.close());

  const refundMails = async (email: string) => (await readMailbox(t, email)).filter((m) => !/^(Order confirmed|Bestellung bestätigt)/.test(m.subject));
  const noteOf = async (orderId: string) => (await t.database.db.select().from(creditNotes).where(eq(creditNotes.userId, (await ownerOf(orderId)))))[0]!;
  const ownerOf = async (orderId: string) => (await t.database.query<{ user_id: string }>('select user_id from orders where id = $1', [orderId]))[0]!.user_id;
  const jobsFor = (creditNoteId: string) =>
    t.database.query<{ state: string }>('select state from pgboss.job where name = $1 and singleton_key = $2', [REFUND_EMAILS_QUEUE, creditNoteId]);

  function emailDeps(): RefundEmailDeps {
    return {
      db: t.database.db,
      clock: { now: () => new Date() },
      ids: { uuid: () => crypto.randomUUID() },
      payments: t.app.payments,
      events,
      log: quiet,
      mailer: t.app.mailer,
      publicUrl: t.config.PUBLIC_URL,
      i18n: i18nServiceFor(t.database.db),
      seller: { name: 'Spawnpoint', email: t.config.SUPPORT_EMAIL, url: t.config.PUBLIC_URL },
    };
  }

  it("a German customer's partial refund to the card: a German email with the amount, the refund time stored on the note, a link and the credit note PDF", async () => {
    const customer = await createSignedInUser(t);
    await t.database.db.update(users).set({ preferences: { language: 'de' } }).where(eq(users.id, customer.id));
    const { order_id } = await buyWithLocalCard(t, customer.cookie);
    const res = await post(t, `/api/admin/orders/${order_id}/refunds`, staff.cookie, { amountCents: 700, method: 'card', reason: 'Ausfall am ersten Abend' });
    expect(res.statusCode, res.body).toBe(200);
    const note = await noteOf(order_id);
    expect(note).toMatchObject({ method: 'card', amountCents: 700 });

    const mails = await refundMails(customer.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    const amount = formatMoney(700, note.currency, 'de');
    expect(amount).toMatch(/^7,00\s\$$/);
    expect(mail.subject).toBe(`Erstattung: ${amount} (${note.number})`);
    expect(mail.text).toContain(`Wir haben Ihnen ${amount} für`);
    expect(mail.text).toContain('auf die Karte erstattet, mit der Sie bezahlt haben');
    expect(mail.text).toContain(`innerhalb von ${note.refundDaysMin}-${note.refundDaysMax} Werktagen an`);
    expect(mail.text).toContain(`/dashboard/billing/credit-notes/${note.id}`);
    expect(mail.html).toContain('Gutschrift ansehen');
    expect(mail.attachments).toEqual([{ filename: `credit-note-${note.number}.pdf`, contentType: 'application/pdf', bytes: expect.any(Number) }]);
    const file = await readAttachment(t.database.db, mail.id, 0);
    const text = await pdfText(file!.content);
    expect(text).toContain(note.number);
    expect(text).toContain('Gutschrift');
    expect(text).toContain('Zurück auf die Karte');
    // The durable half was written with the refund too; run later, it finds this email stored (the last test).
    expect(await jobsFor(note.id)).toEqual([{ state: 'created' }]);
  });

  it('a refund to account credit says the amount went to the account credit', async () => {
    const customer = await createSignedInUser(t);
    const { order_id } = await buyWithLocalCard(t, customer.cookie);
    const res = await post(t, `/api/admin/orders/${order_id}/refunds`, staff.cookie, { amountCents: 1400, method: 'credit', reason: 'Goodwill' });
    expect(res.statusCode, res.body).toBe(200);
    const note = await noteOf(order_id);
    const mails = await refundMails(customer.email);
    expect(mails.map((m) => m.subject)).toEqual([`Refund issued: $14.00 (${note.number})`]);
    expect(mails[0]!.text).toContain('to your account credit. The amount was added to your account credit when the credit note was issued.');
    expect(mails[0]!.text).not.toContain('card');
    expect(mails[0]!.attachments).toEqual([expect.objectContaining({ filename: `credit-note-${note.number}.pdf`, contentType: 'application/pdf' })]);
  });

  it('a refund whose email was not sent beside it gets it from the job, once, however often the job runs', async () => {
    const customer = await createSignedInUser(t);
    const { order_id } = await buyWithLocalCard(t, customer.cookie);
    const deps = emailDeps();
    const jobs = createRefundEmailJobs({ queue: t.app.jobs.queue, log: quiet, singleProcess: kind === 'pglite', send: (userId, id) => sendRefundIssued(deps, userId, id) });
    // The process stops right after the refund commits: the send beside it never happens.
    await refundOrder(
      { ...deps, log: quiet, refundNotices: { prepare: jobs.prepare, record: jobs.record, send: async () => {} } },
      { orderId: order_id, amountCents: 500, method: 'credit', reason: 'Partial goodwill', cancelService: false, actor: null },
    );
    const note = await noteOf(order_id);
    expect(await refundMails(customer.email)).toHaveLength(0);
    expect(await jobsFor(note.id)).toEqual([{ state: 'created' }]);

    await t.database.query('update pgboss.job set start_after = now() where name = $1 and singleton_key = $2', [REFUND_EMAILS_QUEUE, note.id]);
    await jobs.startWorkers();
    await expect.poll(async () => (await refundMails(customer.email)).length, { timeout: 10_000 }).toBe(1);
    await expect.poll(async () => (await jobsFor(note.id))[0]?.state, { timeout: 10_000 }).toBe('completed');

    // A retry (the job's, or two at once) finds the email under its key and stores no second one.
    await Promise.all([sendRefundIssued(deps, customer.id, note.id), sendRefundIssued(deps, customer.id, note.id)]);
    await sendRefundIssued(deps, customer.id, note.id);
    const mails = await refundMails(customer.email);
    expect(mails.map((m) => m.subject)).toEqual([`Refund issued: $5.00 (${note.number})`]);
    const [row] = await t.database.query<{ dedupe_key: string }>('select dedupe_key from outbox_emails where id = $1', [mails[0]!.id]);
    expect(row!.dedupe_key).toBe(refundEmailKey(note.id));
  });
});
