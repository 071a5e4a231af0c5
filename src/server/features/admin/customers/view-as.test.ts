import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionOnlineServer } from '../../../jobs/provisioning.fixtures';
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

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SIM_PANEL_INSTALL_SECONDS: '0' } });
    support = await createSignedInUser(t, { role: 'support' });
    customer = await createSignedInUser(t);
    await provisionOnlineServer({ db: t.database.db, clock, panel: t.app.panel, events: t.app.events }, customer.id, { name: 'Viewed Box' });
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

  it('refuses every write outside /api/admin, and every GET that acts', async () => {
    const routes = allRoutes(t.app.printRoutes({ commonPrefix: false }));
    const writes = routes.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/admin') && !['GET', 'HEAD'].includes(r.method) && r.url !== '/api/auth/logout',
    );
    expect(writes.length).toBeGreaterThan(30);
    expect(writes).toContainEqual({ method: 'POST', url: '/api/checkout' });
    expect(writes).toContainEqual({ method: 'PATCH', url: '/api/account' });
    for (const { method, url } of writes) {
      const res = await call(method, concrete(url), both(), {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error, `${method} ${url}`).toEqual({ code: 'view_only', message: 'You are viewing this account read-only.' });
    }
    for (const url of ['/api/servers/:id/console', '/api/servers/:id/backups/:backupId/download', '/api/checkout/:sessionId', '/api/affiliate/click']) {
      const res = await call('GET', concrete(url), both());
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code, url).toBe('view_only');
    }
    // Nothing happened to the customer, and the view is still open.
    expect((await call('GET', '/api/auth/session', customer.cookie)).json().user.id).toBe(customer.id);
    expect((await call('GET', '/api/auth/session', both())).json().viewAs).not.toBeNull();
  });

  it('is tied to the staff session: another session, a customer or an ended view gets nothing from the cookie', async () => {
    const otherSession = await signInStaff(t, support);
    expect((await call('GET', '/api/auth/session', `${otherSession}; ${viewCookie}`)).json()).toMatchObject({ user: { id: support.id }, viewAs: null });
    expect((await call('GET', '/api/auth/session', `${customer.cookie}; ${viewCookie}`)).json()).toMatchObject({ user: { id: customer.id }, viewAs: null });
    expect((await call('POST', '/api/tickets', `${otherSession}; ${viewCookie}`, {})).json().error.code).not.toBe('view_only');

    await t.database.query("update view_as_sessions set expires_at = now() - interval '1 minute'");
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
