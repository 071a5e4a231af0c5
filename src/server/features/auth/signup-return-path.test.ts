import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, dbKinds, readMailbox, tokenFromEmail, uniqueEmail, type TestContext } from '../../test/test-app';

const password = 'long enough password';
const configured = '/de/configure/minecraft?plan=minecraft-4gb&location=eu-west&addons=automatic-backups&name=Mein+W%C3%BCrfelreich';

/** The page a sign-up started from (the configurator with its choices) rides in the verify link. */
describe.each(dbKinds)('sign-up return path on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

  function nextOf(mail: { text: string } | undefined): string | null {
    const link = mail?.text.match(/https?:\/\/\S+\/auth\/verify\?\S+/)?.[0];
    if (!link) throw new Error('no verify link in the email');
    return new URL(link).searchParams.get('next');
  }

  it('puts the configurator path, choices and all, in the verify link, and the link still verifies', async () => {
    const email = uniqueEmail();
    expect((await post('/api/auth/signup', { email, password, returnTo: configured })).statusCode).toBe(201);
    const [mail] = await readMailbox(t, email);
    expect(nextOf(mail)).toBe(configured);
    const verified = await post('/api/auth/verify-email', { token: tokenFromEmail(mail, '/auth/verify'), password });
    expect(verified.statusCode).toBe(200);
  });

  it('leaves the link without a return path when the sign-up had none', async () => {
    const email = uniqueEmail();
    await post('/api/auth/signup', { email, password });
    const [mail] = await readMailbox(t, email);
    expect(nextOf(mail)).toBeNull();
  });

  it('keeps it when an unverified address signs up again, and on a resent link', async () => {
    const owner = await createUser(t, { verified: false });
    await post('/api/auth/signup', { email: owner.email, password, returnTo: configured });
    expect((await post('/api/auth/resend-verification', { email: owner.email, returnTo: '/invite/abc' })).statusCode).toBe(200);
    const mails = await readMailbox(t, owner.email);
    expect(mails.map(nextOf).sort()).toEqual([configured, '/invite/abc'].sort());
  });

  it.each(['https://evil.example/configure', '//evil.example/x', '/\\evil.example', '/\t/evil.example', 'configure/minecraft', `/${'a'.repeat(1000)}`])(
    'refuses %j as a return path with a 400 naming returnTo, and sends nothing',
    async (returnTo) => {
      const email = uniqueEmail();
      const res = await post('/api/auth/signup', { email, password, returnTo });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('returnTo');
      expect(await readMailbox(t, email)).toHaveLength(0);
      const resend = await post('/api/auth/resend-verification', { email, returnTo });
      expect(resend.statusCode).toBe(400);
      expect(resend.json().error.fields).toHaveProperty('returnTo');
    },
  );
});
