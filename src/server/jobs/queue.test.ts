import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { dbKinds, openTestDatabase } from '../test/test-app';
import { createJobQueue } from './queue';

const log = { info: () => {}, warn: () => {}, error: () => {} };

async function stateOf(database: Database, id: string) {
  const [row] = await database.query<{ state: string }>('select state from pgboss.job where id = $1', [id]);
  return row?.state;
}

describe.each(dbKinds)('pg-boss job queue on %s', (kind) => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase(kind));
  });
  afterAll(async () => dispose?.());

  it("installs pg-boss's schema, keeps one queued job per singleton key and runs it", async () => {
    const queue = createJobQueue(database, { pollingIntervalSeconds: 0.5, log });
    await queue.createQueue('q-singleton', { policy: 'short', retryLimit: 0 });
    const first = await queue.send('q-singleton', { n: 1 }, { singletonKey: 'k' });
    const second = await queue.send('q-singleton', { n: 2 }, { singletonKey: 'k' });
    expect(first).toBeTruthy();
    expect(second).toBeNull();
    expect(await queue.hasLiveJob('q-singleton', 'k')).toBe(true);
    const seen: unknown[] = [];
    await queue.work<{ n: number }>('q-singleton', 1, async (job) => void seen.push(job.data));
    await expect.poll(() => seen, { timeout: 5_000 }).toEqual([{ n: 1 }]);
    await expect.poll(() => queue.hasLiveJob('q-singleton', 'k'), { timeout: 5_000 }).toBe(false);
    await queue.stop();
  });

  it('stops gracefully: a running job finishes; one that outlasts the timeout goes back to retry', async () => {
    const queue = createJobQueue(database, { pollingIntervalSeconds: 0.5, log });
    await queue.createQueue('q-stop', { retryLimit: 2, retryDelay: 0 });
    let finish!: () => void;
    const running = new Promise<void>((r) => (finish = r));
    let started!: () => void;
    const begun = new Promise<void>((r) => (started = r));
    await queue.work('q-stop', 1, async () => {
      started();
      await running;
    });
    const quick = await queue.send('q-stop', {});
    await begun;
    const stopping = queue.stop(5_000);
    setTimeout(finish, 300);
    await stopping;
    expect(await stateOf(database, quick!)).toBe('completed');

    const second = createJobQueue(database, { pollingIntervalSeconds: 0.5, log });
    await second.createQueue('q-stop', { retryLimit: 2, retryDelay: 0 });
    let begunAgain!: () => void;
    const hung = new Promise<void>((r) => (begunAgain = r));
    await second.work('q-stop', 1, async () => {
      begunAgain();
      await new Promise(() => undefined);
    });
    const slow = await second.send('q-stop', {});
    await hung;
    await second.stop(1_000);
    expect(await stateOf(database, slow!)).toBe('retry');
  });

  it('never runs two jobs of one key at once: the later one waits until the first has finished', async () => {
    const queue = createJobQueue(database, { pollingIntervalSeconds: 0.5, log });
    await queue.createQueue('q-one-at-a-time', { policy: 'short', retryLimit: 0 });
    let finish!: () => void;
    const gate = new Promise<void>((r) => (finish = r));
    const events: string[] = [];
    let running = 0;
    await queue.work<{ n: number }>('q-one-at-a-time', 2, async (job) => {
      running += 1;
      events.push(`start ${job.data.n} (${running} running)`);
      if (job.data.n === 1) await gate;
      events.push(`end ${job.data.n}`);
      running -= 1;
    });
    await queue.send('q-one-at-a-time', { n: 1 }, { singletonKey: 'move' });
    await expect.poll(() => events, { timeout: 5_000 }).toEqual(['start 1 (1 running)']);
    // The first is running, so the short policy lets a second of its key be queued: it must wait.
    await queue.send('q-one-at-a-time', { n: 2 }, { singletonKey: 'move' });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(events).toEqual(['start 1 (1 running)']);
    finish();
    await expect.poll(() => events, { timeout: 5_000 }).toEqual(['start 1 (1 running)', 'end 1', 'start 2 (1 running)', 'end 2']);
    await queue.stop();
  });
});
