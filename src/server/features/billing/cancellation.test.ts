import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, servers } from '../../db/schema';
import { recordingBus, recordingProvisioning } from '../checkout/checkout.fixtures';
import { createSignedInUser, createTestApp, dbKinds, manualClock, type TestContext } from '../../test/test-app';
import { buyWithLocalCard, del, get, post } from './billing.fixtures';
import { dueCancellations } from './billing.repository';

describe.each(dbKinds)('cancel at period end on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2030-03-10T08:00:00Z'));
  const events = recordingBus();
  let customer: Awaited<ReturnType<typeof createSignedInUser>>;
  let serverId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, checkout: { events, provisioning: recordingProvisioning() } });
    customer = await createSignedInUser(t);
    const bought = await buyWithLocalCard(t, customer.cookie, { choice: { kind: 'server', game: 'minecraft', plan: 'minecraft-4gb', period: '3months', location: 'us-west', addons: {}, serverName: 'Quarterly' } });
    serverId = bought.server!.id;
  });
  afterAll(async () => t?.close());

  it('records the end of the paid period and answers it', async () => {
    const res = await post(t, `/api/services/${serverId}/cancel`, customer.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ serverId, cancelAt: '2030-06-10T08:00:00.000Z' });
    expect(events.published).toContainEqual({ userId: customer.id, event: { topic: 'billing', id: serverId } });
    const overview = (await get(t, '/api/billing', customer.cookie)).json();
    expect(overview.upcoming).toEqual([]);
    expect(overview.stats.nextPayment).toBeNull();
    expect(overview.ending).toEqual([{ serverId, service: 'Quarterly', cancelAt: '2030-06-10T08:00:00.000Z' }]);
    const history = (await get(t, '/api/invoices', customer.cookie)).json() as { kind: string }[];
    expect(history.map((h) => h.kind)).toEqual(['charge']);
    // The server keeps running until then.
    const [server] = await t.database.db.select().from(servers).where(eq(servers.id, serverId));
    expect(server?.status).not.toBe('cancelled');
    expect(await dueCancellations(t.database.db, new Date('2030-06-10T07:59:59Z'))).toEqual([]);
    expect(await dueCancellations(t.database.db, new Date('2030-06-10T08:00:00Z'))).toEqual([
      { serverId, userId: customer.id, cancelAt: new Date('2030-06-10T08:00:00Z') },
    ]);
  });

  it('answers the same date when asked again, and logs it once', async () => {
    const again = await Promise.all([1, 2].map(() => post(t, `/api/services/${serverId}/cancel`, customer.cookie)));
    for (const res of again) expect(res.json()).toEqual({ serverId, cancelAt: '2030-06-10T08:00:00.000Z' });
    const lines = await t.database.db.select().from(activityLog).where(eq(activityLog.subjectId, serverId));
    expect(lines.filter((l) => l.message.includes('will be cancelled'))).toHaveLength(1);
  });

  it("answers 404 for another customer's service, a made-up one, or a malformed id", async () => {
    const other = await createSignedInUser(t);
    for (const id of [serverId, crypto.randomUUID(), 'nope']) {
      const res = await post(t, `/api/services/${id}/cancel`, other.cookie);
      expect(res.statusCode).toBe(404);
      expect((await del(t, `/api/services/${id}/cancel`, other.cookie)).statusCode).toBe(404);
    }
    expect((await post(t, `/api/services/${serverId}/cancel`)).statusCode).toBe(401);
    expect((await get(t, '/api/billing', customer.cookie)).json().ending).toHaveLength(1);
  });

  it('can be withdrawn before it happens, and the renewal is back', async () => {
    expect((await del(t, `/api/services/${serverId}/cancel`, customer.cookie)).statusCode).toBe(204);
    expect((await del(t, `/api/services/${serverId}/cancel`, customer.cookie)).statusCode).toBe(204);
    const overview = (await get(t, '/api/billing', customer.cookie)).json();
    expect(overview.ending).toEqual([]);
    expect(overview.upcoming).toMatchObject([{ serverId, amountCents: 3990, dueDate: '2030-06-10T08:00:00.000Z' }]);
  });

  it('refuses to cancel a service that has already ended', async () => {
    await t.database.db.update(servers).set({ status: 'cancelled' }).where(eq(servers.id, serverId));
    const res = await post(t, `/api/services/${serverId}/cancel`, customer.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This service has already ended.');
    expect((await get(t, '/api/billing', customer.cookie)).json().upcoming).toEqual([]);
  });
});
