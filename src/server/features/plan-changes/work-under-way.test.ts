import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, planChanges, refunds, regionMoves, servers, softwareSwitches } from '../../db/schema';
import { createTestApp, dbKinds, manualClock, type TestContext } from '../../test/test-app';
import { del, post } from '../billing/billing.fixtures';
import { deliverLocalPayment, payLocal } from '../checkout/checkout.fixtures';
import { customerWithServer } from '../region-moves/region-moves.fixtures';

/**
 * A plan change, a region move and a software switch never overlap on one server (the move
 * deletes the panel server a resize or a reinstall works on). The move's own tests cover a move
 * that runs; these cover the moments around it: a move still charging the card, and a switch.
 */
describe.each(dbKinds)('one kind of work at a time on a server, on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2030-01-15T12:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp(kind, {
      clock,
      env: { SIM_PANEL_INSTALL_SECONDS: '0' },
      checkout: { moves: { enqueue: async () => {} }, resizes: { enqueue: async () => {} }, softwareSwitches: { enqueue: async () => {} } },
    });
  });
  afterAll(async () => t?.close());

  const planChangeOrders = (userId: string) => t.database.db.select().from(orders).where(and(eq(orders.userId, userId), eq(orders.kind, 'plan_change')));

  it('refuses a plan change and a software switch while a move is still charging the card, and charges nothing', async () => {
    const { user, serverId } = await customerWithServer(t, clock);
    const move = await post(t, `/api/servers/${serverId}/move`, user.cookie, { location: 'eu-west' });
    expect(move.statusCode, move.body).toBe(202);
    // As between the move's claim and its card charge's answer.
    await t.database.db.update(regionMoves).set({ status: 'charging' }).where(eq(regionMoves.serverId, serverId));

    const upgrade = await post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-8gb', pay: 'saved' });
    expect(upgrade.statusCode, upgrade.body).toBe(409);
    expect(upgrade.json().error.code).toBe('server_moving');
    expect(await t.database.db.select().from(planChanges).where(eq(planChanges.serverId, serverId))).toEqual([]);
    expect(await planChangeOrders(user.id)).toEqual([]);

    const switched = await post(t, `/api/servers/${serverId}/software-switch`, user.cookie, { software: 'paper', version: '1.21.1', acceptLowMemory: true });
    expect(switched.statusCode, switched.body).toBe(409);
    expect(switched.json().error.code).toBe('server_moving');
    expect(await t.database.db.select().from(softwareSwitches).where(eq(softwareSwitches.serverId, serverId))).toEqual([]);
  });

  it('refuses a plan change while the software is being switched', async () => {
    const { user, serverId } = await customerWithServer(t, clock);
    const switched = await post(t, `/api/servers/${serverId}/software-switch`, user.cookie, { software: 'paper', version: '1.21.1', acceptLowMemory: true });
    expect(switched.statusCode, switched.body).toBe(202);

    const upgrade = await post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-8gb', pay: 'saved' });
    expect(upgrade.statusCode, upgrade.body).toBe(409);
    expect(upgrade.json().error).toEqual({ code: 'switch_open', message: "This server's software is being changed. Change its plan once that is done." });
    expect(await planChangeOrders(user.id)).toEqual([]);
  });

  it('refunds an upgrade checkout paid late, after it was called off, while the server is being moved', async () => {
    const { user, serverId } = await customerWithServer(t, clock, { saveCard: false });
    const upgrade = await post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-8gb' });
    expect(upgrade.json().change.status).toBe('awaiting_payment');
    const sessionId = upgrade.json().checkout_url.split('/checkout/')[1].split(/[?#]/)[0];
    expect((await del(t, `/api/servers/${serverId}/plan-change`, user.cookie)).statusCode).toBe(200);
    expect((await post(t, `/api/servers/${serverId}/move`, user.cookie, { location: 'eu-west' })).statusCode).toBe(202);

    // The built-in checkout takes no payment for the called-off order; a provider that still
    // reports the checkout paid (a Stripe tab paid as it was called off) is refunded: the server is
    // being replaced, so no resize.
    expect((await payLocal(t, sessionId)).statusCode).toBe(409);
    await deliverLocalPayment(t, sessionId);
    const [change] = await t.database.db.select().from(planChanges).where(eq(planChanges.id, upgrade.json().change.id));
    expect(change).toMatchObject({ status: 'refunded', reason: 'The upgrade was paid after it could no longer be made, so the payment was refunded.' });
    const [server] = await t.database.db.select().from(servers).where(eq(servers.id, serverId));
    expect(server).toMatchObject({ planId: 'minecraft-4gb', ramGb: 4 });
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, change!.orderId!))).toHaveLength(1);
  });

  it('lets one of a plan change and a move asked at the same moment go ahead, charging for that one only', async () => {
    const { user, serverId } = await customerWithServer(t, clock);
    const [upgrade, move] = await Promise.all([
      post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-8gb', pay: 'saved' }),
      post(t, `/api/servers/${serverId}/move`, user.cookie, { location: 'eu-west' }),
    ]);
    const went = [upgrade.statusCode === 200, move.statusCode === 202];
    expect(went.filter(Boolean), `${upgrade.body} ${move.body}`).toHaveLength(1);
    expect([upgrade, move].find((r) => r.statusCode === 409)?.json().error.code).toMatch(/^(server_moving|plan_change_open)$/);
    expect(await planChangeOrders(user.id)).toHaveLength(went[0] ? 1 : 0);
    const moves = await t.database.db.select().from(regionMoves).where(eq(regionMoves.serverId, serverId));
    expect(moves).toHaveLength(went[1] ? 1 : 0);
  });
});
