import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localCheckoutSessions } from '../../db/schema';
import { goodCard, minecraftChoice } from '../../features/checkout/checkout.fixtures';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../../test/test-app';

/** PUBLIC_URL left at its default (http://localhost:<PORT>), as `npm start` has it. */
const PUBLIC_URL = 'http://localhost:3000';
const LAN = '192.168.1.20:3000';

describe.each(dbKinds)('the built-in checkout returns customers to the origin they came from, on %s', (kind) => {
  let t: TestContext;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { PUBLIC_URL } });
    ({ cookie } = await createSignedInUser(t));
  });
  afterAll(async () => t?.close());

  /** What a browser at `origin` sends: its own Origin, and the Host it connected to. */
  const fromBrowser = (host: string, origin = `http://${host}`) => ({ host, origin });

  async function open(host: string, payload: object = minecraftChoice, origin?: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload,
      headers: { cookie, ...fromBrowser(host, origin) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { checkout_url: string; session_id: string };
  }
  const view = (id: string, host: string) =>
    t.app.inject({ method: 'GET', url: `/api/local-checkout/${id}`, headers: { host } });
  const pay = (id: string, host: string) =>
    t.app.inject({ method: 'POST', url: `/api/local-checkout/${id}/pay`, payload: goodCard, headers: fromBrowser(host) });

  it.each([['127.0.0.1:3000'], [LAN]])('keeps a server purchase opened at http://%s on that origin', async (host) => {
    const out = await open(host);
    expect(out.checkout_url).toBe(`http://${host}/checkout/${out.session_id}`);
    expect((await view(out.session_id, host)).json().cancelUrl).toMatch(new RegExp(`^http://${host}/configure/minecraft\\?plan=`));
    const paid = await pay(out.session_id, host);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ redirect_url: `http://${host}/success?session_id=${out.session_id}` });
    expect((await view(out.session_id, host)).json().redirectUrl).toBe(`http://${host}/success?session_id=${out.session_id}`);
  });

  it('keeps a pack purchase on its origin too', async () => {
    const out = await open('127.0.0.1:3000', { kind: 'pack', pack: 'community-pack' });
    expect(out.checkout_url).toBe(`http://127.0.0.1:3000/checkout/${out.session_id}`);
    expect((await view(out.session_id, '127.0.0.1:3000')).json().cancelUrl).toMatch(/^http:\/\/127\.0\.0\.1:3000\/upgrade\//);
    const paid = await pay(out.session_id, '127.0.0.1:3000');
    expect(paid.json().redirect_url).toBe(`http://127.0.0.1:3000/purchase-confirmed?session_id=${out.session_id}`);
  });

  it('keeps PUBLIC_URL without an Origin, or when the Origin is not the host the request came in on', async () => {
    const plain = await t.app.inject({ method: 'POST', url: '/api/checkout', payload: minecraftChoice, headers: { cookie } });
    expect(plain.json().checkout_url).toMatch(new RegExp(`^${PUBLIC_URL}/checkout/cs_local_`));
    // The PUBLIC_URL origin is allowed through CSRF from any host, but it is not where this request landed.
    const other = await open('127.0.0.1:3000', minecraftChoice, PUBLIC_URL);
    expect(other.checkout_url).toBe(`${PUBLIC_URL}/checkout/${other.session_id}`);
    for (const origin of ['null', 'http://127.0.0.1:3000/path', 'http://user@127.0.0.1:3000']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/checkout',
        payload: minecraftChoice,
        headers: { cookie, host: '127.0.0.1:3000', origin },
      });
      if (res.statusCode === 200) expect(res.json().checkout_url).toMatch(new RegExp(`^${PUBLIC_URL}/`));
      else expect(res.statusCode).toBe(403);
    }
  });

  it('never sends the customer to a host other than the one serving the page, or PUBLIC_URL', async () => {
    // A session opened by hand with a forged Host and Origin, then shown on the real host.
    const forged = await open('evil.example');
    const [row] = await t.database.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, forged.session_id));
    expect(row?.successUrl).toMatch(/^http:\/\/evil\.example\//);
    expect((await view(forged.session_id, 'localhost:3000')).json().cancelUrl).toMatch(new RegExp(`^${PUBLIC_URL}/configure/`));
    const paid = await pay(forged.session_id, 'localhost:3000');
    expect(paid.json().redirect_url).toBe(`${PUBLIC_URL}/success?session_id=${forged.session_id}`);
  });
});

describe('behind a trusted proxy without PUBLIC_URL', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { PUBLIC_URL, TRUST_PROXY: 'true' } });
  });
  afterAll(async () => t?.close());

  it('returns to the forwarded host and scheme the browser used', async () => {
    const { cookie } = await createSignedInUser(t);
    const headers = { cookie, host: 'app:3000', 'x-forwarded-host': 'shop.example', 'x-forwarded-proto': 'https', origin: 'https://shop.example' };
    const res = await t.app.inject({ method: 'POST', url: '/api/checkout', payload: minecraftChoice, headers });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json() as { checkout_url: string; session_id: string };
    expect(out.checkout_url).toBe(`https://shop.example/checkout/${out.session_id}`);
    const paid = await t.app.inject({ method: 'POST', url: `/api/local-checkout/${out.session_id}/pay`, payload: goodCard, headers });
    expect(paid.json()).toEqual({ redirect_url: `https://shop.example/success?session_id=${out.session_id}` });
  });
});
