import { createHmac } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../test/test-app';
import { findUnstorable, isStorableText } from './safe-input';

describe('storable text', () => {
  it('refuses NUL and unpaired surrogates, keeps everything else', () => {
    expect(isStorableText('plain, ünïcødé, 日本, emoji 🎮')).toBe(true);
    expect(isStorableText('\u0001\u001f\u007f\ufffd\uffff')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\ud83c')).toBe(false);
    expect(isStorableText('x\udfaey')).toBe(false);
    expect(isStorableText('\udfae\ud83c')).toBe(false);
  });

  it('names the first bad field at any depth, keys included', () => {
    expect(findUnstorable({ a: 'ok', b: [{ c: 'ok' }, { d: 'x\u0000' }] })).toBe('b.1.d');
    expect(findUnstorable({ nested: { ['k\u0000']: 1 } })).toBe('nested.k\u0000');
    expect(findUnstorable(['ok', 3, null, true])).toBeNull();
    expect(findUnstorable({ '*': 'a/\u0000' })).toBe('*');
    expect(findUnstorable(Buffer.from('a\u0000b'))).toBeNull();
    // A raw upload's body is a stream whose object graph loops back on itself: it is not walked.
    const stream = new PassThrough();
    Object.assign(stream, { self: stream, name: 'x\u0000' });
    expect(findUnstorable(stream)).toBeNull();
    const loop: Record<string, unknown> = { ok: 'fine' };
    loop.self = loop;
    expect(findUnstorable(loop)).toBeNull();
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findUnstorable(deep)).toMatch(/^(0\.){99999}0$/);
  });
});

describe.each(dbKinds)('bad characters are refused at the edge (%s)', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  function expectRefusal(res: { statusCode: number; json(): unknown }, field: string) {
    expect(res.statusCode).toBe(400);
    const body = res.json() as { error: { code: string; message: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('invalid_characters');
    expect(body.error.message).toContain(field);
    expect(Object.keys(body.error.fields)).toEqual([field]);
  }

  it('in a path parameter', async () => {
    expectRefusal(await t.app.inject({ method: 'GET', url: '/api/local-checkout/%00' }), 'sessionId');
  });

  it('answers an address that is not UTF-8, or too long, in the usual error shape', async () => {
    for (const url of ['/api/local-checkout/ab%ED%A0%80', '/api/local-checkout/%E0%A4%A', '/api/servers/%ff']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'bad_url', message: expect.any(String) } });
    }
    const long = await t.app.inject({ method: 'GET', url: `/api/local-checkout/${'a'.repeat(500)}` });
    expect(long.statusCode).toBe(414);
    expect((long.json() as { error: { code: string } }).error.code).toBe('uri_too_long');
  });

  it('in a body string, named by its path', async () => {
    const user = await createSignedInUser(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: { cookie: user.cookie },
      payload: { firstName: '\u0000' },
    });
    expectRefusal(res, 'firstName');
    const surrogate = await t.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      payload: '{"subject":"Help","message":"lone \\ud800 half","priority":"low","category":"billing"}',
    });
    expectRefusal(surrogate, 'message');
  });

  it('in a query value', async () => {
    const user = await createSignedInUser(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/invoices?status=%00', headers: { cookie: user.cookie } });
    expectRefusal(res, 'status');
  });

  it('leaves signed webhook bodies to their signature check', async () => {
    const body = '{"id":"evt_1","type":"x","data":"\\u0000"}';
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/${t.app.payments.id}`,
      headers: { 'content-type': 'application/json', 'x-signature': createHmac('sha256', 'wrong').update(body).digest('hex') },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: { code: string } }).error.code).toBe('invalid_signature');
  });
});
