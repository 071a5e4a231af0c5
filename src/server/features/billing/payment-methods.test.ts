import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localPaymentMethods } from '../../db/schema';
import { recordingBus, recordingProvisioning } from '../checkout/checkout.fixtures';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../../test/test-app';
import { buyWithLocalCard, del, get, post } from './billing.fixtures';

interface Method {
  id: string;
  brand: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  isDefault: boolean;
}

describe.each(dbKinds)('payment methods of the built-in checkout on %s', (kind) => {
  let t: TestContext;
  const events = recordingBus();
  let customer: Awaited<ReturnType<typeof createSignedInUser>>;
  let other: Awaited<ReturnType<typeof createSignedInUser>>;

  beforeAll(async () => {
    t = await createTestApp(kind, { checkout: { events, provisioning: recordingProvisioning() } });
    customer = await createSignedInUser(t);
    other = await createSignedInUser(t);
  });
  afterAll(async () => t?.close());

  const methods = async (cookie: string) => (await get(t, '/api/billing/payment-methods', cookie)).json() as Method[];

  it('saves the card only when the customer asks', async () => {
    const unsaved = await buyWithLocalCard(t, customer.cookie, { card: { saveCard: false } });
    const rows = await t.database.db.select().from(localPaymentMethods).where(eq(localPaymentMethods.sessionId, unsaved.session_id));
    expect(rows).toEqual([]);
    expect(await methods(customer.cookie)).toEqual([]);

    await buyWithLocalCard(t, customer.cookie, { card: { saveCard: true, expiry: '08/33' } });
    expect(await methods(customer.cookie)).toEqual([
      { id: expect.stringMatching(/^pm_local_/), type: 'card', brand: 'visa', last4: '4242', expiryMonth: 8, expiryYear: 2033, isDefault: true },
    ]);
  });

  it('makes the newest card the default until the customer chooses one', async () => {
    await buyWithLocalCard(t, customer.cookie, { card: { number: '5555 5555 5555 4444', saveCard: true } });
    const [newest, older] = await methods(customer.cookie);
    expect(newest).toMatchObject({ brand: 'mastercard', last4: '4444', isDefault: true });
    expect(older).toMatchObject({ brand: 'visa', last4: '4242', isDefault: false });

    const res = await post(t, `/api/billing/payment-methods/${older!.id}/default`, customer.cookie);
    expect(res.statusCode).toBe(200);
    expect((res.json() as Method[]).map((m) => [m.last4, m.isDefault])).toEqual([
      ['4444', false],
      ['4242', true],
    ]);
    expect(events.published).toContainEqual({ userId: customer.id, event: { topic: 'billing', id: older!.id } });
    // A later card does not take over a default the customer chose.
    await buyWithLocalCard(t, customer.cookie, { card: { number: '3782 822463 10005', cvc: '1234', saveCard: true } });
    expect((await methods(customer.cookie)).find((m) => m.isDefault)?.last4).toBe('4242');
    expect((await get(t, '/api/billing', customer.cookie)).json().stats.paymentMethods).toBe(3);
  });

  it("answers 404 for another customer's card, and changes nothing", async () => {
    const mine = await methods(customer.cookie);
    const target = mine.find((m) => !m.isDefault)!;
    expect(await methods(other.cookie)).toEqual([]);
    for (const res of [
      await post(t, `/api/billing/payment-methods/${target.id}/default`, other.cookie),
      await del(t, `/api/billing/payment-methods/${target.id}`, other.cookie),
      await post(t, '/api/billing/payment-methods/pm_local_nothing/default', customer.cookie),
      await del(t, '/api/billing/payment-methods/pm_local_nothing', customer.cookie),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect(await methods(customer.cookie)).toEqual(mine);
    expect((await post(t, `/api/billing/payment-methods/${target.id}/default`)).statusCode).toBe(401);
  });

  it('removes a card; removing the default falls back to the newest', async () => {
    const before = await methods(customer.cookie);
    const chosen = before.find((m) => m.isDefault)!;
    const res = await del(t, `/api/billing/payment-methods/${chosen.id}`, customer.cookie);
    expect(res.statusCode).toBe(200);
    const after = res.json() as Method[];
    expect(after.map((m) => m.id)).toEqual(before.filter((m) => m.id !== chosen.id).map((m) => m.id));
    expect(after[0]?.isDefault).toBe(true);
    expect((await del(t, `/api/billing/payment-methods/${chosen.id}`, customer.cookie)).statusCode).toBe(404);
  });
});
