import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../test/test-app';

describe.each(dbKinds)('cross-site request protection on %s', (kind) => {
  let t: TestContext;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { PUBLIC_URL: 'https://play.example.test' } });
    cookie = (await createSignedInUser(t)).cookie;
  });
  afterAll(async () => t?.close());

  const logout = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { scope: 'local' }, headers });

  it('refuses a state-changing request from another origin with 403 csrf', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://play.example.test']) {
      const res = await logout({ origin, cookie });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('csrf');
    }
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/account/preferences',
      payload: { language: 'en' },
      headers: { origin: 'https://evil.example', cookie },
    });
    expect(put.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json().user).not.toBeNull();
  });

  it('accepts the public URL, the request host, and no Origin at all', async () => {
    expect((await logout({ origin: 'https://play.example.test' })).statusCode).toBe(200);
    expect((await logout({ origin: 'http://localhost:8080', host: 'localhost:8080' })).statusCode).toBe(200);
    expect((await logout({})).statusCode).toBe(200);
  });

  it('leaves reads and provider webhooks alone', async () => {
    const read = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { origin: 'https://evil.example' } });
    expect(read.statusCode).toBe(200);
    const hook = await t.app.inject({ method: 'POST', url: '/api/webhooks/anything', payload: {}, headers: { origin: 'https://evil.example' } });
    expect(hook.statusCode).toBe(404);
  });

  it('answers 415 in the error shape for a signed-in request whose body is not JSON', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/password',
        payload: 'currentPassword=a&newPassword=b',
        headers: { 'content-type': contentType, cookie },
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().error).toMatchObject({ code: 'unsupported_media_type' });
    }
  });

  it('answers a form-encoded body without a session in the error shape too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: 'email=a@b.test&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('unsupported_media_type');
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"email":"a@b.test","password":"x"}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toHaveProperty('error.code');
  });
});
