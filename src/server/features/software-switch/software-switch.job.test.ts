import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { softwareSwitches } from '../../db/schema';
import type { GamePanel } from '../../integrations/panel/game-panel';
import { activityMessages, provisionOnlineServer, serverRow, waitFor } from '../../jobs/provisioning.fixtures';
import { createJobQueue, type JobQueue } from '../../jobs/queue';
import { createSoftwareSwitchJobs, SOFTWARE_SWITCH_QUEUE } from '../../jobs/software-switch';
import { createSignedInUser, createTestApp, dbKinds, manualClock, type TestContext } from '../../test/test-app';
import { openSwitchIds } from './software-switch.repository';
import { advanceSoftwareSwitch } from './software-switch.steps';

const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

/** The switch as the durable pg-boss job runs it: to the end, and resumed once after its worker died. */
describe.each(dbKinds)('software switch job on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock();
  const running: JobQueue[] = [];
  let pending: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, {
      clock,
      env: { SIM_PANEL_INSTALL_SECONDS: '0' },
      checkout: { softwareSwitches: { enqueue: async (id: string) => void pending.push(id) } },
    });
  });
  afterEach(async () => {
    for (const queue of running.splice(0)) {
      await queue.boss.purgeQueue(SOFTWARE_SWITCH_QUEUE).catch(() => undefined);
      await queue.stop(1_000);
    }
  });
  afterAll(async () => t?.close());

  function harness(panel: GamePanel) {
    const queue = createJobQueue(t.database, { pollingIntervalSeconds: 0.5, log: quietLog });
    running.push(queue);
    const deps = { ...t.app.softwareSwitches, panel };
    const jobs = createSoftwareSwitchJobs({
      queue,
      log: quietLog,
      options: { attempts: 3, retryDelaySeconds: 0, pollSeconds: 0.1, concurrency: 1, singleProcess: true },
      run: (id, options) => advanceSoftwareSwitch(deps, id, options),
      openSwitches: () => openSwitchIds(t.database.db),
    });
    return { queue, jobs };
  }

  const statusOf = async (id: string) => (await t.database.db.select().from(softwareSwitches).where(eq(softwareSwitches.id, id)))[0]?.status;
  /** Waits, moving the panel's clock on as real time passes (the queue runs on real time). */
  const until = (check: () => Promise<boolean>, what: string) =>
    waitFor(async () => {
      clock.advance(1_000);
      return check();
    }, what, 30_000);

  async function switchOn(name: string) {
    const user = await createSignedInUser(t);
    const { serverId } = await provisionOnlineServer({ db: t.database.db, clock, panel: t.app.panel, events: t.app.events }, user.id, { name, createdAt: clock.now() });
    pending = [];
    const res = await t.app.inject({ method: 'POST', url: `/api/servers/${serverId}/software-switch`, payload: { software: 'paper', version: '1.21.1' }, headers: { cookie: user.cookie } });
    expect(res.statusCode, res.body).toBe(202);
    return { user, serverId, id: res.json().switch.id as string };
  }

  it('runs the steps to the end: the server online on Paper', async () => {
    const { user, serverId, id } = await switchOn('Job Valley');
    const { jobs } = harness(t.app.panel);
    await jobs.startWorkers();
    await jobs.enqueue(id);
    await until(async () => (await statusOf(id)) === 'succeeded', 'the switch to succeed');
    expect(await serverRow(t.database.db, serverId)).toMatchObject({ software: 'paper', softwareVersion: '1.21.1', status: 'online' });
    expect((await activityMessages(t.database.db, user.id)).filter((m) => m.startsWith('Job Valley now runs Paper'))).toHaveLength(1);
  });

  it('a worker killed in the middle of the reinstall: the next process resumes the switch, which ends exactly once', async () => {
    const { user, serverId, id } = await switchOn('Crash Valley');
    let reached!: () => void;
    const atReinstall = new Promise<void>((r) => (reached = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const real = t.app.panel;
    const hanging: GamePanel = {
      ...real,
      async reinstall(ref, software) {
        await real.reinstall(ref, software);
        reached();
        await gate;
      },
    };

    const first = harness(hanging);
    await first.jobs.startWorkers();
    await first.jobs.enqueue(id);
    await until(async () => {
      await Promise.race([atReinstall, new Promise((r) => setTimeout(r, 20))]);
      return (await t.database.db.select().from(softwareSwitches).where(eq(softwareSwitches.id, id)))[0]?.reinstallAskedAt !== null;
    }, 'the reinstall asked for');
    await atReinstall;
    // The process dies: its worker stops fetching and the job is left active.
    await first.queue.boss.offWork(SOFTWARE_SWITCH_QUEUE);

    // The next process releases the orphaned job (PGlite's start-up) and finds the open switch.
    const second = harness(real);
    await second.jobs.startWorkers();
    await until(async () => (await statusOf(id)) === 'succeeded', 'the resumed switch to succeed');

    // The old worker wakes up late: it must not move or announce anything again.
    release();
    await new Promise((r) => setTimeout(r, 500));
    expect(await statusOf(id)).toBe('succeeded');
    expect(await serverRow(t.database.db, serverId)).toMatchObject({ software: 'paper', status: 'online' });
    const messages = await activityMessages(t.database.db, user.id);
    expect(messages.filter((m) => m.startsWith('Crash Valley now runs Paper 1.21.1'))).toHaveLength(1);
    expect(messages.filter((m) => m.startsWith('Switching Crash Valley'))).toHaveLength(1);
  });
});
