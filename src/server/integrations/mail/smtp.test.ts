import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, readMailbox, uniqueEmail, type TestContext } from '../../test/test-app';
import { createSmtpMailer } from './smtp';

interface Received {
  from: string;
  to: string[];
  user?: string;
  raw: string;
}

/** Undoes quoted-printable, so assertions can read long lines and links. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A local SMTP server on a random port that keeps what it receives. */
async function startSmtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 's3cret') return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          raw: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('SMTP mailer', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => smtp?.close());

  it('delivers text and HTML with the configured sender, authenticating from the URL', async () => {
    const mailer = createSmtpMailer(`smtp://mailer:s3cret@127.0.0.1:${smtp.port}`, '"Spawnpoint" <no-reply@spawnpoint.test>');
    await mailer.send({ to: 'player@example.test', subject: 'Hello there', text: 'Plain body', html: '<p>HTML body</p>' });
    mailer.close();
    const mail = smtp.received.at(-1);
    expect(mail).toMatchObject({ from: 'no-reply@spawnpoint.test', to: ['player@example.test'], user: 'mailer' });
    expect(mail?.raw).toMatch(/^Subject: Hello there$/m);
    expect(mail?.raw).toMatch(/^From: "?Spawnpoint"? <no-reply@spawnpoint.test>$/m);
    expect(mail?.raw).toContain('Content-Type: multipart/alternative');
    expect(mail?.raw).toContain('Plain body');
    expect(mail?.raw).toContain('<p>HTML body</p>');
  });

  it('rejects when the server refuses the credentials', async () => {
    const mailer = createSmtpMailer(`smtp://mailer:wrong@127.0.0.1:${smtp.port}`, 'no-reply@spawnpoint.test');
    await expect(mailer.send({ to: 'a@example.test', subject: 's', text: 't', html: 'h' })).rejects.toThrow();
    mailer.close();
  });

  describe.each(dbKinds)('as the app mailer on %s', (kind) => {
    let t: TestContext;
    let mailer: ReturnType<typeof createSmtpMailer>;
    beforeAll(async () => {
      mailer = createSmtpMailer(`smtp://127.0.0.1:${smtp.port}`, '"Spawnpoint" <no-reply@spawnpoint.test>');
      t = await createTestApp(kind, { mailer });
    });
    afterAll(async () => {
      mailer?.close();
      await t?.close();
    });

    it('sends the sign-up verification email over SMTP, not to the mailbox', async () => {
      const email = uniqueEmail();
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: 'long enough pass' } });
      expect(res.statusCode).toBe(201);
      const mail = smtp.received.find((m) => m.to.includes(email));
      expect(mail?.raw).toMatch(/^Subject: Verify your email for Spawnpoint$/m);
      expect(mail?.raw).toMatch(new RegExp(`${t.config.PUBLIC_URL}/auth/verify\\?token=[A-Za-z0-9_-]{43}`));
      expect(await readMailbox(t, email)).toHaveLength(0);
    });
  });
});
