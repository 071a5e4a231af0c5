import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchases, renewals, servers } from '../../db/schema';
import { addLedgerEntry, balanceCents } from '../../lib/credit-ledger';
import { randomIds } from '../../lib/runtime';
import type { PaymentProvider } from '../../integrations/payments/payment-provider';
import { recordingBus, recordingProvisioning } from '../checkout/checkout.fixtures';
import { createSignedInUser, createTestApp, dbKinds, manualClock, type TestContext } from '../../test/test-app';
import { buyWithLocalCard } from './billing.fixtures';
import { runRenewals, type RenewalDeps } from './renewals.service';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** Renewals and the provider's minimum charge and invalid requests (decision 047). */
describe.each(dbKinds)('renewals under the minimum charge, and requests the provider refuses, on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2030-01-31T10:00:00Z'));
  const charges: { amountCents: number; serverId: string | undefined }[] = [];
  let answer: Awaited<ReturnType<NonNullable<PaymentProvider['chargeSaved']>>> | null = null;
  let deps: RenewalDeps;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, checkout: { events: recordingBus(), provisioning: recordingProvisioning() } });
    const real = t.app.payments;
    const payments: PaymentProvider = {
      ...real,
      savedCards: real.savedCards,
      // Counts what would reach the provider; `answer` stands in for what it says.
      async chargeSaved(paymentMethodId, amountCents, description, options) {
        charges.push({ amountCents, serverId: options?.metadata?.server_id });
        return answer ?? real.chargeSaved!(paymentMethodId, amountCents, description, options);
      },
    };
    deps = { db: t.database.db, clock, ids: randomIds, payments, panel: t.app.panel, events: recordingBus(), mailer: t.app.mailer, brand: 'Spawnpoint', publicUrl: t.config.PUBLIC_URL, log: quiet };
  });
  afterAll(async () => t?.close());

  async function serverDueOn(day: Date) {
    clock.set(new Date(day.getTime() - 28 * 24 * 3600_000));
    const customer = await createSignedInUser(t);
    const bought = await buyWithLocalCard(t, customer.cookie, { card: { saveCard: true } });
    await t.database.db.update(servers).set({ status: 'online', renewsAt: day }).where(eq(servers.id, bought.server!.id));
    return { customer, serverId: bought.server!.id };
  }

  it('never charges the card a rest under the minimum: credit pays what it can, the rest is waived', async () => {
    const day = new Date('2030-03-01T10:00:00Z');
    const { customer, serverId } = await serverDueOn(day);
    // $13.70 of credit on a $14.00 renewal leaves 30 cents: under Stripe's 50.
    await addLedgerEntry(t.database.db, { currency: 'usd', userId: customer.id, amountCents: 1370, kind: 'staff_adjustment', reason: 'Goodwill' });
    charges.length = 0;
    clock.set(day);
    await runRenewals(deps);
    expect(charges.filter((c) => c.serverId === serverId)).toEqual([]);
    const [renewal] = await t.database.db.select().from(renewals).where(eq(renewals.serverId, serverId));
    expect(renewal).toMatchObject({ status: 'paid', creditCents: 1370, waivedCents: 30, providerPaymentId: null });
    const [purchase] = await t.database.db.select().from(purchases).where(eq(purchases.orderId, renewal!.paidOrderId!));
    expect(purchase).toMatchObject({ amountCents: 1400, waivedCents: 30 });
    expect(await balanceCents(t.database.db, customer.id, 'usd')).toBe(0);
  });

  it('ends the attempt when the provider refuses the request itself: dunning takes over, staff read why, no retry loop', async () => {
    const day = new Date('2030-04-01T10:00:00Z');
    const { serverId } = await serverDueOn(day);
    charges.length = 0;
    answer = { ok: false, reason: 'Stripe refused the charge: No such PaymentMethod', refused: 'request' };
    try {
      clock.set(day);
      await runRenewals(deps);
      // Five minutes later (the next cron tick) the same request is not sent again.
      clock.set(new Date(day.getTime() + 5 * 60_000));
      await runRenewals(deps);
      clock.set(new Date(day.getTime() + 20 * 60_000));
      await runRenewals(deps);
    } finally {
      answer = null;
    }
    expect(charges.filter((c) => c.serverId === serverId)).toEqual([{ amountCents: 1400, serverId }]);
    const [renewal] = await t.database.db.select().from(renewals).where(eq(renewals.serverId, serverId));
    expect(renewal).toMatchObject({ status: 'failed', attempts: 1, lastError: 'Stripe refused the charge: No such PaymentMethod' });
    expect(renewal!.nextAttemptAt!.getTime()).toBeGreaterThan(day.getTime() + 24 * 3600_000 - 1);
  });
});
