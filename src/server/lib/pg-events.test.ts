import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { dbKinds, openTestDatabase } from '../test/test-app';
import type { ChangeEvent, EventBus } from './events';
import { createPgEventBus, eventBusFor } from './pg-events';

const log = { warn: () => {} };

describe('eventBusFor', () => {
  it('is in-process without a connection string (PGlite)', async () => {
    const bus = eventBusFor({ query: async () => [] }, log);
    const got: ChangeEvent[] = [];
    bus.subscribe('u1', (e) => got.push(e));
    bus.publish('u1', { topic: 'servers', id: 's1' });
    expect(got).toEqual([{ topic: 'servers', id: 's1' }]);
    await bus.close();
  });
});

describe.runIf(dbKinds.includes('postgres'))('LISTEN/NOTIFY event bus', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  const buses: EventBus[] = [];
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase('postgres'));
  });
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    await dispose?.();
  });

  function bus() {
    const b = createPgEventBus({
      connectionString: database.connectionString!,
      query: (sql, params) => database.query(sql, params),
      log,
      channel: 'test_changes',
    });
    buses.push(b);
    return b;
  }

  it('delivers to the other instance once, and to its own listeners once, not twice', async () => {
    const a = bus();
    const b = bus();
    const onA: ChangeEvent[] = [];
    const onB: ChangeEvent[] = [];
    a.subscribe('ada', (e) => onA.push(e));
    b.subscribe('ada', (e) => onB.push(e));
    b.subscribe('bob', () => onB.push({ topic: 'stats', id: 'wrong user' }));
    await a.ready?.();
    await b.ready?.();

    a.publish('ada', { topic: 'servers', id: 's1' });
    await expect.poll(() => onB, { timeout: 5_000 }).toEqual([{ topic: 'servers', id: 's1' }]);
    await new Promise((r) => setTimeout(r, 200));
    expect(onA).toEqual([{ topic: 'servers', id: 's1' }]);
    expect(onB).toHaveLength(1);
  });

  it('reconnects its LISTEN connection when the database drops it', async () => {
    const a = bus();
    const b = bus();
    const onB: ChangeEvent[] = [];
    b.subscribe('ada', (e) => onB.push(e));
    await b.ready?.();
    await database.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'spawnpoint-events' and datname = current_database()",
    );
    // Notices sent while it is down are lost (clients refetch on reconnect); later ones arrive.
    await expect
      .poll(
        async () => {
          a.publish('ada', { topic: 'billing', id: 'after-drop' });
          await new Promise((r) => setTimeout(r, 100));
          return onB.some((e) => e.id === 'after-drop');
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe(true);
  });
});
