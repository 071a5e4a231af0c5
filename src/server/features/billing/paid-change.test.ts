import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, invoices, orders, planChanges, purchases, regionMoves } from '../../db/schema';
import type { ChargeSavedOptions, SavedCardCharge } from '../../integrations/payments/payment-provider';
import { activityMessages, provisionUntilOnline, serverRow } from '../../jobs/provisioning.fixtures';
import { addLedgerEntry, balanceCents } from '../../lib/credit-ledger';
import { createSignedInUser, createTestApp, dbKinds, manualClock, signIn, type TestContext } from '../../test/test-app';
import { minecraftChoice } from '../checkout/checkout.fixtures';
import { sweepPlanChanges } from '../plan-changes/plan-changes.service';
import { priceLocation } from '../region-moves/region-moves.fixtures';
import { sweepMoves } from '../region-moves/region-moves.service';
import { buyWithLocalCard, post } from './billing.fixtures';
import type { Locale } from '../../../shared/i18n/locales';
import type { Say } from '../../../shared/line-text';
import { chargeDescription, PAID_CHANGE_LEASE_MS } from './paid-change';

/** Saved by the built-in checkout, then declined off-session (local-provider.ts failsRenewals). */
const decliningCard = { number: '4000 0000 0000 0341' };

/**
 * billing/paid-change.ts through the two features that use it (decision 043): account credit
 * paying the whole change, a declined card giving the credit back, and a charge a stopped process
 * left claimed, settled by the sweep with the same idempotency key.
 */
