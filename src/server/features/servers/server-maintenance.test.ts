import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTOMATIC_BACKUPS_QUEUE, SCHEDULED_RESTARTS_QUEUE, USAGE_SAMPLES_QUEUE } from '../../jobs/background-jobs';
import { activityMessages, provisionOnlineServer, serverRow } from '../../jobs/provisioning.fixtures';
import type { GamePanel } from '../../integrations/panel/game-panel';
import { randomIds } from '../../lib/runtime';
import { createSignedInUser, createTestApp, dbKinds, manualClock, type TestContext } from '../../test/test-app';
import { latestSlot } from './restart-schedule.service';
import { createServerMaintenance } from './server-maintenance';

const quiet = { info() {}, warn() {}, error() {} };

describe('restart slots', () => {
  it('is the latest HH:MM UTC not after now', () => {
    const now = new Date('2030-01-15T12:00:00Z');
    expect(latestSlot('04:30', now).toISOString()).toBe('2030-01-15T04:30:00.000Z');
    expect(latestSlot('12:00', now).toISOString()).toBe('2030-01-15T12:00:00.000Z');
    expect(latestSlot('12:01', now).toISOString()).toBe('2030-01-14T12:01:00.000Z');
  });
});

describe.each(dbKinds)('server maintenance jobs on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2030-01-15T03:58:00Z'));
  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SIM_PANEL_INSTALL_SECONDS: '0' } });
  });
  afterAll(async () => t?.close());

  const online = (userId: string, name: string) =>
    provisionOnlineServer({ db: t.database.db, clock, panel: t.app.panel, events: t.app.events }, userId, { name });
  const maintenance = (panel: GamePanel = t.app.panel) =>
    createServerMaintenance({ db: t.database.db, clock, ids: randomIds, panel, events: t.app.events, log: quiet });

  it('restarts a running server at its time once a day, and leaves a stopped one alone', async () => {
    const ada = await createSignedInUser(t);
    const running = await online(ada.id, 'Night Owl');
    const stopped = await online(ada.id, 'Sleeper');
    for (const s of [running, stopped]) {
      const res = await t.app.inject({ method: 'PUT', url: `/api/servers/${s.serverId}/restart-schedule`, headers: { cookie: ada.cookie }, payload: { time: '04:00' } });
      expect(res.statusCode).toBe(200);
    }
    await t.app.inject({ method: 'POST', url: `/api/servers/${stopped.serverId}/power`, headers: { cookie: ada.cookie }, payload: { action: 'stop' } });
    clock.advance(60_000);
    const m = maintenance();
    expect(await m.runScheduledRestarts()).toBe(0);

    clock.advance(60_000);
    expect(await m.runScheduledRestarts()).toBe(1);
    expect((await serverRow(t.database.db, running.serverId)).status).toBe('stopping');
    expect(await m.runScheduledRestarts()).toBe(0);
    expect(await activityMessages(t.database.db, ada.id)).toContain('Server Night Owl restarted on schedule');
    clock.advance(9_000);
    await m.sampleUsage();
    expect((await serverRow(t.database.db, running.serverId)).status).toBe('online');
    expect((await serverRow(t.database.db, stopped.serverId)).status).toBe('offline');

    clock.advance(86_400_000);
    expect(await m.runScheduledRestarts()).toBe(1);
  });

  it('skips a slot missed by more than 10 minutes (the app was down)', async () => {
    const ada = await createSignedInUser(t);
    const { serverId } = await online(ada.id, 'Late');
    const now = clock.now();
    const time = new Date(now.getTime() + 60_000).toISOString().slice(11, 16);
    await t.app.inject({ method: 'PUT', url: `/api/servers/${serverId}/restart-schedule`, headers: { cookie: ada.cookie }, payload: { time } });
    clock.advance(20 * 60_000);
    expect(await maintenance().runScheduledRestarts()).toBe(0);
    expect((await serverRow(t.database.db, serverId)).status).toBe('online');
  });

  it('samples usage once a minute for a panel without its own history, and the chart reads the samples', async () => {
    const ada = await createSignedInUser(t);
    const { serverId } = await online(ada.id, 'Sampled');
    const { usageHistory: _own, ...withoutHistory } = t.app.panel;
    const m = maintenance(withoutHistory);
    for (let i = 0; i < 5; i += 1) {
      expect(await m.sampleUsage()).toBeGreaterThan(0);
      await m.sampleUsage();
      clock.advance(60_000);
    }
    const rows = await t.database.query<{ at: Date }>('select at from server_usage_samples where server_id = $1', [serverId]);
    expect(rows).toHaveLength(5);
  });

  it('registers the three crons when the workers start', async () => {
    await t.app.jobs.start();
    const names = (await t.app.jobs.queue.boss.getSchedules()).map((s) => s.name).sort();
    expect(names).toEqual(expect.arrayContaining([AUTOMATIC_BACKUPS_QUEUE, SCHEDULED_RESTARTS_QUEUE, USAGE_SAMPLES_QUEUE]));
  });
});
