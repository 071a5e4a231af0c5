import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  createUser,
  dbKinds,
  manualClock,
  readMailbox,
  signIn,
  tokenFromEmail,
  uniqueEmail,
  type TestContext,
} from '../../test/test-app';

describe.each(dbKinds)('account API on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock();
  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'PATCH' | 'PUT' | 'POST', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

  it('answers 401 on every settings endpoint when signed out', async () => {
    const calls: [Parameters<typeof call>[0], string][] = [
      ['GET', '/api/account'],
      ['PATCH', '/api/account'],
      ['POST', '/api/account/password'],
      ['PUT', '/api/account/notifications'],
      ['PUT', '/api/account/preferences'],
      ['GET', '/api/account/sessions'],
    ];
    for (const [method, url] of calls) {
      const res = await call(method, url, undefined, method === 'GET' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    }
  });

  it('answers the account with the spec defaults', async () => {
    const user = await createSignedInUser(t);
    const res = await call('GET', '/api/account', user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      email: user.email,
      pendingEmail: null,
      firstName: '',
      lastName: '',
      role: 'customer',
      twoFactorEnabled: false,
      notifications: { email: true, sms: false, push: true, maintenance: true, billing: true, security: true },
      preferences: { language: null },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('saves first and last name', async () => {
    const user = await createSignedInUser(t);
    const res = await call('PATCH', '/api/account', user.cookie, { firstName: ' Ada ', lastName: 'Lovelace' });
    expect(res.json()).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', email: user.email });
    expect((await call('GET', '/api/account', user.cookie)).json()).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    expect((await call('GET', '/api/auth/session', user.cookie)).json().user).toMatchObject({ firstName: 'Ada' });
    expect((await call('PATCH', '/api/account', user.cookie, { firstName: 'x'.repeat(101) })).statusCode).toBe(400);
  });

  it('changes the email only once the new address confirms it', async () => {
    const user = await createSignedInUser(t);
    const next = uniqueEmail('next');
    const res = await call('PATCH', '/api/account', user.cookie, { email: next.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: user.email, pendingEmail: next });

    const [mail] = await readMailbox(t, next);
    expect(mail?.subject).toBe('Confirm your new email for Spawnpoint');
    const token = tokenFromEmail(mail, '/auth/confirm-email');
    expect((await call('POST', '/api/auth/login', undefined, { email: next, password: user.password })).statusCode).toBe(401);

    // Confirming works without being signed in, e.g. from another browser.
    const confirm = await call('POST', '/api/account/confirm-email', undefined, { token });
    expect(confirm.json()).toEqual({ ok: true });
    expect((await call('GET', '/api/account', user.cookie)).json()).toMatchObject({ email: next, pendingEmail: null });
    expect((await call('POST', '/api/auth/login', undefined, { email: next, password: user.password })).statusCode).toBe(200);
    expect((await readMailbox(t, user.email))[0]?.subject).toBe('Your Spawnpoint email was changed');

    const again = await call('POST', '/api/account/confirm-email', undefined, { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid_token');
  });

  it('answers 409 for an email another account uses, and expires change links after 24 hours', async () => {
    const user = await createSignedInUser(t);
    const other = await createUser(t);
    const taken = await call('PATCH', '/api/account', user.cookie, { email: other.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('email_taken');

    const next = uniqueEmail('later');
    await call('PATCH', '/api/account', user.cookie, { email: next });
    const token = tokenFromEmail((await readMailbox(t, next))[0], '/auth/confirm-email');
    clock.advance(24 * 60 * 60_000 + 1000);
    expect((await call('POST', '/api/account/confirm-email', undefined, { token })).statusCode).toBe(400);
    const cookie = await signIn(t, user);
    expect((await call('GET', '/api/account', cookie)).json()).toMatchObject({ email: user.email, pendingEmail: null });
  });

  it('refuses to confirm a change when the address was taken meanwhile', async () => {
    const user = await createSignedInUser(t);
    const next = uniqueEmail('race');
    await call('PATCH', '/api/account', user.cookie, { email: next });
    const token = tokenFromEmail((await readMailbox(t, next))[0], '/auth/confirm-email');
    await createUser(t, { email: next });
    const res = await call('POST', '/api/account/confirm-email', undefined, { token });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('email_taken');
  });

  it('saves the notification toggles', async () => {
    const user = await createSignedInUser(t);
    const toggles = { email: false, sms: true, push: false, maintenance: true, billing: false, security: true };
    const res = await call('PUT', '/api/account/notifications', user.cookie, toggles);
    expect(res.json()).toEqual(toggles);
    expect((await call('GET', '/api/account', user.cookie)).json().notifications).toEqual(toggles);
    const partial = await call('PUT', '/api/account/notifications', user.cookie, { email: true });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().error.fields).toHaveProperty('sms');
  });

  it('saves the language from the shipped list only, and keeps no choice that nothing reads', async () => {
    const user = await createSignedInUser(t);
    const prefs = { language: 'de' };
    // A client from before the time zone and currency choices were dropped: those keys are not kept.
    expect((await call('PUT', '/api/account/preferences', user.cookie, { ...prefs, timezone: 'PST', currency: 'CAD' })).json()).toEqual(prefs);
    expect((await call('GET', '/api/account', user.cookie)).json().preferences).toEqual(prefs);
    for (const bad of [{ language: 'it' }, {}, { language: 7 }]) {
      const res = await call('PUT', '/api/account/preferences', user.cookie, bad);
      expect(res.statusCode).toBe(400);
    }
    expect((await call('GET', '/api/account', user.cookie)).json().preferences).toEqual(prefs);
  });
});
