import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVERSE_CHARGE_NOTE } from '../../../shared/tax';
import { invoices, purchases, renewals } from '../../db/schema';
import { randomIds } from '../../lib/runtime';
import { createSignedInUser, createTestApp, dbKinds, manualClock, type TestContext } from '../../test/test-app';
import { buyWithLocalCard } from '../billing/billing.fixtures';
import { addLedgerEntry } from '../billing/ledger';
import { runRenewals, type RenewalDeps } from '../billing/renewals.service';
import { recordingBus, recordingProvisioning } from '../checkout/checkout.fixtures';
import { addRate, saveStore, setBillingDetails } from './tax.fixtures';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const german = { name: 'Klötzchen GmbH', country: 'DE', postalCode: '10119' };

describe.each(dbKinds)('taxes on renewals on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2030-01-10T10:00:00Z'));
  let deps: RenewalDeps;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, checkout: { events: recordingBus(), provisioning: recordingProvisioning() } });
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
    };
    const admin = (await createSignedInUser(t, { role: 'admin' })).cookie;
    await saveStore(t, admin);
    await addRate(t, admin, { country: 'DE', name: 'VAT', ratePercent: 19 });
  });
  afterAll(async () => t?.close());

  const renewalOf = async (serverId: string) => (await t.database.db.select().from(renewals).where(eq(renewals.serverId, serverId)))[0]!;
  const invoiceOf = async (id: string) => (await t.database.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;

  it('charges the gross with the billing details at renewal, credit first, commission-free tax', async () => {
    clock.set(new Date('2030-01-10T10:00:00Z'));
    const customer = await createSignedInUser(t, { billing: german });
    const bought = await buyWithLocalCard(t, customer.cookie);
    expect(bought.invoice).toMatchObject({ grossCents: 1666, taxCents: 266 });
    await addLedgerEntry(t.database.db, { userId: customer.id, amountCents: 500, kind: 'staff_adjustment', reason: 'Goodwill' });

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

  it('a customer who became an EU business from another member state renews under reverse charge', async () => {
    clock.set(new Date('2030-03-10T10:00:00Z'));
    const customer = await createSignedInUser(t, { billing: german });
    const bought = await buyWithLocalCard(t, customer.cookie);
    await setBillingDetails(t, customer.cookie, { ...german, vatId: 'FR40303265045' });

    clock.set(new Date('2030-04-10T10:00:00Z'));
    await runRenewals(deps);
    const renewal = await renewalOf(bought.server!.id);
    expect(renewal).toMatchObject({ status: 'paid', grossCents: 1400 });
    expect(await invoiceOf(renewal.invoiceId!)).toMatchObject({
      reverseCharge: true,
      taxCents: 0,
      grossCents: 1400,
      taxNote: REVERSE_CHARGE_NOTE,
      buyer: { vatId: 'FR40303265045', vatIdStatus: 'unverified' },
    });
  });
});
