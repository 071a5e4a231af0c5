import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refunds } from '../../db/schema';
import type { SimPanel } from '../../integrations/panel/sim-panel';
import { createSignedInUser, createTestApp, dbKinds, manualClock, signIn, type TestContext } from '../../test/test-app';
import { get, post } from '../billing/billing.fixtures';
import { balanceCents } from '../../lib/credit-ledger';
import { customerWithServer, driveMove, moveOf, priceLocation } from './region-moves.fixtures';

/** What a move credits, and what of a move's payment can go back to the card (decision 034). */
describe.each(dbKinds)('region move money on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2030-01-15T12:00:00Z'));
  const halfway = new Date('2030-01-31T00:00:00Z');

  beforeAll(async () => {
    t = await createTestApp(kind, {
      clock,
      env: { SIM_PANEL_INSTALL_SECONDS: '0' },
      checkout: { moves: { enqueue: async () => {} }, resizes: { enqueue: async () => {} } },
    });
  });
  beforeEach(async () => priceLocation(t, clock.now(), 'eu-west', 0));
  afterAll(async () => t?.close());

  async function optionFor(cookie: string, serverId: string, location: string) {
    const res = await get(t, `/api/servers/${serverId}/move`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().locations.find((l: { value: string }) => l.value === location);
  }

  async function startMove(cookie: string, serverId: string, location: string) {
    const res = await post(t, `/api/servers/${serverId}/move`, cookie, { location });
    expect(res.statusCode, res.body).toBe(202);
    return moveOf(t, res.json().id);
  }

  it('credits nothing for leaving a location whose price rose after the period was paid at the old price', async () => {
    const { user, serverId } = await customerWithServer(t, clock, { location: 'eu-west' });
    // Paid $14.00 for the month in EU West; the location costs $3.00 a month more from now on.
    await priceLocation(t, clock.now(), 'eu-west', 300);
    clock.set(halfway);
    user.cookie = await signIn(t, user);
    expect(await optionFor(user.cookie, serverId, 'us-west')).toMatchObject({ amountCents: 0, grossCents: 0, renewalCents: 1400 });
    const move = await startMove(user.cookie, serverId, 'us-west');
    const ended = await driveMove(t, clock, move.id);
    expect(ended, ended.reason ?? '').toMatchObject({ status: 'completed', grossCents: 0 });
    expect(await balanceCents(t.database.db, user.id, 'usd')).toBe(0);
  });

  it('credits from what was paid, not from the dearer price the location has now', async () => {
    await priceLocation(t, clock.now(), 'eu-west', 300);
    const { user, serverId } = await customerWithServer(t, clock, { location: 'eu-west' });
    // Paid $17.00; EU West now costs $5.00 more than US West. Half the period is left: the credit
    // is half of $17.00 − $14.00 = $1.50, not half of $19.00 − $14.00.
    await priceLocation(t, clock.now(), 'eu-west', 500);
    clock.set(halfway);
    user.cookie = await signIn(t, user);
    expect(await optionFor(user.cookie, serverId, 'us-west')).toMatchObject({ amountCents: -150, grossCents: -150 });
    const move = await startMove(user.cookie, serverId, 'us-west');
    expect(await driveMove(t, clock, move.id)).toMatchObject({ status: 'completed', grossCents: -150 });
    expect(await balanceCents(t.database.db, user.id, 'usd')).toBe(150);
  });

  it('counts a move paid earlier in the period as billed: moving back credits what that move charged', async () => {
    await priceLocation(t, clock.now(), 'eu-west', 300);
    const { user, serverId } = await customerWithServer(t, clock);
    clock.set(halfway);
    user.cookie = await signIn(t, user);
    const there = await startMove(user.cookie, serverId, 'eu-west');
    expect(await driveMove(t, clock, there.id)).toMatchObject({ status: 'completed', grossCents: 150 });
    expect(await optionFor(user.cookie, serverId, 'us-west')).toMatchObject({ amountCents: -150 });
  });

  /** A move to EU West ($3.00 a month more) at half the period: $1.50, $1.00 of it from credit, $0.50 from the card. */
  async function movePaidWithCreditAndCard() {
    await priceLocation(t, clock.now(), 'eu-west', 300);
    const { user, serverId } = await customerWithServer(t, clock);
    clock.set(halfway);
    user.cookie = await signIn(t, user);
    const staff = await createSignedInUser(t, { role: 'billing' });
    const given = await post(t, `/api/admin/customers/${user.id}/credit`, staff.cookie, { amountCents: 100, reason: 'Goodwill for the outage' });
    expect(given.statusCode, given.body).toBe(201);
    const move = await startMove(user.cookie, serverId, 'eu-west');
    expect(move).toMatchObject({ status: 'running', grossCents: 150, creditCents: 100 });
    expect(await balanceCents(t.database.db, user.id, 'usd')).toBe(0);
    return { user, serverId, staff, move };
  }

  it('refunds to the card only what the card paid for a move; the part paid with credit goes back as credit', async () => {
    const { user, staff, move } = await movePaidWithCreditAndCard();
    const refund = (body: object) => post(t, `/api/admin/orders/${move.orderId}/refunds`, staff.cookie, body);
    expect((await get(t, `/api/admin/orders/${move.orderId}`, staff.cookie)).json().refundable).toMatchObject({ totalCents: 150, cardCents: 50 });

    const tooMuch = await refund({ amountCents: 150, method: 'card', reason: 'Move not wanted' });
    expect(tooMuch.statusCode, tooMuch.body).toBe(409);
    expect(tooMuch.json().error).toMatchObject({ code: 'refund_too_large', message: 'At most $0.50 can go back to the card; refund the rest to account credit.' });
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, move.orderId!))).toEqual([]);

    expect((await refund({ amountCents: 50, method: 'card', reason: 'Move not wanted' })).statusCode).toBe(200);
    const more = await refund({ amountCents: 1, method: 'card', reason: 'Move not wanted' });
    expect(more.json().error.message).toBe('Nothing of this payment can go back to a card. Refund it to account credit instead.');
    expect((await refund({ amountCents: 100, method: 'credit', reason: 'Move not wanted' })).statusCode).toBe(200);
    expect(await balanceCents(t.database.db, user.id, 'usd')).toBe(100);
  });

  it('rolls back a move paid partly with credit: the card gets its part, the credit its own', async () => {
    const { user, move } = await movePaidWithCreditAndCard();
    (t.app.panel as SimPanel).injectFailure('createServer', 1);
    expect(await driveMove(t, clock, move.id)).toMatchObject({ status: 'rolled_back' });
    const made = await t.database.db
      .select({ method: refunds.method, amountCents: refunds.amountCents })
      .from(refunds)
      .where(and(eq(refunds.orderId, move.orderId!), eq(refunds.status, 'succeeded')));
    expect(made.sort((a, b) => a.method.localeCompare(b.method))).toEqual([
      { method: 'card', amountCents: 50 },
      { method: 'credit', amountCents: 100 },
    ]);
    expect(await balanceCents(t.database.db, user.id, 'usd')).toBe(100);
  });
});