describe.each(dbKinds)('one payment flow for paid server changes on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2030-01-15T12:00:00Z'));
  const queuedMoves: string[] = [];
  let restoreCharge: (() => void) | null = null;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      clock,
      env: { SIM_PANEL_INSTALL_SECONDS: '0' },
      checkout: { resizes: { enqueue: async () => {} }, moves: { enqueue: async (id) => void queuedMoves.push(id) } },
    });
  });
  afterEach(() => {
    restoreCharge?.();
    restoreCharge = null;
  });
  afterAll(async () => t?.close());

  /** A customer with a Minecraft server in US West (2GB unless told), bought on 15 Jan, and signed in again half way through the period. */
  async function customerHalfwayThrough(options: { plan?: string; card?: { number: string }; creditCents?: number } = {}) {
    clock.set(new Date('2030-01-15T12:00:00Z'));
    const user = await createSignedInUser(t);
    const bought = await buyWithLocalCard(t, user.cookie, { choice: { ...minecraftChoice, plan: options.plan ?? 'minecraft-2gb' }, card: { ...options.card, saveCard: true } });
    await provisionUntilOnline({ db: t.database.db, clock, panel: t.app.panel, events: t.app.events }, bought.server!.id);
    if (options.creditCents) {
      await addLedgerEntry(t.database.db, { currency: 'usd', userId: user.id, amountCents: options.creditCents, kind: 'staff_adjustment', reason: 'Prepaid' });
    }
    clock.set(new Date('2030-01-31T00:00:00Z'));
    user.cookie = await signIn(t, user);
    return { user, serverId: bought.server!.id };
  }

  /**
   * Replaces the provider's off-session charge. Like Stripe, a repeated idempotency key answers the
   * first outcome without charging again, and is refused when sent with other parameters (the fake
   * Stripe's idempotency_error); `hold` keeps the very first call from answering until released.
   */
  function recordCharges(options: { hold?: boolean } = {}) {
    const payments = t.app.payments;
    const real = payments.chargeSaved!.bind(payments);
    const calls: { amountCents: number; description: string; key: string | undefined }[] = [];
    const outcomes = new Map<string, Promise<SavedCardCharge>>();
    const sent = new Map<string, string>();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    payments.chargeSaved = async (cardId: string, amountCents: number, description: string, chargeOptions: ChargeSavedOptions) => {
      const n = calls.push({ amountCents, description, key: chargeOptions?.idempotencyKey });
      const key = chargeOptions?.idempotencyKey ?? `call-${n}`;
      const params = JSON.stringify([cardId, amountCents, description, chargeOptions]);
      if ((sent.get(key) ?? params) !== params) throw new Error(`Keys for idempotent requests can only be used with the same parameters they were first used with (${key})`);
      sent.set(key, params);
      if (!outcomes.has(key)) outcomes.set(key, real(cardId, amountCents, description, chargeOptions));
      const outcome = await outcomes.get(key)!;
      if (n === 1 && options.hold) await held;
      return outcome;
    };
    restoreCharge = () => {
      release();
      payments.chargeSaved = real;
    };
    return { calls, charges: () => outcomes.size, release: () => release() };
  }

  async function speaks(cookie: string, language: string) {
    const res = await t.app.inject({ method: 'PUT', url: '/api/account/preferences', headers: { cookie }, payload: { language } });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function until(check: () => boolean) {
    for (let i = 0; i < 500 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(check()).toBe(true);
  }

  const ledgerOf = (userId: string) => t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));

  it('pays an upgrade wholly from account credit: no card charge, the credit booked against it, the invoice issued', async () => {
    const { user, serverId } = await customerHalfwayThrough({ creditCents: 1000 });
    const charges = recordCharges();
    // ($14.00 − $7.00) for the 15.5 of 31 days left: $3.50, all of it from the $10.00 of credit.
    const res = await post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-4gb' });
    expect(res.statusCode, res.body).toBe(200);
    const [change] = await t.database.db.select().from(planChanges).where(eq(planChanges.id, res.json().change.id));
    expect(change).toMatchObject({ status: 'paid', grossCents: 350, creditCents: 350, providerPaymentId: null });
    expect(charges.calls).toEqual([]);

    expect(await t.database.db.select().from(purchases).where(eq(purchases.orderId, change!.orderId!))).toMatchObject([{ amountCents: 350, status: 'paid', providerPaymentId: null }]);
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.id, change!.invoiceId!));
    expect(invoice).toMatchObject({ status: 'paid', grossCents: 350 });
    expect(await balanceCents(t.database.db, user.id, 'usd')).toBe(650);
    const applied = (await ledgerOf(user.id)).filter((e) => e.kind === 'credit_applied');
    expect(applied).toMatchObject([{ amountCents: -350, referenceId: `plan-change:${change!.id}`, reason: expect.stringContaining('Applied to the upgrade of') }]);
  });

  it('never sends a rest under the minimum charge to the card: credit pays what it can and the rest is waived (decision 047)', async () => {
    const { user, serverId } = await customerHalfwayThrough({ creditCents: 320 });
    const charges = recordCharges();
    // $3.50 due, $3.20 of credit: the 30 cents left are under Stripe's 50-cent minimum.
    const res = await post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-4gb' });
    expect(res.statusCode, res.body).toBe(200);
    const [change] = await t.database.db.select().from(planChanges).where(eq(planChanges.id, res.json().change.id));
    expect(change).toMatchObject({ status: 'paid', grossCents: 350, creditCents: 320, providerPaymentId: null });
    expect(charges.calls).toEqual([]);
    expect(await t.database.db.select().from(purchases).where(eq(purchases.orderId, change!.orderId!))).toMatchObject([{ amountCents: 350, waivedCents: 30, providerPaymentId: null }]);
    expect(await balanceCents(t.database.db, user.id, 'usd')).toBe(0);
  });

  it('settles an upgrade whose whole price is under the minimum without a checkout, even when a checkout was asked for', async () => {
    const { user, serverId } = await customerHalfwayThrough();
    // Six hours before the renewal on 15 Feb, the upgrade's prorated price is a few cents.
    clock.set(new Date('2030-02-15T06:00:00Z'));
    user.cookie = await signIn(t, user);
    const charges = recordCharges();
    const res = await post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-4gb', pay: 'checkout' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().checkout_url).toBeNull();
    const [change] = await t.database.db.select().from(planChanges).where(eq(planChanges.id, res.json().change.id));
    expect(change!.grossCents).toBeGreaterThan(0);
    expect(change!.grossCents).toBeLessThan(50);
    expect(change).toMatchObject({ status: 'paid', creditCents: 0, providerPaymentId: null });
    expect(charges.calls).toEqual([]);
    const [purchase] = await t.database.db.select().from(purchases).where(eq(purchases.orderId, change!.orderId!));
    expect(purchase).toMatchObject({ amountCents: change!.grossCents, waivedCents: change!.grossCents });
  });

  it('gives the credit back and fails the upgrade when the saved card declines the rest', async () => {
    const { user, serverId } = await customerHalfwayThrough({ card: decliningCard, creditCents: 100 });
    const res = await post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-4gb' });
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json().error).toEqual({ code: 'card_declined', message: 'Your card was declined. Nothing was charged. You can pay with another card instead.' });

    const [change] = await t.database.db.select().from(planChanges).where(eq(planChanges.serverId, serverId));
    expect(change).toMatchObject({ status: 'failed', reason: 'Your card was declined.', creditCents: 100, invoiceId: null });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, change!.orderId!));
    expect(order).toMatchObject({ kind: 'plan_change', status: 'expired' });
    expect(await t.database.db.select().from(purchases).where(eq(purchases.orderId, order!.id))).toEqual([]);
    expect(await balanceCents(t.database.db, user.id, 'usd')).toBe(100);
    const returned = (await ledgerOf(user.id)).filter((e) => e.kind === 'refund_credit');
    expect(returned).toMatchObject([{ amountCents: 100, referenceId: `plan-change-return:${change!.id}` }]);
    expect(await activityMessages(t.database.db, user.id)).toContain('Payment for the upgrade to Minecraft 4GB failed: Your card was declined.');
    // The failed change no longer blocks another try.
    expect((await post(t, `/api/servers/${serverId}/plan-change/quote`, user.cookie, { plan: 'minecraft-4gb' })).statusCode).toBe(200);
  });

  it('cancels a dearer move and gives its credit back when the saved card declines; the server stays where it was', async () => {
    await priceLocation(t, new Date('2030-01-15T00:00:00Z'), 'eu-west', 300);
    const { user, serverId } = await customerHalfwayThrough({ plan: 'minecraft-4gb', card: decliningCard, creditCents: 50 });
    // ($17.00 − $14.00) for half the period: $1.50, $0.50 of it from credit.
    const res = await post(t, `/api/servers/${serverId}/move`, user.cookie, { location: 'eu-west' });
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json().error).toEqual({ code: 'card_declined', message: 'Your card was declined. Nothing was charged and the server was not moved.' });

    const [move] = await t.database.db.select().from(regionMoves).where(eq(regionMoves.serverId, serverId));
    expect(move).toMatchObject({ status: 'cancelled', reason: 'Your card was declined.', grossCents: 150, creditCents: 50, invoiceId: null });
    expect(move!.completedAt).not.toBeNull();
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, move!.orderId!));
    expect(order).toMatchObject({ kind: 'region_move', status: 'expired' });
    expect(await balanceCents(t.database.db, user.id, 'usd')).toBe(50);
    expect((await ledgerOf(user.id)).filter((e) => e.kind === 'refund_credit')).toMatchObject([{ amountCents: 50, referenceId: `region-move-return:${move!.id}` }]);
    expect((await serverRow(t.database.db, serverId)).location).toBe('us-west');
    expect(queuedMoves).not.toContain(move!.id);
    await priceLocation(t, new Date('2030-01-15T00:00:00Z'), 'eu-west', 0);
  });

  it('settles an upgrade charge a stopped process left claimed: the sweep asks again with the same key, the card pays once, and the stopped request finds it settled', async () => {
    const { user, serverId } = await customerHalfwayThrough();
    const charges = recordCharges({ hold: true });
    // The request charges the card, then stops before writing the outcome.
    const stopped = post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-4gb' });
    await until(() => charges.calls.length === 1);
    const [claimed] = await t.database.db.select().from(planChanges).where(eq(planChanges.serverId, serverId));
    expect(claimed).toMatchObject({ status: 'charging', grossCents: 350 });

    // Inside the lease the sweep leaves it alone; past it, the charge is settled.
    clock.advance(PAID_CHANGE_LEASE_MS - 60_000);
    await sweepPlanChanges(t.app.planChanges);
    expect(charges.calls).toHaveLength(1);
    clock.advance(60_000);
    await sweepPlanChanges(t.app.planChanges);
    expect(charges.calls.map((c) => c.key)).toEqual([`plan-change-${claimed!.id}`, `plan-change-${claimed!.id}`]);
    expect(charges.calls.map((c) => c.description)).toEqual(['Upgrade to Minecraft 4GB ($3.50)', 'Upgrade to Minecraft 4GB ($3.50)']);
    expect(charges.charges()).toBe(1);
    const [settled] = await t.database.db.select().from(planChanges).where(eq(planChanges.id, claimed!.id));
    expect(settled).toMatchObject({ status: 'paid' });
    expect(settled!.invoiceId).not.toBeNull();
    expect(settled!.providerPaymentId).toMatch(/^ch_local_/);

    charges.release();
    const late = await stopped;
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().error.code).toBe('change_open');
    const bought = await t.database.db.select().from(purchases).where(eq(purchases.orderId, claimed!.orderId!));
    expect(bought).toMatchObject([{ amountCents: 350, providerPaymentId: settled!.providerPaymentId }]);
    expect(await t.database.db.select().from(invoices).where(eq(invoices.orderId, claimed!.orderId!))).toHaveLength(1);
  });

  it('settles a move charge left claimed past its lease, once, and queues the move', async () => {
    await priceLocation(t, new Date('2030-01-15T00:00:00Z'), 'eu-west', 300);
    const { user, serverId } = await customerHalfwayThrough({ plan: 'minecraft-4gb' });
    const charges = recordCharges({ hold: true });
    const stopped = post(t, `/api/servers/${serverId}/move`, user.cookie, { location: 'eu-west' });
    await until(() => charges.calls.length === 1);
    const [claimed] = await t.database.db.select().from(regionMoves).where(and(eq(regionMoves.serverId, serverId), eq(regionMoves.status, 'charging')));
    expect(claimed).toMatchObject({ grossCents: 150, step: null });

    clock.advance(PAID_CHANGE_LEASE_MS);
    await sweepMoves(t.app.regionMoves);
    expect(charges.calls.map((c) => c.key)).toEqual([`region-move-${claimed!.id}`, `region-move-${claimed!.id}`]);
    expect(charges.charges()).toBe(1);
    const [running] = await t.database.db.select().from(regionMoves).where(eq(regionMoves.id, claimed!.id));
    expect(running).toMatchObject({ status: 'running', step: 'stop' });
    expect(running!.invoiceId).not.toBeNull();
    expect(queuedMoves).toContain(claimed!.id);

    charges.release();
    const late = await stopped;
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().error.code).toBe('move_open');
    expect(await t.database.db.select().from(purchases).where(eq(purchases.orderId, claimed!.orderId!))).toHaveLength(1);
    await priceLocation(t, new Date('2030-01-15T00:00:00Z'), 'eu-west', 0);
  });

  it("describes a German customer's upgrade charge in German, and sends the same words again with the same key after they switch to French (decision 082)", async () => {
    const { user, serverId } = await customerHalfwayThrough();
    await speaks(user.cookie, 'de');
    const charges = recordCharges({ hold: true });
    const stopped = post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-4gb' });
    await until(() => charges.calls.length === 1);
    const [claimed] = await t.database.db.select().from(planChanges).where(eq(planChanges.serverId, serverId));
    expect(claimed).toMatchObject({ status: 'charging', locale: 'de' });
    expect(charges.calls[0]!.description).toBe('Upgrade auf Minecraft 4GB (3,50\u00a0$)');

    // The customer now reads the shop in French; the charge left claimed is settled in the language it was made in.
    await speaks(user.cookie, 'fr');
    clock.advance(PAID_CHANGE_LEASE_MS);
    await sweepPlanChanges(t.app.planChanges);
    expect(charges.calls.map((c) => c.key)).toEqual([`plan-change-${claimed!.id}`, `plan-change-${claimed!.id}`]);
    expect(charges.calls[1]!.description).toBe(charges.calls[0]!.description);
    expect(charges.charges()).toBe(1);
    const [settled] = await t.database.db.select().from(planChanges).where(eq(planChanges.id, claimed!.id));
    expect(settled).toMatchObject({ status: 'paid', locale: 'de' });

    charges.release();
    expect((await stopped).statusCode).toBe(409);
  });

  it("describes a move's charge in the language of the request when the account names none, and keeps it on the retry", async () => {
    await priceLocation(t, new Date('2030-01-15T00:00:00Z'), 'eu-west', 300);
    const { user, serverId } = await customerHalfwayThrough({ plan: 'minecraft-4gb' });
    const charges = recordCharges({ hold: true });
    const stopped = t.app.inject({ method: 'POST', url: `/api/servers/${serverId}/move`, headers: { cookie: user.cookie, 'accept-language': 'de-DE,de;q=0.9' }, payload: { location: 'eu-west' } });
    await until(() => charges.calls.length === 1);
    const [claimed] = await t.database.db.select().from(regionMoves).where(and(eq(regionMoves.serverId, serverId), eq(regionMoves.status, 'charging')));
    expect(claimed!.locale).toBe('de');
    expect(charges.calls[0]!.description).toBe(`Umzug nach ${claimed!.toLabel} (1,50\u00a0$)`);

    await speaks(user.cookie, 'fr');
    clock.advance(PAID_CHANGE_LEASE_MS);
    await sweepMoves(t.app.regionMoves);
    expect(charges.calls.map((c) => c.description)).toEqual([charges.calls[0]!.description, charges.calls[0]!.description]);
    expect(charges.charges()).toBe(1);

    charges.release();
    expect((await stopped).statusCode).toBe(409);
    await priceLocation(t, new Date('2030-01-15T00:00:00Z'), 'eu-west', 0);
  });

  it('describes the charge of a change stored before its language was in English, as before', async () => {
    type Row = { plan: string; locale: Locale | null };
    const upgrade = { chargeLabel: (row: Row, say: Say) => say('line.upgradeTo', { plan: row.plan }) ?? '', locale: (row: Row) => row.locale };
    expect(await chargeDescription(upgrade, { plan: 'Minecraft 4GB', locale: null }, 350, 'usd')).toBe('Upgrade to Minecraft 4GB ($3.50)');
    expect(await chargeDescription(upgrade, { plan: 'Minecraft 4GB', locale: 'pt-BR' }, 350, 'eur')).toBe('Upgrade para Minecraft 4GB (€\u00a03,50)');
  });
});
