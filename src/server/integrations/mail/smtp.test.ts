import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../test/fakes/smtp-server';
import { createSmtpMailer } from './smtp';

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
});
