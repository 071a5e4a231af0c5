import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, renewals, serviceCancellations, simPanelServers } from '../../../db/schema';
import { insertPaidServer, provisionOnlineServer, serverRow, waitFor } from '../../../jobs/provisioning.fixtures';
import { randomIds } from '../../../lib/runtime';
import { createSignedInUser, createTestApp, createUser, dbKinds, manualClock, type TestContext } from '../../../test/test-app';

describe.each(dbKinds)('staff servers on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock();
  const staff = {} as Record<'admin' | 'billing' | 'support', string>;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      clock,
      env: { SIM_PANEL_INSTALL_SECONDS: '0', PROVISION_REFUND_GRACE_MINUTES: '60' },
      jobs: {
        provisioningOptions: { retryDelaySeconds: 0, pollSeconds: 0.2, sweepIntervalMs: 0 },
        jobQueueOptions: { pollingIntervalSeconds: 0.5 },
      },
    });
    for (const role of ['admin', 'billing', 'support'] as const) staff[role] = (await createSignedInUser(t, { role })).cookie;
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  const get = (url: string, role: keyof typeof staff = 'support') => t.app.inject({ method: 'GET', url, headers: { cookie: staff[role] } });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object, role: keyof typeof staff = 'admin') =>
    t.app.inject({ method, url, payload, headers: { cookie: staff[role] } });
  const auditFor = (targetId: string) =>
    t.database.query<{ action: string; reason: string | null; actor_role: string; before: unknown; after: unknown }>(
      'select action, reason, actor_role, before, after from audit_log where target_id = $1 order by seq',
      [targetId],
    );
  const online = async (name: string) => {
    const owner = await createUser(t);
    const paid = await provisionOnlineServer({ db: db(), clock, panel: t.app.panel, events: t.app.events }, owner.id, { name });
    return { ...paid, owner };
  };
  const ids = (body: { items: { id: string }[] }) => body.items.map((i) => i.id);

  it('lists servers with the owner, game, location and panel id, filtered as the URL contract says', async () => {
    const owner = await createUser(t, { email: `lister-${randomIds.uuid().slice(0, 6)}@example.test` });
    const now = clock.now();
    const failed = await insertPaidServer(db(), owner.id, { name: 'Broken Box', status: 'failed', createdAt: now });
    const stuck = await insertPaidServer(db(), owner.id, { name: 'Slow Box', status: 'installing', createdAt: new Date(now.getTime() - 11 * 60_000) });
    const fresh = await insertPaidServer(db(), owner.id, { name: 'Fresh Box', status: 'installing', createdAt: new Date(now.getTime() - 9 * 60_000) });
    const suspended = await insertPaidServer(db(), owner.id, { name: 'Quiet Box', status: 'suspended', game: 'palworld', location: 'eu-west', createdAt: now });
    const cancelling = await insertPaidServer(db(), owner.id, { name: 'Leaving Box', status: 'online', createdAt: now });
    await db().insert(renewals).values({
      id: randomIds.uuid(),
      serverId: suspended.serverId,
      userId: owner.id,
      orderId: suspended.orderId,
      periodStart: new Date(now.getTime() - 8 * 86_400_000),
      periodEnd: new Date(now.getTime() + 22 * 86_400_000),
      amountCents: 1400,
      status: 'failed',
      attempts: 3,
      suspendedAt: new Date(now.getTime() - 86_400_000),
      nextAttemptAt: new Date(now.getTime() + 86_400_000),
      createdAt: now,
      updatedAt: now,
    });
    await db().insert(serviceCancellations).values({
      serverId: cancelling.serverId,
      userId: owner.id,
      cancelAt: new Date(now.getTime() + 5 * 86_400_000),
      requestedAt: now,
    });

    const all = await get(`/api/admin/servers?q=${owner.email.slice(0, 12)}`);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 5, page: 1, pageSize: 25 });
    const row = all.json().items.find((i: { id: string }) => i.id === suspended.serverId);
    expect(row).toMatchObject({ name: 'Quiet Box', status: 'suspended', game: 'palworld', gameName: 'Palworld', locationLabel: 'EU West (Amsterdam)' });
    expect(row.owner.email).toBe(owner.email);
    expect(row.deletesAt).toBe(new Date(now.getTime() + 22 * 86_400_000).toISOString());

    const filter = async (query: string) => ids((await get(`/api/admin/servers?${query}&q=${owner.email.slice(0, 12)}`)).json());
    expect(await filter('filter=failed')).toEqual([failed.serverId]);
    expect(await filter('filter=stuck_installing')).toEqual([stuck.serverId]);
    expect(await filter('filter=suspended')).toEqual([suspended.serverId]);
    expect((await filter('filter=due_for_deletion')).sort()).toEqual([suspended.serverId, cancelling.serverId].sort());
    expect(await filter('status=installing')).toHaveLength(2);
    expect(await filter('game=palworld')).toEqual([suspended.serverId]);
    expect(await filter('location=eu-west')).toEqual([suspended.serverId]);
    expect(ids((await get('/api/admin/servers?q=slow%20b')).json())).toContain(stuck.serverId);
    expect(ids((await get(`/api/admin/servers?q=${fresh.serverId}`)).json())).toEqual([fresh.serverId]);

    // The manual clock moves: the fresh install becomes stuck too.
    clock.advance(2 * 60_000);
    expect((await filter('filter=stuck_installing')).sort()).toEqual([stuck.serverId, fresh.serverId].sort());

    const page2 = (await get(`/api/admin/servers?q=${owner.email.slice(0, 12)}&pageSize=2&page=2`)).json();
    expect(page2).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(page2.items).toHaveLength(2);

    expect((await get('/api/admin/servers?filter=everything')).statusCode).toBe(400);
    expect((await get('/api/admin/servers?page=0')).statusCode).toBe(400);
    expect((await get('/api/admin/servers/not-a-uuid')).statusCode).toBe(404);
    expect((await get(`/api/admin/servers/${randomIds.uuid()}`)).statusCode).toBe(404);
  });

  it('retries a failed server: the simulated panel fails once, staff retry, and it comes online', async () => {
    expect((await send('PUT', '/api/admin/sim-panel', { failNextInstalls: -1 })).statusCode).toBe(400);
    expect((await send('PUT', '/api/admin/sim-panel', { failNextInstalls: 1 }, 'support')).statusCode).toBe(403);
    const set = await send('PUT', '/api/admin/sim-panel', { failNextInstalls: 1 });
    expect(set.json()).toEqual({ simulated: true, failNextInstalls: 1 });
    expect((await get('/api/admin/sim-panel', 'billing')).json()).toEqual({ simulated: true, failNextInstalls: 1 });
    expect(await auditFor('sim_panel')).toMatchObject([{ action: 'sim_panel.updated', after: { failNextInstalls: 1 } }]);

    const owner = await createUser(t);
    const { serverId, orderId } = await insertPaidServer(db(), owner.id, { name: 'Phoenix', createdAt: clock.now() });
    await t.app.provisioning.startWorkers();
    await t.app.provisioning.enqueue(serverId);
    await waitFor(async () => (await serverRow(db(), serverId)).status === 'failed', 'failed');

    const failed = (await get(`/api/admin/servers/${serverId}`)).json();
    expect(failed).toMatchObject({
      status: 'failed',
      provisioningAttempts: 1,
      provisioningError: 'the install script failed (install_failed)',
      failureReason:
        'The game failed to install on your server. Our team has been alerted and is looking at it; if it cannot be fixed within an hour, your payment is refunded in full.',
      refunded: false,
      refundDueAt: new Date(clock.now().getTime() + 3_600_000).toISOString(),
    });
    expect(failed.panelServerId).toBeTruthy();

    expect((await send('POST', `/api/admin/servers/${serverId}/retry`, {}, 'support')).statusCode).toBe(400);
    expect((await send('POST', `/api/admin/servers/${serverId}/retry`, { reason: '  ' }, 'support')).statusCode).toBe(400);
    expect(await auditFor(serverId)).toEqual([]);

    const retried = await send('POST', `/api/admin/servers/${serverId}/retry`, { reason: 'The install image was fixed' }, 'support');
    expect(retried.statusCode).toBe(200);
    expect(retried.json().server).toMatchObject({ provisioningAttempts: 0, provisioningError: null, failureReason: null });
    await waitFor(async () => (await serverRow(db(), serverId)).status === 'online', 'online after the retry');

    const sim = await db().select().from(simPanelServers).where(eq(simPanelServers.externalId, serverId));
    expect(sim).toHaveLength(1);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('paid');
    expect(await auditFor(serverId)).toMatchObject([
      { action: 'server.retried', reason: 'The install image was fixed', actor_role: 'support', before: { status: 'failed', provisioningAttempts: 1 } },
    ]);
    // Not failed any more: a second retry is refused and leaves no record.
    expect((await send('POST', `/api/admin/servers/${serverId}/retry`, { reason: 'Again please' })).statusCode).toBe(409);
    expect(await auditFor(serverId)).toHaveLength(1);
  });

  it('refuses to retry a server whose order was already refunded, with no audit record', async () => {
    const owner = await createUser(t);
    const { serverId, orderId } = await insertPaidServer(db(), owner.id, { status: 'failed', createdAt: clock.now() });
    await db().update(orders).set({ status: 'refunded' }).where(eq(orders.id, orderId));
    const res = await send('POST', `/api/admin/servers/${serverId}/retry`, { reason: 'Customer asked' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/already refunded/);
    expect((await serverRow(db(), serverId)).status).toBe('failed');
    expect(await auditFor(serverId)).toEqual([]);
  });

  it('suspends and unsuspends on the panel, audited; support may not, and a dunning suspension is left to billing', async () => {
    const { serverId } = await online('Naughty Box');
    expect((await send('POST', `/api/admin/servers/${serverId}/suspend`, { reason: 'Abuse report' }, 'support')).statusCode).toBe(403);
    const suspended = await send('POST', `/api/admin/servers/${serverId}/suspend`, { reason: 'Abuse report #12' }, 'billing');
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().server).toMatchObject({ status: 'suspended', suspendedBy: 'staff' });
    const simRow = async () => (await db().select().from(simPanelServers).where(eq(simPanelServers.externalId, serverId)))[0];
    expect((await simRow())?.suspended).toBe(1);
    expect((await send('POST', `/api/admin/servers/${serverId}/suspend`, { reason: 'Twice' })).statusCode).toBe(409);

    const back = await send('POST', `/api/admin/servers/${serverId}/unsuspend`, { reason: 'Resolved with the owner' });
    expect(back.json().server).toMatchObject({ status: 'offline', suspendedBy: null });
    expect((await simRow())?.suspended).toBe(0);
    expect((await auditFor(serverId)).map((a) => [a.action, a.reason])).toEqual([
      ['server.suspended', 'Abuse report #12'],
      ['server.unsuspended', 'Resolved with the owner'],
    ]);

    const owner = await createUser(t);
    const dunning = await insertPaidServer(db(), owner.id, { status: 'suspended', createdAt: clock.now() });
    const refused = await send('POST', `/api/admin/servers/${dunning.serverId}/unsuspend`, { reason: 'Be nice' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/unpaid renewal/);
    expect(await auditFor(dunning.serverId)).toEqual([]);
  });

  it('powers a server through the customer rules, audited, and refuses what the rules refuse', async () => {
    const { serverId } = await online('Power Box');
    expect((await send('POST', `/api/admin/servers/${serverId}/power`, { action: 'start', reason: 'Try it' }, 'support')).statusCode).toBe(409);
    expect((await send('POST', `/api/admin/servers/${serverId}/power`, { action: 'fly', reason: 'Try it' })).statusCode).toBe(400);
    const stopped = await send('POST', `/api/admin/servers/${serverId}/power`, { action: 'stop', reason: 'Runaway memory' }, 'support');
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().server.status).toBe('stopping');
    expect(await auditFor(serverId)).toMatchObject([{ action: 'server.stopped', reason: 'Runaway memory' }]);
  });

  it('deletes with the name typed again, keeps the newest backup for 30 days and stops renewals', async () => {
    const { serverId, orderId, owner } = await online('Doomed Box');
    const row = await serverRow(db(), serverId);
    const ref = { panelServerId: row.panelServerId!, identifier: row.panelIdentifier! };
    await t.app.panel.createBackup(ref, { name: 'old', automatic: false });
    clock.advance(60_000);
    const newest = await t.app.panel.createBackup(ref, { name: 'newest', automatic: false });
    clock.advance(60_000);
    const renewalId = randomIds.uuid();
    await db().insert(renewals).values({
      id: renewalId,
      serverId,
      userId: owner.id,
      orderId,
      periodStart: clock.now(),
      periodEnd: new Date(clock.now().getTime() + 30 * 86_400_000),
      amountCents: 1400,
      status: 'due',
      nextAttemptAt: new Date(clock.now().getTime() + 3_600_000),
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });

    expect((await send('DELETE', `/api/admin/servers/${serverId}`, { confirmName: 'Doomed Box', reason: 'Owner asked' }, 'support')).statusCode).toBe(403);
    const wrong = await send('DELETE', `/api/admin/servers/${serverId}`, { confirmName: 'doomed box', reason: 'Owner asked' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.confirmName).toBeTruthy();
    expect(await auditFor(serverId)).toEqual([]);

    const deleted = await send('DELETE', `/api/admin/servers/${serverId}`, { confirmName: 'Doomed Box', reason: 'Owner asked by ticket' });
    expect(deleted.statusCode).toBe(200);
    const keptUntil = new Date(clock.now().getTime() + 30 * 86_400_000).toISOString();
    expect(deleted.json().server).toMatchObject({ status: 'cancelled', keptBackupId: newest.id, backupKeptUntil: keptUntil });
    expect(deleted.json().server.deletedAt).toBe(clock.now().toISOString());
    expect(await db().select().from(simPanelServers).where(eq(simPanelServers.externalId, serverId))).toHaveLength(0);
    const [renewal] = await db().select().from(renewals).where(eq(renewals.id, renewalId));
    expect(renewal).toMatchObject({ status: 'cancelled', nextAttemptAt: null, lastBackupId: newest.id });
    expect(await auditFor(serverId)).toMatchObject([
      { action: 'server.deleted', reason: 'Owner asked by ticket', after: { status: 'cancelled', keptBackupId: newest.id } },
    ]);
    expect((await send('DELETE', `/api/admin/servers/${serverId}`, { confirmName: 'Doomed Box', reason: 'Again' })).statusCode).toBe(409);
    expect(await auditFor(serverId)).toHaveLength(1);
  });
});
