import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { simPanelServers } from '../../db/schema';
import type { GamePanel } from '../../integrations/panel/game-panel';
import { activityMessages, serverRow, waitFor } from '../../jobs/provisioning.fixtures';
import { createJobQueue, type JobQueue } from '../../jobs/queue';
import { createMoveJobs, REGION_MOVE_QUEUE, REGION_MOVE_SWEEP_QUEUE } from '../../jobs/region-move';
import { createTestApp, dbKinds, manualClock, readMailbox, type TestContext } from '../../test/test-app';
import { post } from '../billing/billing.fixtures';
import type { RegionMoveDeps } from './region-move-deps';
import { moveExternalId, runMove } from './region-move-run';
import { sweepMoves } from './region-moves.service';
import { customerWithServer, moveOf, simRow } from './region-moves.fixtures';

const quietLog = { info: () => {}, warn: () => {}, error: vi.fn() };

describe.each(dbKinds)('the region move job on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2030-01-15T12:00:00Z'));
  const running: JobQueue[] = [];
  let ticker: NodeJS.Timeout | null = null;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SIM_PANEL_INSTALL_SECONDS: '0' }, checkout: { moves: { enqueue: async () => {} } } });
  });
  afterEach(async () => {
    if (ticker) clearInterval(ticker);
    for (const queue of running.splice(0)) {
      await queue.boss.purgeQueue(REGION_MOVE_QUEUE).catch(() => undefined);
      await queue.boss.purgeQueue(REGION_MOVE_SWEEP_QUEUE).catch(() => undefined);
      await queue.stop(1_000);
    }
  });
  afterAll(async () => t?.close());

  /** One worker process: its own queue connection and job, running moves on `panel`. */
  function worker(panel: GamePanel) {
    const queue = createJobQueue(t.database, { pollingIntervalSeconds: 0.5, log: quietLog });
    running.push(queue);
    const deps: RegionMoveDeps = { ...t.app.regionMoves, panel };
    const jobs = createMoveJobs({
      queue,
      log: quietLog,
      options: { attempts: 3, retryDelaySeconds: 0, concurrency: 2, pollSeconds: 0.2, singleProcess: true },
      run: (moveId, options) => runMove(deps, moveId, options),
      sweep: () => sweepMoves(deps),
    });
    deps.moves = jobs;
    return { queue, jobs };
  }

  it('resumes a move whose worker was killed after restoring the backup, and ends it exactly once', { timeout: 90_000 }, async () => {
    const { user, serverId, server: before } = await customerWithServer(t, clock);
    const res = await post(t, `/api/servers/${serverId}/move`, user.cookie, { location: 'eu-west' });
    expect(res.statusCode, res.body).toBe(202);
    const moveId = res.json().id as string;

    const real = t.app.panel;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let reached!: () => void;
    const restored = new Promise<void>((r) => (reached = r));
    const hanging: GamePanel = {
      ...real,
      async copyBackup(from, backupId, to) {
        await real.copyBackup(from, backupId, to);
        reached();
        await gate;
      },
    };
    // The sim's stop, backup and start take seconds of its clock: let them pass.
    ticker = setInterval(() => clock.advance(1_000), 40);

    const first = worker(hanging);
    await first.jobs.enqueue(moveId);
    await first.jobs.startWorkers();
    await restored;
    // The process dies in the middle of the restore step: its job is left active.
    await first.queue.boss.offWork(REGION_MOVE_QUEUE);
    expect((await moveOf(t, moveId)).step).toBe('restore');

    const second = worker(real);
    await second.jobs.startWorkers();
    await waitFor(async () => (await moveOf(t, moveId)).status === 'completed', 'the move completed after the restart', 30_000);

    // The dead worker wakes up late: nothing is created, switched, announced or mailed again.
    release();
    await new Promise((r) => setTimeout(r, 500));
    const move = await moveOf(t, moveId);
    expect(move).toMatchObject({ status: 'completed', step: null });
    const after = await serverRow(t.database.db, serverId);
    expect(after).toMatchObject({ location: 'eu-west', panelServerId: move.newPanelServerId });
    expect(await simRow(t, before.panelServerId!)).toBeNull();
    expect(await t.database.db.select().from(simPanelServers).where(eq(simPanelServers.externalId, moveExternalId(move)))).toHaveLength(1);
    const messages = await activityMessages(t.database.db, user.id);
    expect(messages.filter((m) => m.startsWith('Server moved from US West (California) to EU West (Amsterdam)'))).toHaveLength(1);
    expect((await readMailbox(t, user.email)).filter((m) => m.subject === 'Creeper Valley now runs in EU West (Amsterdam)')).toHaveLength(1);
  });
});
