import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionOnlineServer, type PaidServer } from '../../../jobs/provisioning.fixtures';
import { viewAsReads } from '../../auth/auth.guard';
import { createSignedInUser, createTestApp, dbKinds, manualClock, signInStaff, type TestContext, type TestUser } from '../../../test/test-app';

interface Route {
  method: string;
  url: string;
}

/** Every route the app serves, read from printRoutes' tree (each line adds its segment to its parent's path). */
function allRoutes(tree: string): Route[] {
  const stack: string[] = [];
  const routes: Route[] = [];
  for (const line of tree.split('\n')) {
    const match = line.match(/^(.*?)[├└]── (.+) \(([A-Z, ]+)\)$/);
    if (!match) continue;
    const depth = [...match[1]!].length / 4;
    const url = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = url;
    stack.length = depth + 1;
    for (const method of match[3]!.split(', ')) routes.push({ method, url });
  }
  return routes;
}

const concrete = (url: string) => url.replace(/:([A-Za-z]+)/g, '00000000-0000-4000-8000-000000000000');

describe.each(dbKinds)('view as customer on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date());
  let support: TestUser & { cookie: string };
  let customer: TestUser & { cookie: string };
  let viewCookie: string;
  let paid: PaidServer;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SIM_PANEL_INSTALL_SECONDS: '0' } });
    support = await createSignedInUser(t, { role: 'support' });
    customer = await createSignedInUser(t);
    paid = await provisionOnlineServer({ db: t.database.db, clock, panel: t.app.panel, events: t.app.events }, customer.id, { name: 'Viewed Box' });
  });
  afterAll(async () => t?.close());

  const call = (method: string, url: string, cookie: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { cookie, ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload && { payload: JSON.stringify(payload) }),
    });
  const both = () => `${support.cookie}; ${viewCookie}`;
  const viewedAs = () =>
    t.database.query<{ n: number }>("select count(*)::int as n from audit_log where target_id = $1 and action = 'customer.viewed_as'", [customer.id]);

  async function startView(cookie = support.cookie) {
    const res = await call('POST', `/api/admin/customers/${customer.id}/view-as`, cookie, { reason: 'Customer says billing looks wrong' });
    expect(res.statusCode, res.body).toBe(200);
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^sp_view_as=[A-Za-z0-9_-]+;/);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Path=\//);
    const value = res.cookies.find((c) => c.name === 'sp_view_as')!.value;
    return `sp_view_as=${value}`;
  }

  it("shows the customer's dashboard, with the view named in the session, audited once", async () => {
    viewCookie = await startView();
    expect((await viewedAs())[0]!.n).toBe(1);
    const session = (await call('GET', '/api/auth/session', both())).json();
    expect(session).toMatchObject({
      user: { id: customer.id, email: customer.email, role: 'customer' },
      viewAs: { customerId: customer.id, customerEmail: customer.email, staffEmail: support.email },
    });
    const servers = await call('GET', '/api/servers', both());
    expect(servers.statusCode).toBe(200);
    expect(JSON.stringify(servers.json())).toContain('Viewed Box');
    expect((await call('GET', '/api/billing', both())).statusCode).toBe(200);
    expect((await call('GET', '/api/account', both())).json().email).toBe(customer.email);
    // The console stays the staff member's own.
    const list = await call('GET', `/api/admin/customers?q=${encodeURIComponent(customer.email)}`, both());
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(1);
  });

  it('refuses every write outside /api/admin, and every GET not on the list of pure reads', async () => {
    const routes = allRoutes(t.app.printRoutes({ commonPrefix: false }));
    const customerSide = routes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/admin'));
    const writes = customerSide.filter((r) => !['GET', 'HEAD'].includes(r.method) && r.url !== '/api/auth/logout');
    expect(writes.length).toBeGreaterThan(30);
    expect(writes).toContainEqual({ method: 'POST', url: '/api/checkout' });
    expect(writes).toContainEqual({ method: 'PATCH', url: '/api/account' });
    for (const { method, url } of writes) {
      const res = await call(method, concrete(url), both(), {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error, `${method} ${url}`).toEqual({ code: 'view_only', message: 'You are viewing this account read-only.' });
    }
    // (printRoutes folds a wildcard under its siblings' shared prefix, so only the URLs the app knows are walked.)
    const otherReads = customerSide.filter((r) => r.method === 'GET' && !viewAsReads.has(r.url) && t.app.hasRoute({ method: 'GET', url: r.url }));
    expect(otherReads.map((r) => r.url)).toEqual(
      expect.arrayContaining(['/api/orders/:id', '/api/billing/payment-methods', '/api/checkout/:sessionId', '/api/servers/:id/console', '/api/affiliate/click']),
    );
    for (const { url } of otherReads) {
      const res = await call('GET', concrete(url), both());
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code, url).toBe('view_only');
    }
    // Nothing happened to the customer, and the view is still open.
    expect((await call('GET', '/api/auth/session', customer.cookie)).json().user.id).toBe(customer.id);
    expect((await call('GET', '/api/auth/session', both())).json().viewAs).not.toBeNull();
  });

  it('lists only GET routes the app has', () => {
    for (const url of viewAsReads) expect(t.app.hasRoute({ method: 'GET', url }), url).toBe(true);
  });

  it("answers the dashboard's reads, and they change nothing", async () => {
    const id = paid.serverId;
    // Our status lags the panel's (online): a customer's read would sync it, a view must not.
    await t.database.query("update servers set status = 'offline', updated_at = now() - interval '1 hour' where id = $1", [id]);
    const before = await t.database.query('select status, updated_at from servers where id = $1', [id]);
    const samples = () => t.database.query<{ n: number }>('select count(*)::int as n from server_usage_samples where server_id = $1', [id]);
    const samplesBefore = (await samples())[0]!.n;
    const reads = [
      '/api/auth/session',
      '/api/account',
      '/api/account/sessions',
      '/api/account/billing-details',
      '/api/overview',
      '/api/price-changes',
      '/api/purchases/latest',
      '/api/server-status',
      '/api/tax/terms',
      '/api/catalog',
      '/api/servers',
      `/api/servers/${id}`,
      `/api/servers/${id}/resources`,
      `/api/servers/${id}/resources/history`,
      `/api/servers/${id}/players`,
      `/api/servers/${id}/backups`,
      `/api/servers/${id}/restart-schedule`,
      `/api/servers/${id}/files?path=`,
      `/api/servers/${id}/sftp`,
      `/api/servers/${id}/shares`,
      `/api/servers/${id}/software`,
      `/api/servers/${id}/plan-change`,
      '/api/shared-servers',
      '/api/billing',
      '/api/invoices',
      '/api/tickets',
    ];
    for (const url of reads) {
      const res = await call('GET', url, both());
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    expect((await call('GET', `/api/servers/${id}/resources`, both())).json().state).toBe('online');
    expect(await t.database.query('select status, updated_at from servers where id = $1', [id])).toEqual(before);
    expect((await samples())[0]!.n).toBe(samplesBefore);
    expect((await call('GET', `/api/servers/${id}/resources`, customer.cookie)).json().state).toBe('online');
    expect((await t.database.query<{ status: string }>('select status from servers where id = $1', [id]))[0]!.status).toBe('online');
  });

  it("refuses the order read (it reconciles the payment) and the saved cards (they are looked up and stored), changing nothing", async () => {
    const order = () => t.database.query('select * from orders where id = $1', [paid.orderId]);
    const before = await order();
    const res = await call('GET', `/api/orders/${paid.orderId}`, both());
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'view_only', message: 'You are viewing this account read-only.' });
    expect(await order()).toEqual(before);
    const cards = await call('GET', '/api/billing/payment-methods', both());
    expect(cards.statusCode).toBe(403);
    expect(cards.json().error.code).toBe('view_only');
    // The customer's own reads are unchanged.
    expect((await call('GET', `/api/orders/${paid.orderId}`, customer.cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/billing/payment-methods', customer.cookie)).statusCode).toBe(200);
  });

  it('is tied to the staff session: another session, a customer or an ended view gets nothing from the cookie', async () => {
    const otherSession = await signInStaff(t, support);
    expect((await call('GET', '/api/auth/session', `${otherSession}; ${viewCookie}`)).json()).toMatchObject({ user: { id: support.id }, viewAs: null });
    expect((await call('GET', '/api/auth/session', `${customer.cookie}; ${viewCookie}`)).json()).toMatchObject({ user: { id: customer.id }, viewAs: null });
    expect((await call('POST', '/api/tickets', `${otherSession}; ${viewCookie}`, {})).json().error.code).not.toBe('view_only');

    await t.database.query('update view_as_sessions set expires_at = $1', [new Date(clock.now().getTime() - 60_000).toISOString()]);
    expect((await call('GET', '/api/auth/session', both())).json()).toMatchObject({ user: { id: support.id }, viewAs: null });
  });

  it('ends on exit, clearing the cookie', async () => {
    viewCookie = await startView();
    const exit = await call('POST', '/api/admin/view-as/exit', both(), {});
    expect(exit.statusCode).toBe(200);
    expect(String(exit.headers['set-cookie'])).toMatch(/^sp_view_as=;/);
    expect((await call('GET', '/api/auth/session', both())).json()).toMatchObject({ user: { id: support.id }, viewAs: null });
  });

  it("lets the staff member sign out (their own session, never the customer's)", async () => {
    viewCookie = await startView();
    const out = await call('POST', '/api/auth/logout', both(), { scope: 'global' });
    expect(out.statusCode).toBe(200);
    expect((await call('GET', '/api/auth/session', both())).json()).toEqual({ user: null, viewAs: null });
    expect((await call('GET', '/api/auth/session', customer.cookie)).json().user.id).toBe(customer.id);
    support.cookie = await signInStaff(t, support);
  });

  it('needs a reason, and refuses staff accounts and unknown ids', async () => {
    const before = (await viewedAs())[0]!.n;
    expect((await call('POST', `/api/admin/customers/${customer.id}/view-as`, support.cookie, {})).statusCode).toBe(400);
    const admin = await createSignedInUser(t, { role: 'admin' });
    expect((await call('POST', `/api/admin/customers/${admin.id}/view-as`, support.cookie, { reason: 'Looking around' })).statusCode).toBe(409);
    expect((await call('POST', `/api/admin/customers/${concrete(':id')}/view-as`, support.cookie, { reason: 'Looking around' })).statusCode).toBe(404);
    expect((await viewedAs())[0]!.n).toBe(before);
  });
});
