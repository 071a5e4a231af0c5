import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { dbKinds, openTestDatabase } from '../test/test-app';
import { waitFor } from './provisioning.fixtures';
import { createJobQueue, type JobQueue } from './queue';

const log = { info: () => {}, warn: () => {}, error: () => {} };
const timings = { heartbeatSeconds: 0.2, deadAfterSeconds: 1, sweepSeconds: 0.2 };

async function stateOf(database: Database, id: string) {
  const [row] = await database.query<{ state: string; retry_count: number }>('select state, retry_count from pgboss.job where id = $1', [id]);
  return row;
}

describe.each(dbKinds)('instances sharing the job queue on %s', (kind) => {
  let database: Database;
  let dispose: () => Promise<void>;
  const queues: JobQueue[] = [];
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase(kind));
  });
  afterAll(async () => {
    for (const q of queues) await q.stop(500);
    await dispose?.();
  });
  function instance(instanceTimings = timings) {
    const q = createJobQueue(database, { pollingIntervalSeconds: 0.5, instance: instanceTimings, log });
    queues.push(q);
    return q;
  }

  it('leaves a long job of a live instance alone, however long it runs', async () => {
    // A 2 s threshold here: on a loaded 2-CPU machine a live instance's beat can be a second late.
    const patient = { ...timings, deadAfterSeconds: 2 };
    const a = instance(patient);
    const b = instance(patient);
    const options = { retryLimit: 3, retryDelay: 0, expireInSeconds: 300 };
    await a.createQueue('q-long', options);
    let runs = 0;
    let finish!: () => void;
    const done = new Promise<void>((r) => (finish = r));
    const handler = async () => {
      runs += 1;
      await done;
    };
    await a.work('q-long', 1, handler);
    const id = await a.send('q-long', {});
    await waitFor(async () => runs === 1, 'the job started');
    await b.work('q-long', 1, handler);
    // Three times the death threshold while its instance keeps beating.
    await new Promise((r) => setTimeout(r, 6_000));
    expect(await b.instance.sweep()).toEqual([]);
    expect(runs).toBe(1);
    finish();
    await waitFor(async () => (await stateOf(database, id!))?.state === 'completed', 'completed');
    expect(runs).toBe(1);
    const leases = await database.query('select * from job_leases where job_id = $1', [id]);
    expect(leases).toEqual([]);
  });

  it('judges no one after a freeze of its own: a stalled process does not take its live peers for dead', async () => {
    const a = instance();
    const b = instance();
    await a.createQueue('q-freeze', { retryLimit: 3, retryDelay: 0, expireInSeconds: 300 });
    let runs = 0;
    let finish!: () => void;
    const done = new Promise<void>((r) => (finish = r));
    const handler = async () => {
      runs += 1;
      await done;
    };
    await a.work('q-freeze', 1, handler);
    await b.work('q-freeze', 1, handler);
    const id = await a.send('q-freeze', {});
    await waitFor(async () => runs === 1, 'the job started');
    await new Promise((r) => setTimeout(r, 1_500));
    // The whole process (both instances) freezes for longer than the death threshold, as under a
    // loaded CI machine or a long GC pause; then both wake, and the sweeps run before a's heartbeat.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1_800);
    expect(await b.instance.sweep()).toEqual([]);
    await new Promise((r) => setTimeout(r, 2_000));
    expect(runs).toBe(1);
    finish();
    await waitFor(async () => (await stateOf(database, id!))?.state === 'completed', 'completed');
    expect(runs).toBe(1);
  });

  it('runs a dead instance’s job again at once, and exactly once', async () => {
    const a = instance();
    const b = instance();
    const options = { retryLimit: 3, retryDelay: 60, expireInSeconds: 300 };
    await a.createQueue('q-dead', options);
    let started!: () => void;
    const begun = new Promise<void>((r) => (started = r));
    await a.work('q-dead', 1, async () => {
      started();
      await new Promise(() => undefined);
    });
    const id = await a.send('q-dead', { n: 1 });
    await begun;
    // Killed: no heartbeat, no fetching; the job stays active with a's lease.
    a.instance.stop();
    await a.boss.offWork('q-dead');
    const ranOnB: unknown[] = [];
    await b.work<{ n: number }>('q-dead', 2, async (job) => void ranOnB.push(job.data));
    const t0 = Date.now();
    await waitFor(async () => (await stateOf(database, id!))?.state === 'completed', 'completed on the other instance', 10_000);
    // Neither the queue's retry delay (60 s) nor its expiry (300 s) was waited for.
    expect(Date.now() - t0).toBeLessThan(8_000);
    expect(ranOnB).toEqual([{ n: 1 }]);
    expect((await stateOf(database, id!))?.retry_count).toBe(1);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(ranOnB).toHaveLength(1);
    const alive = await database.query<{ id: string }>('select id from app_instances');
    expect(alive.map((r) => r.id)).toContain(b.instance.id);
  });
});
