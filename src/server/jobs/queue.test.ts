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
});
