import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVERSE_CHARGE_NOTE } from '../../../shared/tax';
import { billingDetails, invoices, purchases, renewals } from '../../db/schema';
import { randomIds } from '../../lib/runtime';
import { startFakeVies, type FakeVies } from '../../test/fakes/vies/fake-vies';
import { createSignedInUser, createTestApp, dbKinds, manualClock, signIn, type TestContext } from '../../test/test-app';
import { buyWithLocalCard } from '../billing/billing.fixtures';
import { addLedgerEntry } from '../../lib/credit-ledger';
import { runRenewals, type RenewalDeps } from '../billing/renewals.service';
import { recordingBus, recordingProvisioning } from '../checkout/checkout.fixtures';
import { addRate, saveStore, setBillingDetails } from './tax.fixtures';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const german = { name: 'Klötzchen GmbH', country: 'DE', postalCode: '10119' };

describe.each(dbKinds)('taxes on renewals on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2030-01-10T10:00:00Z'));
  let deps: RenewalDeps;
  let vies: FakeVies;

  beforeAll(async () => {
    vies = await startFakeVies({ now: clock.now });
    vies.register('NL123456789B01');
    vies.register('FR40303265045', { name: 'KLÖTZCHEN SAS' });
    vies.register('FR83404833048', { name: 'BRIQUES SARL' });
    t = await createTestApp(kind, { clock, env: { VIES_API_URL: vies.url }, checkout: { events: recordingBus(), provisioning: recordingProvisioning() } });
    deps = {
      db: t.database.db,
      clock,
      ids: randomIds,
      payments: t.app.payments,
      panel: t.app.panel,
      events: recordingBus(),
      mailer: t.app.mailer,
      brand: t.config.BRAND_NAME,
      publicUrl: t.config.PUBLIC_URL,
      log: quiet,
      vatIds: t.app.vatIds,
    };
    const admin = (await createSignedInUser(t, { role: 'admin' })).cookie;
    await saveStore(t, admin);
    await addRate(t, admin, { country: 'DE', name: 'VAT', ratePercent: 19 });
  });
  afterAll(async () => {
    await t?.close();
    await vies?.close();
  });

  const renewalOf = async (serverId: string) => (await t.database.db.select().from(renewals).where(eq(renewals.serverId, serverId)))[0]!;
  const invoiceOf = async (id: string) => (await t.database.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;

  it('charges the gross with the billing details at renewal, credit first, commission-free tax', async () => {
    clock.set(new Date('2030-01-10T10:00:00Z'));
    const customer = await createSignedInUser(t, { billing: german });
    const bought = await buyWithLocalCard(t, customer.cookie);
    expect(bought.invoice).toMatchObject({ grossCents: 1666, taxCents: 266 });
    await addLedgerEntry(t.database.db, { currency: 'usd', userId: customer.id, amountCents: 500, kind: 'staff_adjustment', reason: 'Goodwill' });

    clock.set(new Date('2030-02-10T10:00:00Z'));
    await runRenewals(deps);
    const renewal = await renewalOf(bought.server!.id);
    expect(renewal).toMatchObject({ status: 'paid', amountCents: 1400, grossCents: 1666, creditCents: 500 });
    const invoice = await invoiceOf(renewal.invoiceId!);
    expect(invoice).toMatchObject({
      status: 'paid',
      totalCents: 1400,
      netCents: 1400,
      taxCents: 266,
      grossCents: 1666,
      taxLines: [{ name: 'VAT', rate: 19000, amountCents: 266 }],
      seller: { name: 'Blokhost B.V.', country: 'NL' },
      buyer: { name: 'Klötzchen GmbH', country: 'DE' },
    });
    const [purchase] = await t.database.db.select().from(purchases).where(eq(purchases.orderId, renewal.paidOrderId!));
    expect(purchase!.amountCents).toBe(1666);
  });

  it('a customer who became an EU business from another member state renews under reverse charge once VIES verified the ID', async () => {
    clock.set(new Date('2030-03-10T10:00:00Z'));
    const customer = await createSignedInUser(t, { billing: german });
    const bought = await buyWithLocalCard(t, customer.cookie);

    clock.set(new Date('2030-04-01T10:00:00Z'));
    await setBillingDetails(t, await signIn(t, customer), { ...german, vatId: 'FR40303265045' });
    const asked = vies.requests.length;

    // Nine days after the check: no need to ask again.
    clock.set(new Date('2030-04-10T10:00:00Z'));
    await runRenewals(deps);
    expect(vies.requests).toHaveLength(asked);
    const renewal = await renewalOf(bought.server!.id);
    expect(renewal).toMatchObject({ status: 'paid', grossCents: 1400 });
    expect(await invoiceOf(renewal.invoiceId!)).toMatchObject({
      reverseCharge: true,
      taxCents: 0,
      grossCents: 1400,
      taxNote: REVERSE_CHARGE_NOTE,
      buyer: { vatId: 'FR40303265045', vatIdStatus: 'verified', vatCheck: { by: 'vies', consultation: vies.consultations.at(-1), checkedAt: '2030-04-01T10:00:00.000Z' } },
    });
  });

  it('each renewal re-checks an ID verified more than 30 days before: still registered, not any more, or VIES unreachable', async () => {
    clock.set(new Date('2030-05-01T10:00:00Z'));
    const customer = await createSignedInUser(t, { billing: german });
    await setBillingDetails(t, customer.cookie, { ...german, vatId: 'FR83404833048' });
    const bought = await buyWithLocalCard(t, customer.cookie);
    expect(bought.invoice).toMatchObject({ reverseCharge: true, grossCents: 1400 });
    const asked = () => vies.requests.filter((r) => r.vatNumber === '83404833048').length;
    const before = asked();
    const details = async () => (await t.database.db.select().from(billingDetails).where(eq(billingDetails.userId, customer.id)))[0]!;

    // A month later (31 days): asked again, still registered, a new consultation number on the renewal's invoice.
    clock.set(new Date('2030-06-01T10:00:00Z'));
    await runRenewals(deps);
    expect(asked()).toBe(before + 1);
    const june = await renewalOf(bought.server!.id);
    expect(await invoiceOf(june.invoiceId!)).toMatchObject({
      reverseCharge: true,
      grossCents: 1400,
      buyer: { vatIdStatus: 'verified', vatCheck: { consultation: vies.consultations.at(-1), checkedAt: '2030-06-01T10:00:00.000Z' } },
    });

    // Another month (30 days would not be enough: asked on the 2nd, 31 days on): the member state's
    // register is down, so VAT is charged and the check is queued to retry.
    clock.set(new Date('2030-07-02T10:00:00Z'));
    vies.setAvailable('FR', false);
    await runRenewals(deps);
    const july = (await t.database.db.select().from(renewals).where(eq(renewals.serverId, bought.server!.id))).find((r) => r.periodStart.toISOString().startsWith('2030-07'))!;
    expect(await invoiceOf(july.invoiceId!)).toMatchObject({ reverseCharge: false, taxCents: 266, grossCents: 1666, buyer: { vatIdStatus: 'checking', vatCheck: null } });
    expect(await details()).toMatchObject({ vatIdStatus: 'checking', vatIdCheckError: 'MS_UNAVAILABLE', vatIdCheckedAt: new Date('2030-06-01T10:00:00Z') });
    expect(await t.app.jobs.queue.hasLiveJob('vat-id-checks', customer.id)).toBe(true);

    // VIES answers again, but the company's registration has ended: invalid, VAT from now on.
    vies.setAvailable('FR', true);
    vies.unregister('FR83404833048');
    await t.app.vatIds.retry(customer.id, { last: false });
    expect(await details()).toMatchObject({ vatIdStatus: 'invalid' });
    clock.set(new Date('2030-08-02T10:00:00Z'));
    const count = asked();
    await runRenewals(deps);
    // An invalid ID is not asked about again until the customer saves it again.
    expect(asked()).toBe(count);
    const august = (await t.database.db.select().from(renewals).where(eq(renewals.serverId, bought.server!.id))).find((r) => r.periodStart.toISOString().startsWith('2030-08'))!;
    expect(await invoiceOf(august.invoiceId!)).toMatchObject({ reverseCharge: false, grossCents: 1666, buyer: { vatIdStatus: 'invalid' } });
    vies.register('FR83404833048', { name: 'BRIQUES SARL' });
  });
});
