import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, invoices, orders, planChanges, purchases, regionMoves, servers } from '../../db/schema';
import { provisionUntilOnline } from '../../jobs/provisioning.fixtures';
import { addLedgerEntry, balanceCents } from '../../lib/credit-ledger';
import { startFakeStripe, type FakeStripe } from '../../test/fakes/stripe/fake-stripe';
import { createSignedInUser, createTestApp, dbKinds, manualClock, signIn, type TestContext } from '../../test/test-app';
import { minecraftChoice, startCheckout } from '../checkout/checkout.fixtures';
import { expireStaleOrders } from '../checkout/order-expiry';
import { sweepPlanChanges } from '../plan-changes/plan-changes.service';
import { priceLocation } from '../region-moves/region-moves.fixtures';
import { sweepMoves } from '../region-moves/region-moves.service';
import { get, post } from './billing.fixtures';
import type { StaffAlert } from '../../lib/staff-alert';
import { PAID_CHANGE_LEASE_MS, UNKNOWN_CHARGE_ALERT_AFTER_MS } from './paid-change';

const INTENTS = '/v1/payment_intents';
/** stripe-node sends a request once and retries a dropped connection, a 409 or a 5xx twice (maxNetworkRetries: 2) before it throws. */
const SDK_TRIES = 3;

/**
 * A saved-card charge of a paid change whose outcome is unknown is never recorded as failed
 * (decision 084), against the fake Stripe API through stripe-node: the answer lost after Stripe
 * charged, Stripe's 500s, its rate limit and an idempotency key still in flight.
 */
