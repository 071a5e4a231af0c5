import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, localCheckoutSessions, orders } from '../../db/schema';
import {
  createSignedInUser,
  createTestApp,
  dbKinds,
  manualClock,
  signIn,
  type TestContext,
  type TestUser,
} from '../../test/test-app';
import {
  minecraftChoice,
  panelWithFull,
  payLocal,
  recordingBus,
  recordingProvisioning,
  rowsOf,
  startCheckout,
} from './checkout.fixtures';
import { expireStaleOrders } from './order-expiry';

const PUBLIC_URL = 'https://play.example.test';

describe.each(dbKinds)('checkout on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock();
  const panel = panelWithFull('eu-west');
  const provisioning = recordingProvisioning();
  const events = recordingBus();
  let cookie: string;
  let userId: string;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { PUBLIC_URL }, checkout: { panel, provisioning, events } });
    const signedIn = await createSignedInUser(t);
    ({ cookie, id: userId } = signedIn);
    user = signedIn;
  });
  afterAll(async () => t?.close());

  it('needs a signed-in customer', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/checkout', payload: minecraftChoice });
    expect(res.statusCode).toBe(401);
  });

  it('prices the choice from the catalog and ignores any amount the client sends', async () => {
    const out = await startCheckout(t, cookie, {
      ...minecraftChoice,
      period: '3months',
      location: 'us-east',
      addons: { 'additional-ssd': 2, 'automatic-backups': 1 },
      serverName: '  Creeper Valley  ',
      amount: 1,
      totalCents: 1,
      price: '0.01',
    });
    expect(out.provider_name).toBe('Spawnpoint Checkout');
    expect(out.checkout_url).toBe(`${PUBLIC_URL}/checkout/${out.session_id}`);
    expect(out.session_id).toMatch(/^cs_local_[A-Za-z0-9_-]{32}$/);

    const { order } = await rowsOf(t, out.order_id);
    // (14.00 + 2 × 2.50 + 2.99) × 3 × 0.95 = 62.6715 → $62.67
    expect(order).toMatchObject({
      userId,
      kind: 'server',
      status: 'pending',
      game: 'minecraft',
      planId: 'minecraft-4gb',
      period: '3months',
      months: 3,
      location: 'us-east',
      addons: { 'automatic-backups': 1, 'additional-ssd': 2 },
      serverName: 'Creeper Valley',
      planName: 'Minecraft 4GB',
      subtotalCents: 6597,
      discountCents: 330,
      totalCents: 6267,
      provider: 'local',
      providerSessionId: out.session_id,
    });
    expect(order.lines).toEqual([
      expect.objectContaining({ description: 'Minecraft 4GB server (3 months)', quantity: 3, unitCents: 1400, amountCents: 4200 }),
      expect.objectContaining({ description: 'Automatic Backups (3 months)', quantity: 3, unitCents: 299, amountCents: 897 }),
      // Each line also carries its words as a message, read in the reader's language (decision 069).
      { description: 'Additional SSD × 2 (3 months)', text: { key: 'line.addon', values: { name: 'Additional SSD', quantity: 2, months: 3 } }, quantity: 6, unitCents: 250, amountCents: 1500 },
    ]);
    expect(order.expiresAt.getTime() - order.createdAt.getTime()).toBe(24 * 3600 * 1000);
    expect(panel.asked.at(-1)).toEqual({ location: 'us-east', ramGb: 4, diskGb: 140, vcpu: 2 });

    const [session] = await t.database.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, out.session_id));
    expect(session).toMatchObject({
      amountCents: 6267,
      successUrl: `${PUBLIC_URL}/success?session_id=${out.session_id}`,
      cancelUrl: `${PUBLIC_URL}/configure/minecraft?plan=minecraft-4gb&period=3months&location=us-east&addons=automatic-backups&ssd=2&name=Creeper+Valley`,
    });
    const activity = await t.database.db.select().from(activityLog).where(eq(activityLog.subjectId, out.order_id));
    // A checkout opened is not an order placed: nothing in the customer's activity until it is paid.
    expect(activity).toEqual([]);
    expect(events.published).toContainEqual({ userId, event: { topic: 'orders', id: out.order_id } });
  });

  it('names the server after the game when no name is given, and keeps names to 48 characters', async () => {
    const unnamed = await startCheckout(t, cookie, { ...minecraftChoice, serverName: '   ' });
    expect((await rowsOf(t, unnamed.order_id)).order.serverName).toBe('Minecraft server');
    const long = await startCheckout(t, cookie, { ...minecraftChoice, serverName: `  ${'x'.repeat(60)}  ` });
    expect((await rowsOf(t, long.order_id)).order.serverName).toBe('x'.repeat(48));
  });

  it('sells a pack as one month of the pack, returning to /purchase-confirmed', async () => {
    const out = await startCheckout(t, cookie, { kind: 'pack', pack: 'essentials', amount: 5 });
    const { order } = await rowsOf(t, out.order_id);
    expect(order).toMatchObject({
      kind: 'pack',
      packId: 'essentials',
      planName: 'Essentials',
      months: 1,
      totalCents: 699,
      lines: [{ description: 'Essentials pack (1 month)', quantity: 1, unitCents: 699, amountCents: 699 }],
    });
    const [session] = await t.database.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, out.session_id));
    expect(session?.successUrl).toBe(`${PUBLIC_URL}/purchase-confirmed?session_id=${out.session_id}`);
    expect(session?.cancelUrl).toBe(`${PUBLIC_URL}/upgrade/spawnpoint-essentials`);
  });

  it.each([
    [{ kind: 'server', game: 'minecraft' }, 'plan'],
    [{ kind: 'subscription' }, 'kind'],
    [{ ...minecraftChoice, plan: 'minecraft-64gb' }, 'plan'],
    [{ ...minecraftChoice, plan: 'fivem-8gb' }, 'plan'],
    [{ ...minecraftChoice, period: 'weekly' }, 'period'],
    [{ ...minecraftChoice, location: 'mars' }, 'location'],
    [{ ...minecraftChoice, addons: { 'additional-ssd': 21 } }, 'addons.additional-ssd'],
    [{ kind: 'pack', pack: 'gold-pack' }, 'pack'],
  ])('refuses %j with 400 naming %s', async (payload, field) => {
    const before = await t.database.db.select().from(orders);
    const res = await t.app.inject({ method: 'POST', url: '/api/checkout', payload, headers: { cookie } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
    expect(await t.database.db.select().from(orders)).toHaveLength(before.length);
  });

  it('refuses a full location with 409 before any order or payment exists', async () => {
    const { cookie: other, id } = await createSignedInUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: { ...minecraftChoice, location: 'eu-west' },
      headers: { cookie: other },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'location_full',
      message: 'EU West (Amsterdam) is full right now. Please choose another location, or try again later.',
    });
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, id))).toEqual([]);
  });

  it("shows a customer only their own checkout: another user's session id is 404", async () => {
    const out = await startCheckout(t, cookie);
    const { cookie: other } = await createSignedInUser(t);
    for (const url of [`/api/checkout/${out.session_id}`, `/api/orders/${out.order_id}`]) {
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie: other } })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/checkout/cs_local_nope', headers: { cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/orders/not-a-uuid', headers: { cookie } })).statusCode).toBe(404);
  });

  it('pays, fulfils once and answers the order, purchase and server', async () => {
    const { cookie: buyer, id: buyerId } = await createSignedInUser(t);
    const latestBefore = await t.app.inject({ method: 'GET', url: '/api/purchases/latest', headers: { cookie: buyer } });
    expect(latestBefore.json()).toEqual({ purchase: null });

    const out = await startCheckout(t, buyer, { ...minecraftChoice, addons: { 'additional-ssd': 1 } });
    const pending = await t.app.inject({ method: 'GET', url: `/api/checkout/${out.session_id}`, headers: { cookie: buyer } });
    expect(pending.json()).toMatchObject({ order: { status: 'pending', paidAt: null }, purchase: null, server: null });

    const paid = await payLocal(t, out.session_id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ redirect_url: `${PUBLIC_URL}/success?session_id=${out.session_id}` });

    const res = await t.app.inject({ method: 'GET', url: `/api/checkout/${out.session_id}`, headers: { cookie: buyer } });
    expect(res.statusCode).toBe(200);
    const state = res.json();
    expect(state.order).toMatchObject({
      id: out.order_id,
      kind: 'server',
      status: 'paid',
      planName: 'Minecraft 4GB',
      totalCents: 1650,
      paidAt: clock.now().toISOString(),
      packId: null,
    });
    expect(state.purchase).toMatchObject({ orderId: out.order_id, amountCents: 1650, status: 'paid', invoiceNumber: expect.stringMatching(/^INV-\d{6}$/) });
    expect(state.server).toMatchObject({
      status: 'provisioning',
      name: 'Creeper Valley',
      game: 'minecraft',
      ramGb: 4,
      vcpu: 2,
      diskGb: 90,
      playerCap: 10,
      location: 'us-west',
    });
    expect(provisioning.enqueued.filter((id) => id === state.server.id)).toHaveLength(1);

    const rows = await rowsOf(t, out.order_id);
    expect(rows.purchases).toHaveLength(1);
    expect(rows.servers).toHaveLength(1);
    expect(rows.servers[0]?.renewsAt.toISOString()).toBe(new Date(Date.UTC(2030, 1, 15, 12)).toISOString());
    expect(rows.invoices).toMatchObject([{ status: 'paid', totalCents: 1650, lines: rows.order.lines }]);

    const topics = events.published.filter((p) => p.userId === buyerId).map((p) => p.event.topic);
    expect(topics).toEqual(expect.arrayContaining(['orders', 'purchases', 'servers', 'billing']));
    const activity = await t.database.db.select().from(activityLog).where(eq(activityLog.userId, buyerId));
    expect(activity.map((a) => a.kind).sort()).toEqual(['order', 'payment']);

    const byOrder = await t.app.inject({ method: 'GET', url: `/api/orders/${out.order_id}`, headers: { cookie: buyer } });
    expect(byOrder.json()).toEqual(state);
    const latest = await t.app.inject({ method: 'GET', url: '/api/purchases/latest', headers: { cookie: buyer } });
    expect(latest.json().purchase).toEqual(state.purchase);
  });

  it('expires unpaid orders after 24 hours: on read, on payment, and in the sweep', async () => {
    const start = clock.now();
    const read = await startCheckout(t, cookie);
    const pay = await startCheckout(t, cookie);
    const swept = await startCheckout(t, cookie);
    clock.advance(24 * 3600 * 1000 - 1);
    expect(await expireStaleOrders(t.database.db, clock)).toBe(0);
    clock.advance(1);
    try {
      // Sessions idle out sooner than a day, so sign in again.
      const again = await signIn(t, user);
      const res = await t.app.inject({ method: 'GET', url: `/api/checkout/${read.session_id}`, headers: { cookie: again } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().order.status).toBe('expired');
      const payRes = await payLocal(t, pay.session_id);
      expect(payRes.statusCode).toBe(409);
      expect(payRes.json().error.code).toBe('checkout_expired');
      expect((await rowsOf(t, pay.order_id)).order.status).toBe('expired');
      const stale = await t.database.db.select().from(orders).where(eq(orders.status, 'pending'));
      expect(stale.map((o) => o.id)).toContain(swept.order_id);
      expect(await expireStaleOrders(t.database.db, clock)).toBe(stale.length);
      expect((await rowsOf(t, swept.order_id)).order.status).toBe('expired');
      const [session] = await t.database.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, swept.session_id));
      expect(session?.status).toBe('expired');
      expect(await expireStaleOrders(t.database.db, clock)).toBe(0);
    } finally {
      clock.set(start);
    }
  });

  it('says "Order placed" once, for the checkout paid, dated when it was placed, and not for the ones left unpaid', async () => {
    const buyer = await createSignedInUser(t);
    const left = await startCheckout(t, buyer.cookie);
    const reopened = await startCheckout(t, buyer.cookie);
    const placedAt = clock.now();
    const paid = await startCheckout(t, buyer.cookie);
    clock.advance(3 * 60_000);
    expect((await payLocal(t, paid.session_id)).statusCode).toBe(200);
    const activity = await t.database.db.select().from(activityLog).where(eq(activityLog.userId, buyer.id));
    const { invoices } = await rowsOf(t, paid.order_id);
    expect(activity.map((a) => ({ message: a.message, subjectId: a.subjectId, at: a.createdAt.toISOString() })).sort((a, b) => a.at.localeCompare(b.at))).toEqual([
      { message: 'Order placed: Minecraft 4GB, 1 month ($14.00)', subjectId: paid.order_id, at: placedAt.toISOString() },
      { message: `Payment of $14.00 received for Minecraft 4GB (invoice ${invoices[0]?.number})`, subjectId: paid.order_id, at: clock.now().toISOString() },
    ]);
    expect(activity.map((a) => a.subjectId)).not.toContain(left.order_id);
    expect(activity.map((a) => a.subjectId)).not.toContain(reopened.order_id);
  });
});
