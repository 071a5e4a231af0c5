import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewals, servers } from '../../db/schema';
import { randomIds } from '../../lib/runtime';
import type { ChargeSavedOptions, PaymentProvider } from '../../integrations/payments/payment-provider';
import { recordingBus, recordingProvisioning } from '../checkout/checkout.fixtures';
import { createSignedInUser, createTestApp, dbKinds, manualClock, signIn, type TestContext } from '../../test/test-app';
import { buyWithLocalCard } from './billing.fixtures';
import { CHARGE_LEASE_MS, renewalChargeDescription, runRenewals, type RenewalDeps } from './renewals.service';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * A renewal's card charge is described in the customer's language stored on the renewal when its
 * period is opened (decision 084, as decision 082 for paid changes): a retry of an attempt whose
 * outcome is unknown sends the same words under the same idempotency key.
 */
describe.each(dbKinds)('the words of a renewal charge on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2030-01-31T10:00:00Z'));
  const charges: { description: string; key: string | undefined; serverId: string | undefined }[] = [];
  let throwNext = false;
  let deps: RenewalDeps;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, checkout: { events: recordingBus(), provisioning: recordingProvisioning() } });
    const real = t.app.payments;
    const payments: PaymentProvider = {
      ...real,
      savedCards: real.savedCards,
      async chargeSaved(paymentMethodId: string, amountCents: number, description: string, options: ChargeSavedOptions) {
        charges.push({ description, key: options.idempotencyKey, serverId: options.metadata?.server_id });
        const outcome = await real.chargeSaved!(paymentMethodId, amountCents, description, options);
        if (throwNext) {
          // The provider charged, and its answer was lost on the way back.
          throwNext = false;
          throw new Error('socket hang up');
        }
        return outcome;
      },
    };
    deps = { db: t.database.db, clock, ids: randomIds, payments, panel: t.app.panel, events: recordingBus(), mailer: t.app.mailer, brand: 'Spawnpoint', publicUrl: t.config.PUBLIC_URL, log: quiet };
  });
  afterAll(async () => t?.close());

  async function serverDueOn(day: Date, language?: string) {
    clock.set(new Date(day.getTime() - 28 * 24 * 3600_000));
    const customer = await createSignedInUser(t);
    if (language) await speaks(customer.cookie, language);
    const bought = await buyWithLocalCard(t, customer.cookie, { card: { saveCard: true } });
    await t.database.db.update(servers).set({ status: 'online', renewsAt: day }).where(eq(servers.id, bought.server!.id));
    return { customer, server: bought.server! };
  }

  async function speaks(cookie: string, language: string) {
    const res = await t.app.inject({ method: 'PUT', url: '/api/account/preferences', headers: { cookie }, payload: { language } });
    expect(res.statusCode, res.body).toBe(200);
  }

  const chargesOf = (serverId: string) => charges.filter((c) => c.serverId === serverId);

  it("describes a German customer's renewal in German, and sends the same words with the same key after they switch to French", async () => {
    const day = new Date('2030-03-01T10:00:00Z');
    const { customer, server } = await serverDueOn(day, 'de');
    throwNext = true;
    clock.set(day);
    await runRenewals(deps);
    const [renewal] = await t.database.db.select().from(renewals).where(eq(renewals.serverId, server.id));
    expect(renewal).toMatchObject({ locale: 'de', status: 'charging' });
    expect(chargesOf(server.id).map((c) => c.description)).toEqual([`Verlängerung von ${server.name} (14,00\u00a0$)`]);

    // The customer now reads the shop in French; the attempt whose answer was lost is asked again in German.
    clock.set(new Date(day.getTime() + 5 * 60_000));
    await speaks(await signIn(t, customer), 'fr');
    clock.set(new Date(day.getTime() + CHARGE_LEASE_MS + 60_000));
    await runRenewals(deps);
    const sent = chargesOf(server.id);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect((await t.database.db.select().from(renewals).where(eq(renewals.id, renewal!.id)))[0]).toMatchObject({ status: 'paid', locale: 'de' });
  });

  it("stores the customer's language when the account names none (English here: their sign-in's and the shop's)", async () => {
    const day = new Date('2030-04-01T10:00:00Z');
    const { server } = await serverDueOn(day);
    clock.set(day);
    await runRenewals(deps);
    const [renewal] = await t.database.db.select().from(renewals).where(eq(renewals.serverId, server.id));
    expect(renewal).toMatchObject({ locale: 'en', status: 'paid' });
    expect(chargesOf(server.id).map((c) => c.description)).toEqual([`${server.name} renewal ($14.00)`]);
  });

  it('keeps the English words of a renewal opened before it stored a language, and words each language from the shipped messages', async () => {
    expect(await renewalChargeDescription(null, 'Creeper Valley', 1500, 'usd')).toBe('Creeper Valley renewal ($15.00)');
    expect(await renewalChargeDescription('en', 'Creeper Valley', 1500, 'usd')).toBe('Creeper Valley renewal ($15.00)');
    expect(await renewalChargeDescription('fr', 'Creeper Valley', 1500, 'eur')).toBe('Renouvellement de Creeper Valley (15,00\u00a0€)');
    expect(await renewalChargeDescription('es', 'Creeper Valley', 1500, 'eur')).toBe('Renovación de Creeper Valley (15,00\u00a0€)');
    expect(await renewalChargeDescription('pt-BR', 'Creeper Valley', 1500, 'eur')).toBe('Renovação de Creeper Valley (€\u00a015,00)');
  });
});