describe.each(dbKinds)('a paid change whose card charge has an unknown outcome, on %s', (kind) => {
  let t: TestContext;
  let fake: FakeStripe;
  const clock = manualClock(new Date());
  const queuedMoves: string[] = [];

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(kind, {
      clock,
      env: { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: fake.webhookSecret, STRIPE_API_URL: fake.url, SIM_PANEL_INSTALL_SECONDS: '0' },
      checkout: { resizes: { enqueue: async () => {} }, moves: { enqueue: async (id) => void queuedMoves.push(id) } },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /** A customer with a Minecraft server bought at the fake Stripe, its card saved there (`last4` as Stripe's test cards). */
  async function customerWithServer(options: { last4?: string; plan?: string; creditCents?: number } = {}) {
    clock.set(new Date());
    const user = await createSignedInUser(t);
    const out = await startCheckout(t, user.cookie, { ...minecraftChoice, plan: options.plan ?? 'minecraft-2gb' });
    fake.complete(out.session_id, { card: { last4: options.last4 ?? '4242' } });
    expect((await get(t, `/api/checkout/${out.session_id}`, user.cookie)).json().order.status).toBe('paid');
    const [server] = await t.database.db.select().from(servers).where(eq(servers.orderId, out.order_id));
    await provisionUntilOnline({ db: t.database.db, clock, panel: t.app.panel, events: t.app.events }, server!.id);
    if (options.creditCents) {
      await addLedgerEntry(t.database.db, { currency: 'usd', userId: user.id, amountCents: options.creditCents, kind: 'staff_adjustment', reason: 'Prepaid' });
    }
    // A day later, so the upgrade is prorated.
    clock.advance(24 * 3600_000);
    user.cookie = await signIn(t, user);
    return { user, serverId: server!.id };
  }

  const intentsOf = (metadataKey: string, id: string) => fake.paymentIntents.filter((p) => (p.metadata as Record<string, string>)[metadataKey] === id);
  const intentRequests = (key: string) => fake.requests.filter((r) => r.path === INTENTS && r.headers['idempotency-key'] === key);
  const returned = async (userId: string) => (await t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId))).filter((e) => e.kind === 'refund_credit');

  it('keeps an upgrade claimed when Stripe charged but the answer was lost (202, credit kept, order open), and records it paid once on the retry', async () => {
    const { user, serverId } = await customerWithServer({ creditCents: 100 });
    fake.loseAnswers('POST', INTENTS, SDK_TRIES);
    const res = await post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-4gb' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().change).toMatchObject({ status: 'charging', toPlanName: 'Minecraft 4GB' });

    const [claimed] = await t.database.db.select().from(planChanges).where(eq(planChanges.serverId, serverId));
    expect(claimed).toMatchObject({ status: 'charging', creditCents: 100, reason: null, invoiceId: null });
    // Stripe charged the card once; all three of the SDK's tries were answered by one PaymentIntent.
    const key = `plan-change-${claimed!.id}`;
    expect(intentRequests(key)).toHaveLength(SDK_TRIES);
    expect(intentsOf('plan_change_id', claimed!.id)).toEqual([expect.objectContaining({ status: 'succeeded', amount: claimed!.grossCents! - 100 })]);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, claimed!.orderId!));
    expect(order!.status).toBe('pending');
    expect(await balanceCents(t.database.db, user.id, 'usd')).toBe(0);
    expect(await returned(user.id)).toEqual([]);
    // The card shows it under way, not failed; another change waits for it.
    expect((await get(t, `/api/servers/${serverId}/plan-change`, user.cookie)).json().open).toMatchObject({ status: 'charging' });
    expect((await post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-4gb' })).statusCode).toBe(409);

    // Past the order's first expiry and the lease, the sweep asks again with the same key: Stripe replays the charge.
    clock.advance(PAID_CHANGE_LEASE_MS);
    expect(await expireStaleOrders(t.database.db, clock)).toBe(0);
    await sweepPlanChanges(t.app.planChanges);
    const [paid] = await t.database.db.select().from(planChanges).where(eq(planChanges.id, claimed!.id));
    const [intent] = intentsOf('plan_change_id', claimed!.id);
    expect(paid).toMatchObject({ status: 'paid', providerPaymentId: intent!.id });
    expect(intentRequests(key)).toHaveLength(SDK_TRIES + 1);
    expect(intentsOf('plan_change_id', claimed!.id)).toHaveLength(1);
    expect(await t.database.db.select().from(purchases).where(eq(purchases.orderId, claimed!.orderId!))).toMatchObject([{ status: 'paid', providerPaymentId: intent!.id }]);
    expect(await t.database.db.select().from(invoices).where(eq(invoices.orderId, claimed!.orderId!))).toMatchObject([{ status: 'paid' }]);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, claimed!.orderId!)))[0]!.status).toBe('paid');
    expect(await returned(user.id)).toEqual([]);

    // A later sweep finds nothing left to settle.
    clock.advance(PAID_CHANGE_LEASE_MS);
    await sweepPlanChanges(t.app.planChanges);
    expect(intentRequests(key)).toHaveLength(SDK_TRIES + 1);
  });

  it('keeps an upgrade claimed through a Stripe 500 and a rate limit, then fails it properly when the card declines on the retry', async () => {
    const { user, serverId } = await customerWithServer({ last4: '0341', creditCents: 100 });
    fake.failNext('POST', INTENTS, 'api_error', SDK_TRIES);
    const res = await post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-4gb' });
    expect(res.statusCode, res.body).toBe(202);
    const [claimed] = await t.database.db.select().from(planChanges).where(eq(planChanges.serverId, serverId));
    expect(claimed).toMatchObject({ status: 'charging', creditCents: 100 });
    expect(intentsOf('plan_change_id', claimed!.id)).toEqual([]);
    expect(await returned(user.id)).toEqual([]);

    // The first retry meets a rate limit (which stripe-node does not retry itself): still unknown, still claimed.
    const alerts: StaffAlert[] = [];
    const sweepDeps = { ...t.app.planChanges, alerts: { raise: async (alert: StaffAlert) => void alerts.push(alert) } };
    clock.advance(PAID_CHANGE_LEASE_MS);
    fake.failNext('POST', INTENTS, 'rate_limit_error');
    await sweepPlanChanges(sweepDeps);
    expect((await t.database.db.select().from(planChanges).where(eq(planChanges.id, claimed!.id)))[0]).toMatchObject({ status: 'charging' });
    expect(await returned(user.id)).toEqual([]);
    expect(alerts).toEqual([]);

    // Still no answer an hour after the claim: staff are told where to look; the change is still not failed.
    clock.advance(UNKNOWN_CHARGE_ALERT_AFTER_MS - PAID_CHANGE_LEASE_MS);
    fake.failNext('POST', INTENTS, 'api_error', SDK_TRIES);
    await sweepPlanChanges(sweepDeps);
    expect((await t.database.db.select().from(planChanges).where(eq(planChanges.id, claimed!.id)))[0]).toMatchObject({ status: 'charging' });
    expect(alerts).toEqual([
      expect.objectContaining({
        kind: 'server_needs_staff',
        subject: 'Card charge not confirmed: the upgrade to Minecraft 4GB',
        lines: expect.arrayContaining([`Look for the payment with metadata plan_change_id = ${claimed!.id} in the payment provider's dashboard.`]),
        link: `/admin/servers/${serverId}`,
      }),
    ]);

    // The next one reaches the card, which declines: now it fails, the order expires and the credit goes back.
    clock.advance(PAID_CHANGE_LEASE_MS);
    await sweepPlanChanges(t.app.planChanges);
    const [failed] = await t.database.db.select().from(planChanges).where(eq(planChanges.id, claimed!.id));
    expect(failed).toMatchObject({ status: 'failed', reason: 'Your card was declined.' });
    expect((await t.database.db.select().from(orders).where(eq(orders.id, claimed!.orderId!)))[0]!.status).toBe('expired');
    expect(await returned(user.id)).toMatchObject([{ amountCents: 100, referenceId: `plan-change-return:${claimed!.id}` }]);
    expect(await balanceCents(t.database.db, user.id, 'usd')).toBe(100);
    expect(await t.database.db.select().from(purchases).where(eq(purchases.orderId, claimed!.orderId!))).toEqual([]);
  });

  it('keeps a move claimed and the server where it is when the answer was lost, then runs it once the retry finds the charge', async () => {
    await priceLocation(t, new Date(Date.now() - 86_400_000), 'eu-west', 300);
    const { user, serverId } = await customerWithServer({ plan: 'minecraft-4gb' });
    fake.loseAnswers('POST', INTENTS, SDK_TRIES);
    const res = await post(t, `/api/servers/${serverId}/move`, user.cookie, { location: 'eu-west' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ status: 'charging' });
    const [claimed] = await t.database.db.select().from(regionMoves).where(eq(regionMoves.serverId, serverId));
    expect(claimed).toMatchObject({ status: 'charging', step: null, reason: null, completedAt: null });
    expect(queuedMoves).not.toContain(claimed!.id);
    expect(intentsOf('region_move_id', claimed!.id)).toHaveLength(1);

    clock.advance(PAID_CHANGE_LEASE_MS);
    await sweepMoves(t.app.regionMoves);
    const [running] = await t.database.db.select().from(regionMoves).where(eq(regionMoves.id, claimed!.id));
    expect(running).toMatchObject({ status: 'running', step: 'stop', providerPaymentId: intentsOf('region_move_id', claimed!.id)[0]!.id });
    expect(intentsOf('region_move_id', claimed!.id)).toHaveLength(1);
    expect(queuedMoves).toContain(claimed!.id);
    expect(await t.database.db.select().from(purchases).where(eq(purchases.orderId, claimed!.orderId!))).toHaveLength(1);
    await priceLocation(t, new Date(Date.now() - 86_400_000), 'eu-west', 0);
  });

  it('keeps a move claimed while Stripe says the same key is still in flight, and settles it on a later sweep', async () => {
    await priceLocation(t, new Date(Date.now() - 86_400_000), 'eu-west', 300);
    const { user, serverId } = await customerWithServer({ plan: 'minecraft-4gb' });
    fake.failNext('POST', INTENTS, 'idempotency_error', SDK_TRIES);
    const res = await post(t, `/api/servers/${serverId}/move`, user.cookie, { location: 'eu-west' });
    expect(res.statusCode, res.body).toBe(202);
    const [claimed] = await t.database.db.select().from(regionMoves).where(eq(regionMoves.serverId, serverId));
    expect(claimed).toMatchObject({ status: 'charging' });

    // Inside the lease the sweep leaves it alone.
    await sweepMoves(t.app.regionMoves);
    expect(intentsOf('region_move_id', claimed!.id)).toEqual([]);
    clock.advance(PAID_CHANGE_LEASE_MS);
    await sweepMoves(t.app.regionMoves);
    expect((await t.database.db.select().from(regionMoves).where(eq(regionMoves.id, claimed!.id)))[0]).toMatchObject({ status: 'running' });
    expect(intentsOf('region_move_id', claimed!.id)).toEqual([expect.objectContaining({ status: 'succeeded' })]);
    await priceLocation(t, new Date(Date.now() - 86_400_000), 'eu-west', 0);
  });
});
