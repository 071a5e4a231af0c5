import { eq, sql } from 'drizzle-orm';
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
import { del, get, post } from './billing.fixtures';
import type { StaffAlert } from '../../lib/staff-alert';
import { PAID_CHANGE_LEASE_MS, UNKNOWN_CHARGE_ALERT_AFTER_MS, UNKNOWN_CHARGE_STOP_AFTER_MS } from './paid-change';

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
    fake = await startFakeStripe({ clock });
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

  it('keeps an upgrade claimed through a rate limit, then fails it properly when the card declines on the retry', async () => {
    const { user, serverId } = await customerWithServer({ last4: '0341', creditCents: 100 });
    // A rate limit keeps nothing under the key (and stripe-node does not retry it itself).
    fake.failNext('POST', INTENTS, 'rate_limit_error');
    const res = await post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-4gb' });
    expect(res.statusCode, res.body).toBe(202);
    const [claimed] = await t.database.db.select().from(planChanges).where(eq(planChanges.serverId, serverId));
    expect(claimed).toMatchObject({ status: 'charging', creditCents: 100 });
    expect(intentsOf('plan_change_id', claimed!.id)).toEqual([]);
    expect(await returned(user.id)).toEqual([]);

    // The retry reaches the card, which declines: now it fails, the order expires and the credit goes back.
    clock.advance(PAID_CHANGE_LEASE_MS);
    await sweepPlanChanges(t.app.planChanges);
    const [failed] = await t.database.db.select().from(planChanges).where(eq(planChanges.id, claimed!.id));
    expect(failed).toMatchObject({ status: 'failed', reason: 'Your card was declined.' });
    expect((await t.database.db.select().from(orders).where(eq(orders.id, claimed!.orderId!)))[0]!.status).toBe('expired');
    expect(await returned(user.id)).toMatchObject([{ amountCents: 100, referenceId: `plan-change-return:${claimed!.id}` }]);
    expect(await balanceCents(t.database.db, user.id, 'usd')).toBe(100);
    expect(await t.database.db.select().from(purchases).where(eq(purchases.orderId, claimed!.orderId!))).toEqual([]);
  });

  it('keeps an upgrade claimed while Stripe replays a 500 kept under its key, tells staff after an hour, and stops asking 23 hours after the first try', async () => {
    const { user, serverId } = await customerWithServer({ creditCents: 100 });
    // The endpoint ran and failed: Stripe keeps the 500 under the key and replays it to every retry.
    fake.failNext('POST', INTENTS, 'api_error');
    const res = await post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-4gb' });
    expect(res.statusCode, res.body).toBe(202);
    const [claimed] = await t.database.db.select().from(planChanges).where(eq(planChanges.serverId, serverId));
    const key = `plan-change-${claimed!.id}`;
    expect(claimed).toMatchObject({ status: 'charging', creditCents: 100, chargeTriedAt: clock.now() });
    expect(intentRequests(key)).toHaveLength(SDK_TRIES);
    expect(fake.requests.filter((r) => r.path === INTENTS && r.headers['idempotency-key'] === key).length).toBe(SDK_TRIES);

    const alerts: StaffAlert[] = [];
    const sweepDeps = { ...t.app.planChanges, alerts: { raise: async (alert: StaffAlert) => void alerts.push(alert) } };
    clock.advance(PAID_CHANGE_LEASE_MS);
    await sweepPlanChanges(sweepDeps);
    expect((await t.database.db.select().from(planChanges).where(eq(planChanges.id, claimed!.id)))[0]).toMatchObject({ status: 'charging' });
    expect(intentRequests(key)).toHaveLength(2 * SDK_TRIES);
    expect(alerts).toEqual([]);

    // Still the replayed 500 an hour after the claim: staff are told where to look; the change is not failed.
    clock.advance(UNKNOWN_CHARGE_ALERT_AFTER_MS - PAID_CHANGE_LEASE_MS);
    await sweepPlanChanges(sweepDeps);
    expect((await t.database.db.select().from(planChanges).where(eq(planChanges.id, claimed!.id)))[0]).toMatchObject({ status: 'charging' });
    expect(alerts).toEqual([
      expect.objectContaining({
        kind: 'server_needs_staff',
        subject: 'Card charge not confirmed: the upgrade to Minecraft 4GB',
        lines: expect.arrayContaining([expect.stringMatching(new RegExp(`^Look for the payment with metadata plan_change_id = ${claimed!.id} in the payment provider's dashboard \\(customer cus_`))]),
        link: `/admin/servers/${serverId}`,
      }),
    ]);

    // 23 hours after the first try the key is never sent again (Stripe would soon prune it and charge anew).
    clock.advance(UNKNOWN_CHARGE_STOP_AFTER_MS - UNKNOWN_CHARGE_ALERT_AFTER_MS);
    const sent = intentRequests(key).length;
    await sweepPlanChanges(sweepDeps);
    expect(intentRequests(key)).toHaveLength(sent);
    expect(alerts.at(-1)).toMatchObject({
      subject: 'Card charge must be settled by hand: the upgrade to Minecraft 4GB',
      lines: expect.arrayContaining([expect.stringContaining(`It is no longer asked again: the provider forgets the idempotency key ${key} after 24 hours`)]),
    });
    // Nothing given up on the customer's side either: claimed, credit kept, order open.
    expect((await t.database.db.select().from(planChanges).where(eq(planChanges.id, claimed!.id)))[0]).toMatchObject({ status: 'charging' });
    expect(await returned(user.id)).toEqual([]);
    clock.advance(2 * 3600_000);
    expect(await expireStaleOrders(t.database.db, clock)).toBe(0);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, claimed!.orderId!)))[0]!.status).toBe('pending');
    // Past the key's 24 hours the sweeps still leave it alone.
    await sweepPlanChanges(sweepDeps);
    expect(intentRequests(key)).toHaveLength(sent);
    expect(intentsOf('plan_change_id', claimed!.id)).toEqual([]);
  });

  it("23 hours after the first try, settles the change from the customer's payments at Stripe instead of sending the key again: paid when it was taken", async () => {
    const { user, serverId } = await customerWithServer({ creditCents: 100 });
    fake.loseAnswers('POST', INTENTS, SDK_TRIES);
    expect((await post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-4gb' })).statusCode).toBe(202);
    const [claimed] = await t.database.db.select().from(planChanges).where(eq(planChanges.serverId, serverId));
    const key = `plan-change-${claimed!.id}`;
    clock.advance(UNKNOWN_CHARGE_STOP_AFTER_MS);
    await sweepPlanChanges(t.app.planChanges);
    const [intent] = intentsOf('plan_change_id', claimed!.id);
    expect(intentRequests(key)).toHaveLength(SDK_TRIES);
    expect(fake.requests.filter((r) => r.method === 'GET' && r.path === INTENTS).at(-1)!.form).toMatchObject({ customer: claimed!.chargeCustomerId });
    expect((await t.database.db.select().from(planChanges).where(eq(planChanges.id, claimed!.id)))[0]).toMatchObject({ status: 'paid', providerPaymentId: intent!.id });
    expect(await t.database.db.select().from(purchases).where(eq(purchases.orderId, claimed!.orderId!))).toMatchObject([{ status: 'paid', providerPaymentId: intent!.id }]);
    expect(await returned(user.id)).toEqual([]);
  });

  it("23 hours after the first try, fails the change properly when the customer's payments at Stripe show it was declined", async () => {
    const { user, serverId } = await customerWithServer({ last4: '0341', creditCents: 100 });
    fake.loseAnswers('POST', INTENTS, SDK_TRIES);
    expect((await post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-4gb' })).statusCode).toBe(202);
    const [claimed] = await t.database.db.select().from(planChanges).where(eq(planChanges.serverId, serverId));
    clock.advance(UNKNOWN_CHARGE_STOP_AFTER_MS);
    await sweepPlanChanges(t.app.planChanges);
    expect(intentRequests(`plan-change-${claimed!.id}`)).toHaveLength(SDK_TRIES);
    expect((await t.database.db.select().from(planChanges).where(eq(planChanges.id, claimed!.id)))[0]).toMatchObject({ status: 'failed', reason: 'Your card was declined.' });
    expect(await returned(user.id)).toMatchObject([{ amountCents: 100 }]);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, claimed!.orderId!)))[0]!.status).toBe('expired');
  });

  it('refuses to remove the card an unknown charge was sent with, and retries with that card after it is detached or another is made the default', async () => {
    const { user, serverId } = await customerWithServer();
    fake.loseAnswers('POST', INTENTS, SDK_TRIES);
    expect((await post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-4gb' })).statusCode).toBe(202);
    const [claimed] = await t.database.db.select().from(planChanges).where(eq(planChanges.serverId, serverId));
    const [card] = (await get(t, '/api/billing/payment-methods', user.cookie)).json() as { id: string }[];
    expect(claimed).toMatchObject({ status: 'charging', chargeMethodId: card!.id, chargeCustomerId: fake.paymentMethods.get(card!.id)!.customer });
    const [server] = await t.database.db.select().from(servers).where(eq(servers.id, serverId));

    const removal = await del(t, `/api/billing/payment-methods/${card!.id}`, user.cookie);
    expect(removal.statusCode, removal.body).toBe(409);
    expect(removal.json().error).toMatchObject({ code: 'card_in_use', message: expect.stringContaining(`the upgrade of ${server!.name}`) });
    expect(fake.paymentMethods.get(card!.id)!.customer).not.toBeNull();

    // Detached at Stripe all the same (from its Dashboard), and another card made the default here.
    fake.paymentMethods.get(card!.id)!.customer = null;
    await t.database.db.execute(sql`insert into payment_method_defaults (user_id, provider, method_id, updated_at) values (${user.id}, 'stripe', 'pm_other', now())`);
    clock.advance(PAID_CHANGE_LEASE_MS);
    await sweepPlanChanges(t.app.planChanges);
    const key = `plan-change-${claimed!.id}`;
    // The same request under the same key: Stripe replays the charge it made.
    expect(new Set(intentRequests(key).map((r) => JSON.stringify(r.form)))).toHaveProperty('size', 1);
    expect((await t.database.db.select().from(planChanges).where(eq(planChanges.id, claimed!.id)))[0]).toMatchObject({ status: 'paid' });
    expect(intentsOf('plan_change_id', claimed!.id)).toHaveLength(1);
    expect(await returned(user.id)).toEqual([]);
    // Settled: the card can go now.
    expect((await del(t, `/api/billing/payment-methods/${card!.id}`, user.cookie)).statusCode).not.toBe(409);
  });

  it('never fails a retry because the card it was first sent with is gone', async () => {
    const { user, serverId } = await customerWithServer({ creditCents: 100 });
    // Nothing reached the endpoint, so nothing is kept under the key.
    fake.failNext('POST', INTENTS, 'rate_limit_error');
    expect((await post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-4gb' })).statusCode).toBe(202);
    const [claimed] = await t.database.db.select().from(planChanges).where(eq(planChanges.serverId, serverId));
    fake.paymentMethods.get(claimed!.chargeMethodId!)!.customer = null;
    clock.advance(PAID_CHANGE_LEASE_MS);
    await sweepPlanChanges(t.app.planChanges);
    // Stripe refuses the detached card; on a retry that proves nothing about the first try.
    expect((await t.database.db.select().from(planChanges).where(eq(planChanges.id, claimed!.id)))[0]).toMatchObject({ status: 'charging', reason: null });
    expect(await returned(user.id)).toEqual([]);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, claimed!.orderId!)))[0]!.status).toBe('pending');
  });

  it('keeps a change that has no stored card (from before cards were stored) claimed when listing the cards fails, then stores the default and settles', async () => {
    const { user, serverId } = await customerWithServer();
    fake.loseAnswers('POST', INTENTS, SDK_TRIES);
    expect((await post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-4gb' })).statusCode).toBe(202);
    const [claimed] = await t.database.db.select().from(planChanges).where(eq(planChanges.serverId, serverId));
    const customer = claimed!.chargeCustomerId!;
    await t.database.db.update(planChanges).set({ chargeMethodId: null, chargeCustomerId: null, chargeTriedAt: null }).where(eq(planChanges.id, claimed!.id));

    clock.advance(PAID_CHANGE_LEASE_MS);
    fake.failNext('GET', `/v1/customers/${customer}/payment_methods`, 'rate_limit_error');
    await sweepPlanChanges(t.app.planChanges);
    expect((await t.database.db.select().from(planChanges).where(eq(planChanges.id, claimed!.id)))[0]).toMatchObject({ status: 'charging', chargeMethodId: null, reason: null });

    clock.advance(PAID_CHANGE_LEASE_MS);
    await sweepPlanChanges(t.app.planChanges);
    expect((await t.database.db.select().from(planChanges).where(eq(planChanges.id, claimed!.id)))[0]).toMatchObject({
      status: 'paid',
      chargeMethodId: claimed!.chargeMethodId,
      chargeCustomerId: customer,
      chargeTriedAt: claimed!.createdAt,
    });
    expect(intentsOf('plan_change_id', claimed!.id)).toHaveLength(1);
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

  it('refuses staff deleting a server whose move is still being charged (409 naming the move), and allows it once the charge is settled', async () => {
    await priceLocation(t, new Date(Date.now() - 86_400_000), 'eu-west', 300);
    const { user, serverId } = await customerWithServer({ plan: 'minecraft-4gb' });
    const admin = await createSignedInUser(t, { role: 'admin' });
    fake.loseAnswers('POST', INTENTS, SDK_TRIES);
    expect((await post(t, `/api/servers/${serverId}/move`, user.cookie, { location: 'eu-west' })).statusCode).toBe(202);
    const [claimed] = await t.database.db.select().from(regionMoves).where(eq(regionMoves.serverId, serverId));
    const [server] = await t.database.db.select().from(servers).where(eq(servers.id, serverId));
    const remove = () =>
      t.app.inject({ method: 'DELETE', url: `/api/admin/servers/${serverId}`, payload: { confirmName: server!.name, reason: 'Owner asked by ticket' }, headers: { cookie: admin.cookie } });

    const refused = await remove();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toContain(`the move to ${claimed!.toLabel} (region move ${claimed!.id})`);
    expect((await t.database.db.select().from(servers).where(eq(servers.id, serverId)))[0]).toMatchObject({ deletedAt: null });

    clock.advance(PAID_CHANGE_LEASE_MS);
    await sweepMoves(t.app.regionMoves);
    expect((await t.database.db.select().from(regionMoves).where(eq(regionMoves.id, claimed!.id)))[0]).toMatchObject({ status: 'running' });
    expect((await remove()).statusCode).not.toBe(409);
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
