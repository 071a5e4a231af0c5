import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, createUser, dbKinds, type TestContext } from '../test/test-app';

/**
 * The client's address (rate limits, sessions, audit records) comes from X-Forwarded-For only as
 * far as TRUST_PROXY trusts the hops: the proxy appends the peer it saw, and anything to the left
 * of that was written by the client.
 */
describe.each(dbKinds)('client address behind a proxy on %s', (kind) => {
  let t: TestContext | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function sessionIpAfterSignIn(trustProxy: string, remoteAddress: string, forwardedFor: string) {
    t = await createTestApp(kind, { env: { TRUST_PROXY: trustProxy } });
    const user = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: user.email, password: user.password },
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.database.query<{ ip: string }>('select ip from sessions where user_id = $1', [user.id]);
    return rows[0]?.ip;
  }

  it('with a hop count, takes the address the proxy appended, not the one the client wrote', async () => {
    expect(await sessionIpAfterSignIn('1', '10.0.0.2', '203.0.113.66, 198.51.100.7')).toBe('198.51.100.7');
  });

  it('with the proxy addresses, trusts only those peers', async () => {
    expect(await sessionIpAfterSignIn('10.0.0.0/8', '10.0.0.2', '203.0.113.66, 198.51.100.7')).toBe('198.51.100.7');
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    expect(await sessionIpAfterSignIn('10.0.0.0/8', '192.0.2.10', '203.0.113.66')).toBe('192.0.2.10');
  });

  it('ignores X-Forwarded-For altogether by default', async () => {
    expect(await sessionIpAfterSignIn('false', '192.0.2.10', '203.0.113.66')).toBe('192.0.2.10');
  });
});
