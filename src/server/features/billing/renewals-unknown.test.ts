import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localPaymentMethods, renewals, servers } from '../../db/schema';
import { randomIds } from '../../lib/runtime';
import type { StaffAlert } from '../../lib/staff-alert';
import type { ChargeSavedOptions, PaymentProvider } from '../../integrations/payments/payment-provider';
import { recordingBus, recordingProvisioning } from '../checkout/checkout.fixtures';
import { createSignedInUser, createTestApp, dbKinds, manualClock, signIn, type TestContext } from '../../test/test-app';
import { buyWithLocalCard, del } from './billing.fixtures';
import { UNKNOWN_CHARGE_STOP_AFTER_MS } from './paid-change';
import { CHARGE_LEASE_MS, runRenewals, type RenewalDeps } from './renewals.service';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * A renewal attempt whose card charge has an unknown outcome (decision 084): retried with the card
 * it was first sent with, the card cannot be removed meanwhile, a card gone on a retry is not a
 * decline, and 23 hours after the first try it is no longer sent but left to staff.
 */
describe.each(dbKinds)('a renewal charge with an unknown outcome on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2030-01-31T10:00:00Z'));
  const charges: { methodId: string; key: string | undefined; serverId: string | undefined }[] = [];
  const alerts: StaffAlert[] = [];
  let throwNext = false;
  let deps: RenewalDeps;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, checkout: { events: recordingBus(), provisioning: recordingProvisioning() } });
    const real = t.app.payments;
    const payments: PaymentProvider = {
      ...real,
      savedCards: real.savedCards,
      async chargeSaved(paymentMethodId: string, amountCents: number, description: string, options: ChargeSavedOptions) {
        charges.push({ methodId: paymentMethodId, key: options.idempotencyKey, serverId: options.metadata?.server_id });
        const outcome = await real.chargeSaved!(paymentMethodId, amountCents, description, options);
        if (throwNext) {
          // The provider charged, and its answer was lost on the way back.
          throwNext = false;
          throw new Error('socket hang up');
        }
        return outcome;
      },
    };
    deps = {
      db: t.database.db,
      clock,
      ids: randomIds,
      payments,
      panel: t.app.panel,
      events: recordingBus(),
      mailer: t.app.mailer,
      brand: 'Spawnpoint',
      publicUrl: t.config.PUBLIC_URL,
      log: quiet,
      alerts: { raise: async (alert: StaffAlert) => void alerts.push(alert) },
    };
  });
  afterAll(async () => t?.close());

  async function serverDueOn(day: Date) {
    clock.set(new Date(day.getTime() - 28 * 24 * 3600_000));
    const customer = await createSignedInUser(t);
    const bought = await buyWithLocalCard(t, customer.cookie, { card: { saveCard: true } });
    await t.database.db.update(servers).set({ status: 'online', renewsAt: day }).where(eq(servers.id, bought.server!.id));
    return { customer, server: bought.server! };
  }
  const chargesOf = (serverId: string) => charges.filter((c) => c.serverId === serverId);
  const renewalOf = async (serverId: string) => (await t.database.db.select().from(renewals).where(eq(renewals.serverId, serverId)))[0]!;

  it('refuses to remove the card while the attempt is unknown, and does not fail the retry when the card is gone all the same', async () => {
    const day = new Date('2030-03-01T10:00:00Z');
    const { customer, server } = await serverDueOn(day);
    throwNext = true;
    clock.set(day);
    await runRenewals(deps);
    const [card] = await t.database.db.select().from(localPaymentMethods).where(eq(localPaymentMethods.userId, customer.id));
    expect(await renewalOf(server.id)).toMatchObject({ status: 'charging', chargeMethodId: card!.id, attempts: 1 });

    const removal = await del(t, `/api/billing/payment-methods/${card!.id}`, await signIn(t, customer));
    expect(removal.statusCode, removal.body).toBe(409);
    expect(removal.json().error).toMatchObject({ code: 'card_in_use', message: expect.stringContaining(`the renewal of ${server.name}`) });

    // Gone all the same (removed behind the shop's back): the retry cannot prove it was not charged.
    await t.database.db.delete(localPaymentMethods).where(eq(localPaymentMethods.id, card!.id));
    clock.set(new Date(day.getTime() + CHARGE_LEASE_MS + 60_000));
    await runRenewals(deps);
    expect(chargesOf(server.id).map((c) => [c.methodId, c.key])).toEqual([
      [card!.id, expect.stringMatching(/-1$/)],
      [card!.id, expect.stringMatching(/-1$/)],
    ]);
    expect(await renewalOf(server.id)).toMatchObject({ status: 'charging', attempts: 1, lastError: null });
  });

  it('stops sending the key 23 hours after the first try, and tells staff to settle it by hand', async () => {
    const day = new Date('2030-04-01T10:00:00Z');
    const { server } = await serverDueOn(day);
    throwNext = true;
    clock.set(day);
    await runRenewals(deps);
    const first = await renewalOf(server.id);
    expect(first).toMatchObject({ status: 'charging' });
    const key = chargesOf(server.id)[0]!.key!;

    clock.set(new Date(day.getTime() + UNKNOWN_CHARGE_STOP_AFTER_MS));
    await runRenewals(deps);
    expect(chargesOf(server.id)).toHaveLength(1);
    const stopped = await renewalOf(server.id);
    expect(stopped).toMatchObject({ status: 'charging', attempts: 1 });
    expect(stopped.nextAttemptAt!.getTime()).toBe(clock.now().getTime() + 24 * 3600_000);
    expect(alerts.at(-1)).toMatchObject({
      kind: 'server_needs_staff',
      subject: `Card charge must be settled by hand: the renewal of ${server.name}`,
      lines: expect.arrayContaining([expect.stringContaining(`the idempotency key ${key}`)]),
    });
    // A day later the job looks again, and still sends nothing.
    clock.set(new Date(clock.now().getTime() + 24 * 3600_000 + 1));
    await runRenewals(deps);
    expect(chargesOf(server.id)).toHaveLength(1);
    expect(await renewalOf(server.id)).toMatchObject({ status: 'charging' });
  });
});
