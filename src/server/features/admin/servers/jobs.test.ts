import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewals } from '../../../db/schema';
import { insertPaidServer } from '../../../jobs/provisioning.fixtures';
import { randomIds } from '../../../lib/runtime';
import { createSignedInUser, createTestApp, createUser, dbKinds, manualClock, type TestContext } from '../../../test/test-app';
import { nextCronRun } from './cron-next';

const TEST_QUEUE = 'staff-view-test';

describe.each(dbKinds)('the staff job queue view on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock();
  const staff = {} as Record<'admin' | 'support', string>;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    for (const role of ['admin', 'support'] as const) staff[role] = (await createSignedInUser(t, { role })).cookie;
  });
  afterAll(async () => t?.close());

  const get = (role: keyof typeof staff = 'support') => t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: { cookie: staff[role] } });
  const retry = (id: string, role: keyof typeof staff = 'admin', queue = TEST_QUEUE) =>
    t.app.inject({ method: 'POST', url: `/api/admin/jobs/${queue}/${id}/retry`, headers: { cookie: staff[role] } });
  const audit = (id: string) => t.database.query<{ action: string; actor_role: string }>('select action, actor_role from audit_log where target_id = $1', [id]);

  it('answers on a fresh app, before the queue ever started', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ failed: [], renewals: [] });
  });

  it('shows counts per queue, failed jobs with their error and server, renewal steps and schedules; admins retry failed jobs', async () => {
    const { boss } = t.app.jobs.queue;
    await t.app.jobs.queue.createQueue(TEST_QUEUE, { policy: 'standard', retryLimit: 0 });
    const serverId = randomIds.uuid();
    const failedId = (await t.app.jobs.queue.send(TEST_QUEUE, { serverId }, { retryLimit: 0 }))!;
    await boss.fail(TEST_QUEUE, failedId, { message: 'the panel answered 503' });
    await t.app.jobs.queue.send(TEST_QUEUE, { serverId: randomIds.uuid() }, { retryLimit: 0 });
    await boss.schedule(TEST_QUEUE, '*/10 * * * *');

    const owner = await createUser(t);
    const paid = await insertPaidServer(t.database.db, owner.id, { name: 'Renewing Box', status: 'online', createdAt: clock.now() });
    const dueAt = new Date(clock.now().getTime() - 4 * 86_400_000);
    await t.database.db.insert(renewals).values({
      id: randomIds.uuid(),
      serverId: paid.serverId,
      userId: owner.id,
      orderId: paid.orderId,
      periodStart: dueAt,
      periodEnd: new Date(dueAt.getTime() + 30 * 86_400_000),
      amountCents: 1400,
      status: 'failed',
      attempts: 1,
      lastAttemptAt: dueAt,
      nextAttemptAt: new Date(dueAt.getTime() + 3 * 86_400_000),
      createdAt: dueAt,
      updatedAt: dueAt,
    });

    const body = (await get()).json();
    expect(body.queues.find((q: { name: string }) => q.name === TEST_QUEUE)).toMatchObject({ waiting: 1, failed: 1, active: 0 });
    expect(body.failed).toEqual([
      expect.objectContaining({ id: failedId, queue: TEST_QUEUE, error: 'the panel answered 503', serverId, retryCount: 0, retryLimit: 0 }),
    ]);
    const renewal = body.renewals.find((r: { serverId: string; status: string }) => r.serverId === paid.serverId && r.status === 'failed');
    expect(renewal).toMatchObject({ serverName: 'Renewing Box', ownerEmail: owner.email, step: 'charge' });
    expect(body.schedules).toContainEqual({
      name: TEST_QUEUE,
      label: TEST_QUEUE,
      cron: '*/10 * * * *',
      nextRunAt: new Date(clock.now().getTime() + 10 * 60_000).toISOString(),
    });

    expect((await retry(failedId, 'support')).statusCode).toBe(403);
    expect((await retry(randomIds.uuid())).statusCode).toBe(404);
    expect((await retry('not-a-job')).statusCode).toBe(404);
    expect((await retry(failedId, 'admin', 'another-queue')).statusCode).toBe(404);
    expect(await audit(failedId)).toEqual([]);

    const res = await retry(failedId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: failedId, queue: TEST_QUEUE, state: 'retry' });
    const [job] = await t.database.query<{ state: string; retry_limit: number }>('select state, retry_limit from pgboss.job where id = $1', [failedId]);
    expect(job).toEqual({ state: 'retry', retry_limit: 1 });
    expect(await audit(failedId)).toEqual([{ action: 'job.retried', actor_role: 'admin' }]);

    const again = await retry(failedId);
    expect(again.statusCode).toBe(409);
    expect(await audit(failedId)).toHaveLength(1);
    expect((await get()).json().failed).toEqual([]);
  });
});

describe('nextCronRun', () => {
  const at = new Date('2030-01-15T12:03:30Z');
  it('reads the schedules the app uses', () => {
    expect(nextCronRun('* * * * *', at)?.toISOString()).toBe('2030-01-15T12:04:00.000Z');
    expect(nextCronRun('*/5 * * * *', at)?.toISOString()).toBe('2030-01-15T12:05:00.000Z');
    expect(nextCronRun('7 * * * *', at)?.toISOString()).toBe('2030-01-15T12:07:00.000Z');
    expect(nextCronRun('17 * * * *', new Date('2030-01-15T12:17:00Z'))?.toISOString()).toBe('2030-01-15T13:17:00.000Z');
    expect(nextCronRun('0 3 * * 1', at)?.toISOString()).toBe('2030-01-21T03:00:00.000Z');
    expect(nextCronRun('0,30 1-2 * * *', at)?.toISOString()).toBe('2030-01-16T01:00:00.000Z');
  });
  it('answers null for what it cannot read', () => {
    expect(nextCronRun('@hourly', at)).toBeNull();
    expect(nextCronRun('61 * * * *', at)).toBeNull();
    expect(nextCronRun('0 0 31 2 *', at)).toBeNull();
  });
});
