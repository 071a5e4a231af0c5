import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servers, simPanelServers } from '../../../db/schema';
import { PanelError } from '../../../integrations/panel/game-panel';
import { insertPaidServer, provisionOnlineServer } from '../../../jobs/provisioning.fixtures';
import { randomIds } from '../../../lib/runtime';
import { minecraftChoice } from '../../checkout/checkout.fixtures';
import {
  createSignedInUser,
  createTestApp,
  createUser,
  dbKinds,
  manualClock,
  markTwoFactorOn,
  readMailbox,
  signIn,
  tokenFromEmail,
  type TestContext,
  type TestUser,
} from '../../../test/test-app';

describe.each(dbKinds)('staff actions on a customer on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date());
  const staff = {} as Record<'admin' | 'billing' | 'support', TestUser & { cookie: string }>;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SIM_PANEL_INSTALL_SECONDS: '0' } });
    for (const role of ['admin', 'billing', 'support'] as const) staff[role] = await createSignedInUser(t, { role });
  });
  afterAll(async () => t?.close());

  const act = (id: string, action: string, payload?: object, role: keyof typeof staff = 'support') =>
    t.app.inject({ method: 'POST', url: `/api/admin/customers/${id}/${action}`, headers: { cookie: staff[role].cookie }, ...(payload && { payload }) });
  const audits = (targetId: string) =>
    t.database.query<{ action: string; reason: string | null; actor_email: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
      'select action, reason, actor_email, before, after from audit_log where target_id = $1 order by seq',
      [targetId],
    );
  const whoami = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json().user;
  const login = (user: TestUser) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password } });
  const panelRow = async (serverId: string) => {
    const [server] = await t.database.db.select().from(servers).where(eq(servers.id, serverId));
    const [sim] = await t.database.db.select().from(simPanelServers).where(eq(simPanelServers.id, server!.panelServerId ?? ''));
    return { status: server!.status, suspendedBy: server!.suspendedBy, panelSuspended: sim?.suspended ?? null };
  };
  const online = async (userId: string, name: string) =>
    (await provisionOnlineServer({ db: t.database.db, clock, panel: t.app.panel, events: t.app.events }, userId, { name })).serverId;

  it('suspends an account: signed out, cannot sign in, servers suspended on the panel; unsuspend brings back only those', async () => {
    const customer = await createSignedInUser(t);
    const first = await online(customer.id, 'First Box');
    const second = await online(customer.id, 'Second Box');
    // Suspended for an unpaid renewal before: the account suspension must leave it as it is.
    const dunning = await insertPaidServer(t.database.db, customer.id, { name: 'Dunning Box', status: 'suspended', createdAt: clock.now() });

    const res = await act(customer.id, 'suspend', { reason: '  Chargeback on order 1234  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toContain('2 servers were suspended');
    expect(await panelRow(first)).toEqual({ status: 'suspended', suspendedBy: 'account', panelSuspended: 1 });
    expect(await panelRow(second)).toEqual({ status: 'suspended', suspendedBy: 'account', panelSuspended: 1 });
    expect(await whoami(customer.cookie)).toBeNull();

    const refused = await login(customer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'account_suspended',
      message: 'This account is suspended. Contact support if you think this is a mistake.',
    });
    const wrongPassword = await login({ ...customer, password: 'not the password' });
    expect(wrongPassword.statusCode).toBe(401);

    const page = (await t.app.inject({ method: 'GET', url: `/api/admin/customers/${customer.id}`, headers: { cookie: staff.support.cookie } })).json();
    expect(page.profile).toMatchObject({ suspendedReason: 'Chargeback on order 1234' });
    expect(page.profile.suspendedAt).not.toBeNull();

    expect((await act(customer.id, 'suspend', { reason: 'Again please' })).statusCode).toBe(409);
    const [record, ...rest] = await audits(customer.id);
    expect(rest).toEqual([]);
    expect(record).toMatchObject({ action: 'customer.suspended', reason: 'Chargeback on order 1234', actor_email: staff.support.email });
    expect((record!.after!.serversSuspended as string[]).sort()).toEqual([first, second].sort());

    const back = await act(customer.id, 'unsuspend', { reason: 'Chargeback withdrawn' });
    expect(back.statusCode, back.body).toBe(200);
    expect(await panelRow(first)).toEqual({ status: 'offline', suspendedBy: null, panelSuspended: 0 });
    expect(await panelRow(second)).toEqual({ status: 'offline', suspendedBy: null, panelSuspended: 0 });
    expect((await panelRow(dunning.serverId)).status).toBe('suspended');
    expect((await login(customer)).statusCode).toBe(200);
    expect((await act(customer.id, 'unsuspend', { reason: 'Once more' })).statusCode).toBe(409);
    expect((await audits(customer.id)).map((a) => a.action)).toEqual(['customer.suspended', 'customer.unsuspended']);
  });

  it('needs a reason, refuses staff accounts and unknown ids', async () => {
    const customer = await createUser(t);
    for (const body of [{}, { reason: '' }, { reason: 'no' }, { reason: 'x'.repeat(501) }]) {
      expect((await act(customer.id, 'suspend', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await act(staff.billing.id, 'suspend', { reason: 'Testing staff' }, 'admin')).statusCode).toBe(409);
    expect((await act(randomIds.uuid(), 'suspend', { reason: 'Nobody here' })).statusCode).toBe(404);
    expect((await act('nope', 'unsuspend', { reason: 'Nobody here' })).statusCode).toBe(404);
    expect(await audits(customer.id)).toEqual([]);
  });

  it('changes nothing when the panel does not answer, and puts back what it already did', async () => {
    const customer = await createUser(t);
    const first = await online(customer.id, 'Steady Box');
    const second = await online(customer.id, 'Flaky Box');
    const [flaky] = await t.database.db.select({ panelServerId: servers.panelServerId }).from(servers).where(eq(servers.id, second));
    const panel = t.app.panel;
    const original = panel.suspendServer!;
    panel.suspendServer = async (id: string) => {
      if (id === flaky!.panelServerId) throw new PanelError('panel timed out', true);
      return original.call(panel, id);
    };
    try {
      const res = await act(customer.id, 'suspend', { reason: 'Abuse report' });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('panel_unavailable');
    } finally {
      panel.suspendServer = original;
    }
    expect(await panelRow(first)).toEqual({ status: 'online', suspendedBy: null, panelSuspended: 0 });
    expect(await panelRow(second)).toEqual({ status: 'online', suspendedBy: null, panelSuspended: 0 });
    expect(await audits(customer.id)).toEqual([]);
    expect((await login(customer)).statusCode).toBe(200);
  });

  it('keeps a suspended account from buying', async () => {
    const customer = await createSignedInUser(t);
    await t.database.query("update users set suspended_at = now(), suspended_reason = 'Fraud check' where id = $1", [customer.id]);
    const res = await t.app.inject({ method: 'POST', url: '/api/checkout', payload: minecraftChoice, headers: { cookie: customer.cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('account_suspended');
    const [orders] = await t.database.query<{ n: number }>('select count(*)::int as n from orders where user_id = $1', [customer.id]);
    expect(orders!.n).toBe(0);
  });

  it('resends verification only to an unverified address, and sends a working password reset', async () => {
    const unverified = await createUser(t, { verified: false });
    const sent = await act(unverified.id, 'resend-verification');
    expect(sent.statusCode, sent.body).toBe(200);
    const [email] = await readMailbox(t, unverified.email);
    const token = tokenFromEmail(email, '/auth/verify');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token, password: unverified.password } })).statusCode).toBe(200);
    const again = await act(unverified.id, 'resend-verification', {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This address is already verified.');

    const reset = await act(unverified.id, 'password-reset', { reason: 'Customer called in' });
    expect(reset.statusCode).toBe(200);
    const [resetEmail] = await readMailbox(t, unverified.email);
    const resetToken = tokenFromEmail(resetEmail, '/auth/reset-password');
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token: resetToken, password: 'a brand new password' },
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await login({ ...unverified, password: 'a brand new password' })).statusCode).toBe(200);
    expect(await audits(unverified.id)).toMatchObject([
      { action: 'customer.verification_resent', reason: null },
      { action: 'customer.password_reset_sent', reason: 'Customer called in' },
    ]);
  });

  it('turns off two-factor with a reason, and tells the customer', async () => {
    const customer = await createUser(t);
    await markTwoFactorOn(t, customer.id);
    expect((await act(customer.id, 'two-factor/disable', {})).statusCode).toBe(400);
    const res = await act(customer.id, 'two-factor/disable', { reason: 'Lost phone, ID checked' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await login(customer)).statusCode).toBe(200);
    const [email] = await readMailbox(t, customer.email);
    expect(email?.subject.toLowerCase()).toContain('two-factor');
    expect((await act(customer.id, 'two-factor/disable', { reason: 'Lost phone again' })).statusCode).toBe(409);
    expect((await audits(customer.id)).map((a) => a.action)).toEqual(['customer.two_factor_disabled']);
  });

  it('signs a customer out everywhere', async () => {
    const customer = await createUser(t);
    const cookies = [await signIn(t, customer), await signIn(t, customer)];
    const res = await act(customer.id, 'sign-out-everywhere', { reason: 'Shared password' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain('2 sessions');
    for (const cookie of cookies) expect(await whoami(cookie)).toBeNull();
    expect(await audits(customer.id)).toMatchObject([{ action: 'customer.signed_out_everywhere', after: { sessionsEnded: 2 }, reason: 'Shared password' }]);
  });

  it("leaves a staff account's access to admins", async () => {
    const member = await createSignedInUser(t, { role: 'billing' });
    for (const [action, body] of [
      ['two-factor/disable', { reason: 'Lost phone' }],
      ['sign-out-everywhere', { reason: 'Just because' }],
      ['password-reset', {}],
    ] as const) {
      const res = await act(member.id, action, body, 'support');
      expect(res.statusCode, action).toBe(403);
    }
    expect((await act(member.id, 'password-reset', {}, 'admin')).statusCode).toBe(200);
    expect((await audits(member.id)).map((a) => a.action)).toEqual(['customer.password_reset_sent']);
  });
});
