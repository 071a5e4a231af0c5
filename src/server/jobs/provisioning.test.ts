import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { panelAccounts, simPanelServers } from '../db/schema';
import { PanelError, type GamePanel } from '../integrations/panel/game-panel';
import { createSimPanel } from '../integrations/panel/sim-panel';
import { createInProcessBus, type ChangeEvent } from '../lib/events';
import { randomIds } from '../lib/runtime';
import { createTestApp, createUser, dbKinds, manualClock, type TestContext } from '../test/test-app';
import { setFailNextInstalls } from '../integrations/panel/sim-panel-settings';
import { createProvisioning, PROVISION_QUEUE, REFUND_FAILED_QUEUE, type ProvisioningOptions } from './provisioning';
import { activityMessages, insertPaidServer, serverRow, waitFor } from './provisioning.fixtures';
import type { InstanceOptions } from './instances';
import { createJobQueue, type JobQueue } from './queue';
import type { StaffAlert } from '../lib/staff-alert';

const quietLog = { info: () => {}, warn: () => {}, error: vi.fn() };

describe.each(dbKinds)('provisioning job on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock();
  const running: JobQueue[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { PUBLIC_URL: 'https://spawnpoint.test' } });
  });
  afterEach(async () => {
    for (const queue of running.splice(0)) {
      await queue.boss.purgeQueue(PROVISION_QUEUE).catch(() => undefined);
      await queue.boss.purgeQueue(REFUND_FAILED_QUEUE).catch(() => undefined);
      await queue.stop(1_000);
    }
  });
  afterAll(async () => t?.close());

  const sim = (capacityByLocation: Record<string, number> = {}) =>
    createSimPanel(
      { db: t.database.db, clock, ids: randomIds },
      { installSeconds: 20, capacity: 50, capacityByLocation, publicUrl: 'https://spawnpoint.test' },
    );

  function harness(options: {
    panel?: GamePanel;
    refundOrder?: (orderId: string, reason: string) => Promise<void>;
    provisioning?: Partial<ProvisioningOptions>;
    maintenanceIntervalSeconds?: number;
    refundGraceMs?: number;
    instance?: Partial<InstanceOptions>;
  } = {}) {
    const queue = createJobQueue(t.database, {
      pollingIntervalSeconds: 0.5,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
      instance: options.instance,
      log: quietLog,
    });
    running.push(queue);
    const bus = createInProcessBus();
    const published: { userId: string; event: ChangeEvent }[] = [];
    const events = { ...bus, publish: (userId: string, event: ChangeEvent) => void published.push({ userId, event }) };
    const refundOrder = vi.fn(options.refundOrder ?? (async () => {}));
    const raised: StaffAlert[] = [];
    const alerts = { raise: vi.fn(async (alert: StaffAlert) => void raised.push(alert)) };
    const serverReady = vi.fn(async (_server: { id: string }) => {});
    const provisioning = createProvisioning({
      db: t.database.db,
      clock,
      ids: randomIds,
      panel: options.panel ?? sim(),
      events,
      log: quietLog,
      refundOrder,
      installTimeoutMs: 10 * 60_000,
      refundGraceMs: options.refundGraceMs,
      alerts,
      serverReady,
      queue,
      options: {
        attempts: 3,
        retryDelaySeconds: 0,
        retryWindowSeconds: 0,
        pollSeconds: 0.2,
        concurrency: 2,
        expireInSeconds: 60,
        sweepIntervalMs: 0,
        singleProcess: true,
        ...options.provisioning,
      },
    });
    return { queue, provisioning, published, refundOrder, raised, serverReady };
  }

  const status = (serverId: string) => async () => (await serverRow(t.database.db, serverId)).status;
  const isStatus = (serverId: string, expected: string) => async () => (await status(serverId)()) === expected;
  const simRows = (serverId: string) =>
    t.database.db.select().from(simPanelServers).where(eq(simPanelServers.externalId, serverId));
  const jobsFor = async (serverId: string) =>
    t.database.query<{ state: string }>('select state from pgboss.job where name = $1 and singleton_key = $2', [
      PROVISION_QUEUE,
      serverId,
    ]);

  it('takes a paid server from provisioning through installing to online, once', async () => {
    const user = await createUser(t);
    const { serverId } = await insertPaidServer(t.database.db, user.id);
    const h = harness();
    await Promise.all([h.provisioning.enqueue(serverId), h.provisioning.enqueue(serverId), h.provisioning.enqueue(serverId)]);
    expect(await jobsFor(serverId)).toHaveLength(1);

    await h.provisioning.startWorkers();
    await waitFor(isStatus(serverId, 'installing'), 'installing');
    const installing = await serverRow(t.database.db, serverId);
    expect(installing).toMatchObject({ ip: '198.51.100.10', panelUrl: 'https://spawnpoint.test/dashboard/services' });
    expect(installing.port).toBeGreaterThanOrEqual(25565);
    expect(installing.panelServerId).toBeTruthy();
    expect(installing.panelIdentifier).toBe(installing.panelServerId?.slice(0, 8));

    // Still installing: the job looks again later rather than holding a worker.
    await new Promise((r) => setTimeout(r, 600));
    expect(await status(serverId)()).toBe('installing');
    clock.advance(20_000);
    await waitFor(isStatus(serverId, 'online'), 'online');

    await h.provisioning.enqueue(serverId);
    await new Promise((r) => setTimeout(r, 800));
    expect(await status(serverId)()).toBe('online');
    expect(await simRows(serverId)).toHaveLength(1);
    const messages = await activityMessages(t.database.db, user.id);
    expect(messages.filter((m) => m === 'Server Creeper Valley is online')).toHaveLength(1);
    expect(messages.filter((m) => m.includes('was created in US West (California)'))).toHaveLength(1);
    // 'Your server is ready' is asked for once, with the address it got (decision 061).
    expect(h.serverReady).toHaveBeenCalledTimes(1);
    expect(h.serverReady.mock.calls[0]).toMatchObject([{ id: serverId, status: 'online', ip: '198.51.100.10' }]);
    expect(h.published.filter((p) => p.event.id === serverId)).toEqual([
      { userId: user.id, event: { topic: 'servers', id: serverId } },
      { userId: user.id, event: { topic: 'servers', id: serverId } },
    ]);
    const [account] = await t.database.db.select().from(panelAccounts).where(eq(panelAccounts.userId, user.id));
    expect(account?.panelUserId).toBe(`sim-user-${user.id}`);
  });

  it('resumes a job killed after the panel created the server: one panel server, online once', async () => {
    const user = await createUser(t);
    const { serverId } = await insertPaidServer(t.database.db, user.id, { name: 'Crash Test' });
    const real = sim();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let reached!: () => void;
    const createdOnPanel = new Promise<void>((r) => (reached = r));
    const hanging: GamePanel = {
      ...real,
      async createServer(input) {
        const server = await real.createServer(input);
        reached();
        await gate;
        return server;
      },
    };

    const first = harness({ panel: hanging });
    await first.provisioning.enqueue(serverId);
    await first.provisioning.startWorkers();
    await createdOnPanel;
    // The process dies: its workers stop fetching and the job is left active.
    await first.queue.boss.offWork(PROVISION_QUEUE);
    expect((await jobsFor(serverId)).map((j) => j.state)).toEqual(['active']);

    const second = harness({ panel: real });
    await second.provisioning.startWorkers();
    await waitFor(isStatus(serverId, 'installing'), 'installing after the restart');
    clock.advance(20_000);
    await waitFor(isStatus(serverId, 'online'), 'online after the restart');

    // The old worker wakes up late: it must not create, move or announce anything again.
    release();
    await new Promise((r) => setTimeout(r, 500));
    expect(await status(serverId)()).toBe('online');
    expect(await simRows(serverId)).toHaveLength(1);
    const messages = await activityMessages(t.database.db, user.id);
    expect(messages.filter((m) => m === 'Server Crash Test is online')).toHaveLength(1);
    expect(messages.filter((m) => m.includes('Crash Test was created'))).toHaveLength(1);
    expect([...first.published, ...second.published].filter((p) => p.event.id === serverId)).toHaveLength(2);
  });

  it('another instance takes over a job whose instance stopped answering mid-provisioning, long before the expiry', async () => {
    const user = await createUser(t);
    const { serverId } = await insertPaidServer(t.database.db, user.id, { name: 'Killed Midway' });
    const real = sim();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let reached!: () => void;
    const createdOnPanel = new Promise<void>((r) => (reached = r));
    const hanging: GamePanel = {
      ...real,
      async createServer(input) {
        const server = await real.createServer(input);
        reached();
        await gate;
        return server;
      },
    };
    // Several instances on one database: no start-up release; pg-boss's own expiry stays at 5 minutes.
    const timings = { heartbeatSeconds: 0.2, deadAfterSeconds: 1, sweepSeconds: 0.2 };
    const first = harness({ panel: hanging, provisioning: { singleProcess: false, expireInSeconds: 300 }, instance: timings });
    const second = harness({ panel: real, provisioning: { singleProcess: false, expireInSeconds: 300 }, instance: timings });
    await first.provisioning.enqueue(serverId);
    await first.provisioning.startWorkers();
    await createdOnPanel;
    const [lease] = await t.database.query<{ instance_id: string }>(
      'select l.instance_id from job_leases l join pgboss.job j on j.id = l.job_id where j.singleton_key = $1',
      [serverId],
    );
    expect(lease?.instance_id).toBe(first.queue.instance.id);

    // SIGKILL, as far as the others can tell: no more heartbeats, no more fetching, the job left active.
    first.queue.instance.stop();
    await first.queue.boss.offWork(PROVISION_QUEUE);
    const killedAt = Date.now();
    await second.provisioning.startWorkers();
    await waitFor(isStatus(serverId, 'installing'), 'installing on the other instance', 10_000);
    expect(Date.now() - killedAt).toBeLessThan(10_000);
    clock.advance(20_000);
    await waitFor(isStatus(serverId, 'online'), 'online');

    // The killed run never comes back in real life; even if it did, nothing happens twice.
    release();
    await new Promise((r) => setTimeout(r, 500));
    expect(await simRows(serverId)).toHaveLength(1);
    const messages = await activityMessages(t.database.db, user.id);
    expect(messages.filter((m) => m === 'Server Killed Midway is online')).toHaveLength(1);
    expect(messages.filter((m) => m.includes('Killed Midway was created'))).toHaveLength(1);
    const jobs = await jobsFor(serverId);
    expect(jobs.filter((j) => j.state === 'active' || j.state === 'retry' || j.state === 'created')).toEqual([]);
  });

  it('without a start-up release (several workers on PostgreSQL), a dead worker\'s job expires and is retried', async () => {
    const user = await createUser(t);
    const { serverId } = await insertPaidServer(t.database.db, user.id);
    const first = harness({ provisioning: { expireInSeconds: 1 } });
    await first.provisioning.enqueue(serverId);
    // As a worker that fetched the job and then died leaves it: active, started a while ago.
    await t.database.query(
      `update pgboss.job set state = 'active', started_on = now() - interval '1 minute' where name = $1 and singleton_key = $2`,
      [PROVISION_QUEUE, serverId],
    );
    const second = harness({ provisioning: { singleProcess: false }, maintenanceIntervalSeconds: 1 });
    await second.provisioning.startWorkers();
    await new Promise((r) => setTimeout(r, 300));
    expect((await jobsFor(serverId)).map((j) => j.state)).toEqual(['active']);
    clock.advance(20_000);
    await waitFor(async () => ['installing', 'online'].includes(await status(serverId)()), 'the expired job retried', 20_000);
    clock.advance(20_000);
    await waitFor(isStatus(serverId, 'online'), 'online');
    expect(await simRows(serverId)).toHaveLength(1);
  });

  it('a staff retry while the failed run\'s job is still finishing queues the server again, and runs it after that job', async () => {
    const user = await createUser(t);
    const { serverId } = await insertPaidServer(t.database.db, user.id);
    const h = harness({ provisioning: { singleProcess: false } });
    // The failed run's job: it has written 'failed' and not yet finished (fetched, not completed).
    await h.provisioning.enqueue(serverId);
    const [finishing] = await h.queue.boss.fetch(PROVISION_QUEUE);
    expect(finishing).toBeDefined();
    // enqueue leaves a server with a running job alone; the staff retry's restart does not.
    await h.provisioning.enqueue(serverId);
    expect(await jobsFor(serverId)).toHaveLength(1);
    await h.provisioning.restart(serverId);
    expect((await jobsFor(serverId)).map((j) => j.state).sort()).toEqual(['active', 'created']);

    await h.provisioning.startWorkers();
    // Never beside the running one: it waits for it.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await status(serverId)()).toBe('provisioning');
    expect(await simRows(serverId)).toHaveLength(0);
    await h.queue.boss.complete(PROVISION_QUEUE, finishing!.id);
    await waitFor(isStatus(serverId, 'installing'), 'installing after the finishing job');
    expect(await simRows(serverId)).toHaveLength(1);
  });

  it('gives up after the attempts: failed with a reason, the order refunded once', async () => {
    const user = await createUser(t);
    const { serverId, orderId } = await insertPaidServer(t.database.db, user.id, { name: 'Doomed' });
    const createServer = vi.fn(async (_input: { externalId: string }): Promise<never> => {
      throw new PanelError('POST /api/application/servers: panel answered 503', true, 'panel_error', 503);
    });
    const h = harness({ panel: { ...sim(), createServer } });
    await h.provisioning.enqueue(serverId);
    await h.provisioning.startWorkers();
    await waitFor(isStatus(serverId, 'failed'), 'failed');
    await waitFor(async () => h.refundOrder.mock.calls.length > 0, 'the refund');
    await new Promise((r) => setTimeout(r, 800));

    // The start-up sweep may hand this harness other tests' leftovers: count this server only.
    expect(createServer.mock.calls.filter(([input]) => input.externalId === serverId)).toHaveLength(3);
    expect(h.refundOrder.mock.calls.filter(([id]) => id === orderId)).toEqual([[orderId, 'the server could not be set up']]);
    const row = await serverRow(t.database.db, serverId);
    expect(row.failureReason).toBe('We could not set up your server after several attempts. Your payment is refunded in full.');
    // Staff see each failed attempt and the panel's own words; the customer never does.
    expect(row.provisioningAttempts).toBe(3);
    expect(row.provisioningError).toBe('POST /api/application/servers: panel answered 503 (panel_error, HTTP 503)');
    const messages = await activityMessages(t.database.db, user.id);
    expect(messages.filter((m) => m.startsWith('Server Doomed could not be set up'))).toHaveLength(1);
    expect(h.published.filter((p) => p.event.id === serverId)).toHaveLength(1);
  });

  it('keeps retrying through a panel outage inside the retry window, and sets the server up once the panel is back', async () => {
    const user = await createUser(t);
    const { serverId, orderId } = await insertPaidServer(t.database.db, user.id, { name: 'Patient' });
    const real = sim();
    let down = true;
    const createServer = vi.fn(async (input: Parameters<GamePanel['createServer']>[0]) => {
      if (down) throw new PanelError('POST /api/application/servers: panel answered 503', true, 'panel_error', 503);
      return real.createServer(input);
    });
    const h = harness({ panel: { ...real, createServer }, provisioning: { retryWindowSeconds: 3600, retryDelaySeconds: 1, maxRetryDelaySeconds: 1 } });
    await h.provisioning.startWorkers();
    await h.provisioning.enqueue(serverId);
    const calls = () => createServer.mock.calls.filter(([input]) => input.externalId === serverId).length;
    // Past the attempts (3), and ten minutes of a panel upgrade: still waiting, not failed.
    await waitFor(async () => calls() >= 5, 'five tries');
    clock.advance(10 * 60_000);
    await waitFor(async () => calls() >= 6, 'a sixth try');
    expect(await status(serverId)()).toBe('provisioning');
    down = false;
    clock.advance(20_000);
    await waitFor(async () => ['installing', 'online'].includes(await status(serverId)()), 'set up after the outage');
    // The queue is the file's: a slow earlier test's failed server may be refunded by these workers.
    expect(h.refundOrder.mock.calls.filter(([id]) => id === orderId)).toEqual([]);
    expect(h.raised.filter((a) => a.link?.includes(serverId))).toEqual([]);
  });

  it('counts the server as failed once the retry window has passed, and alerts the staff who can retry it', async () => {
    const user = await createUser(t, { email: `window-${randomIds.uuid()}@example.test` });
    const { serverId } = await insertPaidServer(t.database.db, user.id, { name: 'Outlasted' });
    const createServer = vi.fn(async (_input: { externalId: string }): Promise<never> => {
      throw new PanelError('POST /api/application/servers: panel answered 502', true, 'panel_error', 502);
    });
    const h = harness({ panel: { ...sim(), createServer }, provisioning: { retryWindowSeconds: 3600, retryDelaySeconds: 1, maxRetryDelaySeconds: 1 }, refundGraceMs: 3_600_000 });
    await h.provisioning.startWorkers();
    await h.provisioning.enqueue(serverId);
    await waitFor(async () => createServer.mock.calls.filter(([input]) => input.externalId === serverId).length >= 4, 'four tries');
    expect(await status(serverId)()).toBe('provisioning');
    clock.advance(61 * 60_000);
    await waitFor(isStatus(serverId, 'failed'), 'failed after the window');
    const row = await serverRow(t.database.db, serverId);
    expect(row.failureReason).toMatch(/^We could not set up your server after several attempts\. Our team has been alerted/);
    // The staff alert follows the status change: wait for it rather than read it at once.
    await waitFor(async () => h.raised.some((a) => a.link === `/admin/servers/${serverId}`), 'the staff alert');
    const alert = h.raised.find((a) => a.link === `/admin/servers/${serverId}`);
    expect(alert).toMatchObject({ kind: 'provisioning_failed', subject: `Set-up failed: Outlasted (${user.email})` });
    expect(alert?.lines.join(' ')).toContain('panel answered 502');
  });

  it('gives up at once on a full location, and says which', async () => {
    const user = await createUser(t);
    const { serverId, orderId } = await insertPaidServer(t.database.db, user.id, { location: 'eu-west' });
    const panel = sim({ 'eu-west': 0 });
    const createServer = vi.fn(panel.createServer);
    const h = harness({ panel: { ...panel, createServer } });
    await h.provisioning.enqueue(serverId);
    await h.provisioning.startWorkers();
    // The start-up sweep may also refund an earlier test's failed server through this harness: wait for this one.
    await waitFor(async () => h.refundOrder.mock.calls.some(([id]) => id === orderId), 'the refund');
    expect(createServer.mock.calls.filter(([input]) => input.externalId === serverId)).toHaveLength(1);
    expect(h.refundOrder).toHaveBeenCalledWith(orderId, 'the server could not be set up');
    expect((await serverRow(t.database.db, serverId)).failureReason).toBe(
      'EU West (Amsterdam) has no free capacity right now, so we could not set up your server. Your payment is refunded in full.',
    );
  });

  it('deletes the panel server when the install fails, and retries a failing refund until it goes through', async () => {
    const user = await createUser(t);
    const { serverId, orderId } = await insertPaidServer(t.database.db, user.id);
    const real = sim();
    let refundTries = 0;
    const h = harness({
      panel: { ...real, getServer: async (id) => ({ ...(await real.getServer(id)), state: 'install_failed' }) },
      refundOrder: async () => {
        refundTries += 1;
        if (refundTries < 3) throw new Error('the payment provider is down');
      },
    });
    await h.provisioning.enqueue(serverId);
    await h.provisioning.startWorkers();
    await waitFor(async () => refundTries >= 3, 'the third refund try');
    expect(h.refundOrder).toHaveBeenCalledWith(orderId, 'the server could not be set up');
    expect((await serverRow(t.database.db, serverId)).failureReason).toBe(
      'The game failed to install on your server. Your payment is refunded in full.',
    );
    expect(await simRows(serverId)).toHaveLength(0);
  });

  it('with a refund grace, a failed server waits for staff; past the grace it is cleaned up and refunded', async () => {
    const user = await createUser(t);
    const { serverId, orderId } = await insertPaidServer(t.database.db, user.id, { name: 'Graceful' });
    await setFailNextInstalls(t.database.db, 1, clock.now());
    const h = harness({ refundGraceMs: 60 * 60_000 });
    await h.provisioning.enqueue(serverId);
    await h.provisioning.startWorkers();
    await waitFor(isStatus(serverId, 'installing'), 'installing');
    clock.advance(20_000);
    await waitFor(isStatus(serverId, 'failed'), 'failed');

    const failed = await serverRow(t.database.db, serverId);
    expect(failed.failureReason).toBe(
      'The game failed to install on your server. Our team has been alerted and is looking at it; if it cannot be fixed within an hour, your payment is refunded in full.',
    );
    expect(failed.provisioningAttempts).toBe(1);
    expect(failed.provisioningError).toBe('the install script failed (install_failed)');
    // The panel server stays for staff to look at, and nothing is refunded yet.
    expect(await simRows(serverId)).toHaveLength(1);
    expect(h.refundOrder.mock.calls.filter(([id]) => id === orderId)).toHaveLength(0);
    const refundJob = async () =>
      t.database.query<{ state: string; due: boolean }>(
        `select state, start_after > now() + interval '50 minutes' as due from pgboss.job where name = $1 and singleton_key = $2 and state = 'created'`,
        [REFUND_FAILED_QUEUE, serverId],
      );
    await waitFor(async () => (await refundJob()).length === 1, 'the refund job');
    expect((await refundJob())[0]?.due).toBe(true);

    // Run early (the grace is on the app's clock): it looks again later and refunds nothing.
    const runNow = () =>
      t.database.query(`update pgboss.job set start_after = now() where name = $1 and singleton_key = $2 and state = 'created'`, [
        REFUND_FAILED_QUEUE,
        serverId,
      ]);
    await runNow();
    await waitFor(
      async () => (await t.database.query(`select 1 from pgboss.job where name = $1 and singleton_key = $2 and state = 'completed'`, [REFUND_FAILED_QUEUE, serverId])).length === 1,
      'the early run',
    );
    await waitFor(async () => (await refundJob()).length === 1, 'the refund job again');
    expect(h.refundOrder.mock.calls.filter(([id]) => id === orderId)).toHaveLength(0);

    clock.advance(61 * 60_000);
    await runNow();
    await waitFor(async () => h.refundOrder.mock.calls.some(([id]) => id === orderId), 'the refund');
    await waitFor(async () => (await simRows(serverId)).length === 0, 'the panel server deleted');
    await waitFor(
      async () => (await serverRow(t.database.db, serverId)).failureReason === 'The game failed to install on your server. Your payment is refunded in full.',
      'the message updated',
    );
  });

  it('queues, at start-up, servers left unfinished with no job, and failed ones not yet refunded', async () => {
    const user = await createUser(t);
    const stuck = await insertPaidServer(t.database.db, user.id, { name: 'Forgotten' });
    const failed = await insertPaidServer(t.database.db, user.id, { name: 'Unrefunded', status: 'failed' });
    const h = harness();
    await h.provisioning.startWorkers();
    clock.advance(20_000);
    await waitFor(isStatus(stuck.serverId, 'installing'), 'installing');
    clock.advance(20_000);
    await waitFor(isStatus(stuck.serverId, 'online'), 'online');
    await waitFor(async () => h.refundOrder.mock.calls.some(([orderId]) => orderId === failed.orderId), 'the refund');
  });
});

describe.each(dbKinds)('provisioning through the app on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: { SIM_PANEL_INSTALL_SECONDS: '0' },
      jobs: {
        provisioningOptions: { retryDelaySeconds: 0, pollSeconds: 0.2, sweepIntervalMs: 0 },
        jobQueueOptions: { pollingIntervalSeconds: 0.5 },
      },
    });
  });
  afterAll(async () => t?.close());

  it('app.provisioning.enqueue and the started workers bring the server online', async () => {
    const user = await createUser(t);
    const { serverId } = await insertPaidServer(t.database.db, user.id);
    await t.app.jobs.start();
    const started = Date.now();
    await t.app.provisioning.enqueue(serverId);
    await waitFor(async () => (await serverRow(t.database.db, serverId)).status === 'online', 'online');
    // Woken by the send, not by the next poll.
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
