import { createServer, type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outboxEmails } from '../../db/schema';
import { startSmtpServer } from '../../test/fakes/smtp-server';
import { createTestApp, dbKinds, readMailbox, uniqueEmail, type TestContext } from '../../test/test-app';
import { createSmtpMailer } from './smtp';

/** A port on which nothing listens: connecting is refused, as with a mail server that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const fastRetries = { attempts: 4, retryDelaySeconds: 1, backoff: false };

describe.each(dbKinds)('the mail outbox with SMTP on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestContext;
  let mailer: ReturnType<typeof createSmtpMailer>;
  const outbox = async (to: string) => t.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));

  beforeAll(async () => {
    smtp = await startSmtpServer();
    mailer = createSmtpMailer(`smtp://127.0.0.1:${smtp.port}`, '"Spawnpoint" <no-reply@spawnpoint.test>');
    t = await createTestApp(kind, { mailer, jobs: { mailJobOptions: fastRetries, jobQueueOptions: { pollingIntervalSeconds: 0.5 } } });
    await t.app.outbox.startWorkers();
  });
  afterAll(async () => {
    mailer?.close();
    await t?.close();
    await smtp?.close();
  });

  it('sends the sign-up verification email over SMTP through the job, not to the mailbox page', async () => {
    const email = uniqueEmail();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: 'long enough pass' } });
    expect(res.statusCode).toBe(201);
    await vi.waitFor(() => expect(smtp.received.some((m) => m.to.includes(email))).toBe(true), { timeout: 15_000, interval: 100 });
    const mail = smtp.received.find((m) => m.to.includes(email));
    expect(mail?.raw).toMatch(/^Subject: Verify your email for Spawnpoint$/m);
    expect(mail?.raw).toMatch(new RegExp(`${t.config.PUBLIC_URL}/auth/verify\\?token=[A-Za-z0-9_-]{43}`));
    await vi.waitFor(async () => expect((await outbox(email))[0]).toMatchObject({ status: 'sent', attempts: 1, lastError: null }), { timeout: 5_000 });
    expect((await outbox(email))[0]?.userId).toEqual(expect.any(String));
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
  });

  it('keeps sign-up and password reset working while the server refuses, retries, and delivers once it accepts again', async () => {
    smtp.state.refuse = true;
    const email = uniqueEmail();
    const signup = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: 'long enough pass' } });
    expect(signup.statusCode).toBe(201);
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
    expect(reset.statusCode).toBeLessThan(300);
    await vi.waitFor(
      async () => {
        const rows = await outbox(email);
        expect(rows).toHaveLength(2);
        for (const row of rows) expect(row).toMatchObject({ status: 'retrying', lastError: expect.stringContaining('temporarily unavailable') });
      },
      { timeout: 15_000, interval: 100 },
    );
    smtp.state.refuse = false;
    await vi.waitFor(async () => expect((await outbox(email)).map((r) => r.status)).toEqual(['sent', 'sent']), { timeout: 20_000, interval: 200 });
    for (const row of await outbox(email)) expect(row.attempts).toBeGreaterThanOrEqual(2);
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(2);
  });
});

describe.each(dbKinds)('sign-up while the mail server is unreachable on %s', (kind) => {
  let t: TestContext;
  let mailer: ReturnType<typeof createSmtpMailer>;
  beforeAll(async () => {
    mailer = createSmtpMailer(`smtp://127.0.0.1:${await closedPort()}`, 'no-reply@spawnpoint.test');
    t = await createTestApp(kind, { mailer, jobs: { mailJobOptions: { attempts: 2, retryDelaySeconds: 1, backoff: false }, jobQueueOptions: { pollingIntervalSeconds: 0.5 } } });
    await t.app.outbox.startWorkers();
  });
  afterAll(async () => {
    mailer?.close();
    await t?.close();
  });

  it('answers 201 at once, keeps the email, and marks it failed after the last try', async () => {
    const email = uniqueEmail();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: 'long enough pass' } });
    expect(res.statusCode).toBe(201);
    const rows = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.subject).toBe('Verify your email for Spawnpoint');
    await vi.waitFor(
      async () => {
        const [row] = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
        expect(row).toMatchObject({ status: 'failed', attempts: 2, lastError: expect.stringMatching(/ECONNREFUSED|connect/i) });
      },
      { timeout: 20_000, interval: 200 },
    );
  });
});

describe.each(dbKinds)('the built-in mailbox on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('delivers by storing, and shows attachments as links that open the file', async () => {
    const pdf = Buffer.from('%PDF-1.4 sample');
    await t.app.mailer.send({ to: 'Att@Example.test', subject: 'With a file', text: 'See attached.', html: '<p>See attached.</p>', attachments: [{ filename: 'INV-1.pdf', contentType: 'application/pdf', content: pdf }] });
    const [mail] = await readMailbox(t, 'att@example.test');
    expect(mail).toMatchObject({ status: 'sent', attachments: [{ filename: 'INV-1.pdf', contentType: 'application/pdf', bytes: pdf.length }] });
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox?to=att@example.test' });
    expect(page.body).toContain(`<a href="/dev/mailbox/${mail?.id}/attachments/0">INV-1.pdf</a>`);
    const file = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${mail?.id}/attachments/0` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/dev/mailbox/${mail?.id}/attachments/1` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox/not-an-id/attachments/0' })).statusCode).toBe(400);
  });
});
