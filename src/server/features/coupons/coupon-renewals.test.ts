import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, orders, purchases, renewals, servers } from '../../db/schema';
import { randomIds } from '../../lib/runtime';
import { createSignedInUser, createTestApp, dbKinds, manualClock, signInStaff, type TestContext, type TestUser } from '../../test/test-app';
import { commissionsOf, referralCodeOf, signUpThrough } from '../affiliate/affiliate-test-kit';
import { buyWithLocalCard } from '../billing/billing.fixtures';
import { billableServices } from '../billing/billing.repository';
import { runRenewals, type RenewalDeps } from '../billing/renewals.service';
import { minecraftChoice, recordingBus, recordingProvisioning } from '../checkout/checkout.fixtures';
import { createCouponAs } from './coupons.fixtures';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * Renewals apply a coupon for as long as it lasts: 'once' is the first order only, 'repeating'
 * the first N billing periods (the first order counting), 'forever' every period. Each renewal
 * invoice shows the coupon's line when it applies, and its total is what the card is charged.
 */
describe.each(dbKinds)('coupons on renewals on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2030-01-10T10:00:00Z'));
  let deps: RenewalDeps;
  let staffUser: TestUser;

  beforeAll(async () => {
    const events = recordingBus();
    t = await createTestApp(kind, { clock, checkout: { events, provisioning: recordingProvisioning() } });
    deps = {
      db: t.database.db,
      clock,
      ids: randomIds,
      payments: t.app.payments,
      panel: t.app.panel,
      events,
      mailer: t.app.mailer,
      brand: t.config.BRAND_NAME,
      publicUrl: t.config.PUBLIC_URL,
      log: quiet,
    };
    staffUser = await createSignedInUser(t, { role: 'billing' });
  });
  afterAll(async () => t?.close());

  /** Runs the renewal job at the server's next renewal date; answers the server's renewal invoices, oldest first. */
  async function renewOnce(serverId: string) {
    const [server] = await t.database.db.select().from(servers).where(eq(servers.id, serverId));
    clock.set(server!.renewsAt);
    await runRenewals(deps);
    const rows = await t.database.db.select().from(renewals).where(eq(renewals.serverId, serverId)).orderBy(asc(renewals.periodStart));
    const last = rows.at(-1)!;
    expect(last.status).toBe('paid');
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.id, last.invoiceId!));
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, last.paidOrderId!));
    return { renewal: last, invoice: invoice!, order: order! };
  }

  it.each([
    { duration: 'once', durationPeriods: null, charged: [1120, 1400, 1400] },
    { duration: 'repeating', durationPeriods: 2, charged: [1120, 1120, 1400] },
    { duration: 'forever', durationPeriods: null, charged: [1120, 1120, 1120] },
  ] as const)('a 20% coupon on a monthly 4GB plan, $duration ($durationPeriods periods): charged $charged', async ({ duration, durationPeriods, charged }) => {
    const coupon = await createCouponAs(t, await signInStaff(t, staffUser), { amount: 20, duration, durationPeriods });
    const customer = await createSignedInUser(t);
    const bought = await buyWithLocalCard(t, customer.cookie, { choice: { ...minecraftChoice, coupon: coupon.code } });
    expect(bought.invoice.totalCents).toBe(charged[0]);

    const line = expect.objectContaining({ kind: 'coupon', description: `Coupon ${coupon.code} (20% off)`, quantity: 1, unitCents: -280, amountCents: -280 });
    const item = expect.objectContaining({ description: 'Minecraft 4GB server (1 month)', quantity: 1, unitCents: 1400, amountCents: 1400 });
    for (const expected of charged.slice(1)) {
      // The billing page announces what the renewal will charge.
      expect(await billableServices(t.database.db, customer.id)).toEqual([expect.objectContaining({ serverId: bought.server!.id, periodTotalCents: expected })]);
      const { renewal, invoice, order } = await renewOnce(bought.server!.id);
      expect(renewal.amountCents).toBe(expected);
      expect(invoice).toMatchObject({ subtotalCents: 1400, discountCents: 0, totalCents: expected, status: 'paid' });
      expect(invoice.lines).toEqual(expected < 1400 ? [item, line] : [item]);
      expect(order).toMatchObject({ totalCents: expected, lines: invoice.lines });
      const [purchase] = await t.database.db.select().from(purchases).where(eq(purchases.orderId, order.id));
      expect(purchase!.amountCents).toBe(expected);
    }
  });

  it("books the referrer's 25% of each discounted renewal", async () => {
    const coupon = await createCouponAs(t, await signInStaff(t, staffUser), { amount: 50, duration: 'forever' });
    const referrer = await createSignedInUser(t);
    const customer = await signUpThrough(t, { ref: await referralCodeOf(t, referrer.id) });
    const bought = await buyWithLocalCard(t, customer.cookie, { choice: { ...minecraftChoice, coupon: coupon.code } });
    await renewOnce(bought.server!.id);
    const booked = await commissionsOf(t, referrer.id);
    expect(booked.map((c) => [c.paymentCents, c.amountCents])).toEqual([
      [700, 175],
      [700, 175],
    ]);
  });
});
