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

  it('reads a sender given as a function at each send, and quotes its name', async () => {
    let name = 'Spawnpoint';
    const mailer = createSmtpMailer(`smtp://mailer:s3cret@127.0.0.1:${smtp.port}`, async () => ({ name, address: 'no-reply@spawnpoint.test' }));
    await mailer.send({ to: 'player@example.test', subject: 'One', text: 't', html: 'h' });
    name = 'Block "Host", Ltd';
    await mailer.send({ to: 'player@example.test', subject: 'Two', text: 't', html: 'h' });
    mailer.close();
    const [first, second] = smtp.received.slice(-2);
    expect(first?.raw).toMatch(/^From: "?Spawnpoint"? <no-reply@spawnpoint.test>$/m);
    expect(second?.raw).toMatch(/^From: "Block \\"Host\\", Ltd" <no-reply@spawnpoint.test>$/m);
    expect(second?.from).toBe('no-reply@spawnpoint.test');
  });

  it('rejects when the server refuses the credentials', async () => {
    const mailer = createSmtpMailer(`smtp://mailer:wrong@127.0.0.1:${smtp.port}`, 'no-reply@spawnpoint.test');
    await expect(mailer.send({ to: 'a@example.test', subject: 's', text: 't', html: 'h' })).rejects.toThrow();
    mailer.close();
  });
});
