import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../../db/schema';
import { insertPaidServer, serverRow, waitFor } from '../../../jobs/provisioning.fixtures';
import { createSignedInUser, createTestApp, createUser, dbKinds, manualClock, type TestContext } from '../../../test/test-app';

describe.each(dbKinds)('bulk retry of failed set-ups on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock();
  const staff = {} as Record<'admin' | 'support' | 'customer', string>;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      clock,
      env: { SIM_PANEL_INSTALL_SECONDS: '0', PROVISION_REFUND_GRACE_MINUTES: '60' },
      jobs: {
        provisioningOptions: { retryDelaySeconds: 0, pollSeconds: 0.2, sweepIntervalMs: 0 },
        jobQueueOptions: { pollingIntervalSeconds: 0.5 },
      },
    });
    for (const role of ['admin', 'support', 'customer'] as const) staff[role] = (await createSignedInUser(t, { role })).cookie;
  });
  afterAll(async () => t?.close());

  const retry = (payload: object, role: keyof typeof staff = 'support') =>
    t.app.inject({ method: 'POST', url: '/api/admin/servers/retry-failed', payload, headers: { cookie: staff[role] } });
  const audits = (targetId: string) =>
    t.database.query<{ action: string; reason: string | null; actor_role: string }>('select action, reason, actor_role from audit_log where target_id = $1', [targetId]);

  it('retries the chosen failed servers, each audited with the reason; one refunded or not failed is reported, not retried', async () => {
    const owner = await createUser(t);
    const now = clock.now();
    const a = await insertPaidServer(t.database.db, owner.id, { name: 'Alpha', status: 'failed', createdAt: now });
    const b = await insertPaidServer(t.database.db, owner.id, { name: 'Bravo', status: 'failed', createdAt: now });
    const refunded = await insertPaidServer(t.database.db, owner.id, { name: 'Refunded', status: 'failed', createdAt: now });
    await t.database.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, refunded.orderId));
    // Not failed: the start-up sweep leaves a stopped server alone (an installing one it would take up).
    const installing = await insertPaidServer(t.database.db, owner.id, { name: 'Busy', status: 'offline', createdAt: now });
    const chosen = [a.serverId, b.serverId, refunded.serverId, installing.serverId];

    expect((await retry({ serverIds: chosen, reason: 'Panel back after the upgrade' }, 'customer')).statusCode).toBe(403);
    expect((await retry({ serverIds: chosen })).statusCode).toBe(400);
    expect((await retry({ serverIds: [], reason: 'Panel back after the upgrade' })).statusCode).toBe(400);
    expect((await retry({ serverIds: ['nope'], reason: 'Panel back after the upgrade' })).statusCode).toBe(400);
    expect(await audits(a.serverId)).toEqual([]);

    await t.app.provisioning.startWorkers();
    const res = await retry({ serverIds: [...chosen, a.serverId], reason: 'Panel back after the upgrade' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.retried).toBe(2);
    expect(body.results).toEqual([
      { id: a.serverId, name: 'Alpha', ok: true, message: null },
      { id: b.serverId, name: 'Bravo', ok: true, message: null },
      { id: refunded.serverId, name: null, ok: false, message: expect.stringMatching(/already refunded/) },
      { id: installing.serverId, name: null, ok: false, message: expect.stringMatching(/this one is offline/) },
    ]);
    for (const { serverId } of [a, b]) {
      expect(await audits(serverId)).toEqual([{ action: 'server.retried', reason: 'Panel back after the upgrade', actor_role: 'support' }]);
      await waitFor(async () => (await serverRow(t.database.db, serverId)).status === 'online', 'online after the bulk retry');
    }
    expect(await audits(refunded.serverId)).toEqual([]);
    expect(await audits(installing.serverId)).toEqual([]);
  });
});
