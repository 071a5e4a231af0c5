import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionOnlineServer } from '../../jobs/provisioning.fixtures';
import { createSignedInUser, createTestApp, dbKinds, manualClock, type TestContext, type TestUser } from '../../test/test-app';

/**
 * The router decodes a path before matching (`/%61pi/account` is `/api/account`), so the guards
 * must look at the route matched, never at the raw URL, or an encoded path walks around them.
 */
describe.each(dbKinds)('auth, CSRF, view-as and staff checks follow the route, not the raw URL, on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date());
  let customer: TestUser & { cookie: string };
  let support: TestUser & { cookie: string };
  let viewCookie: string;
  let serverId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SIM_PANEL_INSTALL_SECONDS: '0' } });
    customer = await createSignedInUser(t);
    support = await createSignedInUser(t, { role: 'support' });
    ({ serverId } = await provisionOnlineServer({ db: t.database.db, clock, panel: t.app.panel, events: t.app.events }, customer.id, { name: 'Encoded Box' }));
    const view = await t.app.inject({
      method: 'POST',
      url: `/api/admin/customers/${customer.id}/view-as`,
      headers: { cookie: support.cookie },
      payload: { reason: 'Checking what the customer sees' },
    });
    expect(view.statusCode, view.body).toBe(200);
    viewCookie = `sp_view_as=${view.cookies.find((c) => c.name === 'sp_view_as')!.value}`;
  });
  afterAll(async () => t?.close());

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const viewing = () => `${support.cookie}; ${viewCookie}`;

  it('resolves the session on an encoded /api path', async () => {
    const own = await get('/%61pi/account', customer.cookie);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().email).toBe(customer.email);
    expect((await get('/%61pi/account')).statusCode).toBe(401);
  });

  it('applies the CSRF checks on an encoded /api path', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/%61pi/auth/login',
      headers: { origin: 'https://evil.example' },
      payload: { email: customer.email, password: customer.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().error.code).toBe('csrf');
    expect(login.cookies.find((c) => c.name === 'sp_session')).toBeUndefined();

    const form = await t.app.inject({
      method: 'POST',
      url: '/ap%69/account/password',
      headers: { cookie: customer.cookie, 'content-type': 'text/plain' },
      payload: 'currentPassword=x&newPassword=y',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json().error.code).toBe('unsupported_media_type');
  });

  it('keeps staff routes behind the staff guard however the path is written', async () => {
    for (const url of ['/api/%61dmin/customers', '/%61pi/%61dmin/customers', '/api/admi%6E/customers?q=x']) {
      const anonymous = await get(url);
      expect(anonymous.statusCode, url).toBe(401);
      const asCustomer = await get(url, customer.cookie);
      expect(asCustomer.statusCode, url).toBe(403);
      expect(asCustomer.json().error.code, url).toBe('forbidden');
    }
  });

  it('applies the read-only view on encoded paths, and leaves the console the staff member’s own', async () => {
    const servers = await get('/%61pi/servers', viewing());
    expect(servers.statusCode, servers.body).toBe(200);
    expect(JSON.stringify(servers.json())).toContain('Encoded Box');

    const write = await t.app.inject({
      method: 'POST',
      url: '/%61pi/tickets',
      headers: { cookie: viewing(), 'content-type': 'application/json' },
      payload: JSON.stringify({ subject: 'Opened by staff', category: 'technical', priority: 'low', description: 'Should never be stored' }),
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().error.code).toBe('view_only');
    expect((await get('/api/tickets', customer.cookie)).json()).toEqual([]);

    const console = await get(`/%61pi/servers/${serverId}/console`, viewing());
    expect(console.statusCode).toBe(403);
    expect(console.json().error.code).toBe('view_only');

    const list = await get(`/api/%61dmin/customers?q=${encodeURIComponent(customer.email)}`, viewing());
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().total).toBe(1);
  });

  it('answers 404 to a doubled slash instead of reaching a route', async () => {
    for (const url of ['//api/account', '/api//account', '//api/admin/customers', '/api//admin/customers']) {
      const res = await get(url, viewing());
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code, url).toBe('not_found');
    }
    const post = await t.app.inject({
      method: 'POST',
      url: '//api/auth/login',
      headers: { origin: 'https://evil.example' },
      payload: { email: customer.email, password: customer.password },
    });
    expect(post.statusCode).toBe(404);
  });
});
