import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localCheckoutSessions, localPaymentMethods, orders } from '../../db/schema';
import { goodCard, payLocal, rowsOf, startCheckout } from '../../features/checkout/checkout.fixtures';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../../test/test-app';

const PUBLIC_URL = 'https://play.example.test';

describe.each(dbKinds)('the built-in hosted checkout on %s', (kind) => {
  let t: TestContext;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { PUBLIC_URL, BRAND_NAME: 'Blockforge' } });
    ({ cookie } = await createSignedInUser(t));
  });
  afterAll(async () => t?.close());

  const view = (sessionId: string) => t.app.inject({ method: 'GET', url: `/api/local-checkout/${sessionId}` });
  const session = async (id: string) =>
    (await t.database.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, id)))[0]!;

  it('shows the order lines, total and brand to the holder of the session id', async () => {
    const out = await startCheckout(t, cookie, {
      kind: 'server',
      game: 'palworld',
      plan: 'palworld-8gb',
      period: '6months',
      location: 'us-west',
      addons: { 'automatic-backups': 1 },
    });
    expect(out.provider_name).toBe('Blockforge Checkout');
    const res = await view(out.session_id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    // (24.00 + 2.99) × 6 × 0.9 = 145.746 → $145.75
    expect(res.json()).toEqual({
      id: out.session_id,
      brand: 'Blockforge',
      providerName: 'Blockforge Checkout',
      status: 'open',
      paymentStatus: 'unpaid',
      description: 'Palworld 8GB',
      lines: [
        { description: 'Palworld 8GB server (6 months)', quantity: 6, unitCents: 2400, amountCents: 14400 },
        { description: 'Automatic Backups (6 months)', quantity: 6, unitCents: 299, amountCents: 1794 },
      ],
      subtotalCents: 16194,
      discountCents: 1619,
      totalCents: 14575,
      tax: { inclusive: false, reverseCharge: false, netCents: 14575, lines: [], taxCents: 0, grossCents: 14575, note: null },
      currency: 'usd',
      lastError: null,
      cancelUrl: `${PUBLIC_URL}/configure/palworld?plan=palworld-8gb&period=6months&location=us-west&addons=automatic-backups&name=Palworld+server`,
      redirectUrl: null,
      expiresAt: expect.any(String),
      testMode: true,
    });
    expect((await view('cs_local_unknown')).statusCode).toBe(404);
  });

  it('names the lines in the page\'s language, else the cookie\'s or the browser\'s', async () => {
    const out = await startCheckout(t, cookie, { kind: 'server', game: 'palworld', plan: 'palworld-8gb', period: '6months', location: 'us-west', addons: { 'automatic-backups': 1 } });
    const names = async (query: string, headers: Record<string, string> = {}) =>
      ((await t.app.inject({ method: 'GET', url: `/api/local-checkout/${out.session_id}${query}`, headers })).json() as { lines: { description: string }[] }).lines.map((l) => l.description);
    expect(await names('?lang=de')).toEqual(['Palworld 8GB Server (6 Monate)', 'Automatic Backups (6 Monate)']);
    expect(await names('', { cookie: 'sp_lang=fr' })).toEqual(['Serveur Palworld 8GB (6 mois)', 'Automatic Backups (6 mois)']);
    expect(await names('?lang=en', { 'accept-language': 'de' })).toEqual(['Palworld 8GB server (6 months)', 'Automatic Backups (6 months)']);

    // A request that names no language gets the shop's default from Settings, not English.
    const admin = await createSignedInUser(t, { role: 'admin' });
    const setDefault = (defaultLocale: string) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/settings/language', headers: { cookie: admin.cookie }, payload: { defaultLocale, reason: 'Most customers are in Germany' } });
    expect((await setDefault('de')).statusCode).toBe(200);
    try {
      expect(await names('')).toEqual(['Palworld 8GB Server (6 Monate)', 'Automatic Backups (6 Monate)']);
    } finally {
      expect((await setDefault('en')).statusCode).toBe(200);
    }
  });

  it('checks the card and answers 400 with the fields that are wrong', async () => {
    const out = await startCheckout(t, cookie);
    const res = await payLocal(t, out.session_id, { number: '4242 4242 4242 4241', expiry: '01/20', cvc: '12', name: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'invalid_card',
      fields: {
        number: 'Your card number is invalid.',
        expiry: "Your card's expiration year is in the past.",
        cvc: "Your card's security code is incomplete.",
        name: 'Enter the name on the card',
      },
    });
    const bad = await payLocal(t, out.session_id, { number: 42 });
    expect(bad.statusCode).toBe(400);
    expect((await session(out.session_id)).status).toBe('open');
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined', 'Your card was declined.'],
    ['4000000000009995', 'insufficient_funds', 'Your card has insufficient funds.'],
  ])('declines %s with 402 %s and lets the customer try another card', async (number, code, message) => {
    const out = await startCheckout(t, cookie);
    const declined = await payLocal(t, out.session_id, { ...goodCard, number });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toEqual({ code, message });
    expect((await view(out.session_id)).json()).toMatchObject({ status: 'open', lastError: message });
    expect((await rowsOf(t, out.order_id)).purchases).toEqual([]);

    const paid = await payLocal(t, out.session_id);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().redirect_url).toBe(`${PUBLIC_URL}/success?session_id=${out.session_id}`);
    expect((await view(out.session_id)).json()).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      lastError: null,
      redirectUrl: `${PUBLIC_URL}/success?session_id=${out.session_id}`,
    });
    const rows = await rowsOf(t, out.order_id);
    expect(rows.order.status).toBe('paid');
    expect(rows.purchases).toHaveLength(1);
    expect(rows.servers).toHaveLength(1);
  });

  it('takes no payment once the session is expired, nor for an order that is no longer waiting for payment', async () => {
    const out = await startCheckout(t, cookie);
    expect(await t.app.payments.expireSession(out.session_id)).toMatchObject({ status: 'expired', paymentStatus: 'unpaid' });
    const refused = await payLocal(t, out.session_id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'checkout_expired', message: 'This checkout has expired. Please start a new order.' });
    expect((await view(out.session_id)).json()).toMatchObject({ status: 'expired' });

    // Its order closed (expired or replaced) while the session row was still open.
    const closed = await startCheckout(t, cookie);
    await t.database.db.update(orders).set({ status: 'expired' }).where(eq(orders.id, closed.order_id));
    const late = await payLocal(t, closed.session_id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('checkout_expired');
    expect(await session(closed.session_id)).toMatchObject({ status: 'expired', paymentStatus: 'unpaid', chargeId: null });
    expect((await rowsOf(t, closed.order_id)).purchases).toEqual([]);
  });

  it('accepts 4000 0000 0000 0341 now and saves it marked so that renewals fail', async () => {
    const out = await startCheckout(t, cookie);
    const res = await payLocal(t, out.session_id, { ...goodCard, number: '4000 0000 0000 0341', expiry: '7/2031' });
    expect(res.statusCode).toBe(200);
    const [card] = await t.database.db.select().from(localPaymentMethods).where(eq(localPaymentMethods.sessionId, out.session_id));
    expect(card).toMatchObject({ brand: 'visa', last4: '0341', expMonth: 7, expYear: 2031, failsRenewals: true });
    expect((await session(out.session_id))).toMatchObject({ cardLast4: '0341', cardBrand: 'visa', chargeId: expect.stringMatching(/^ch_local_/) });
    expect((await rowsOf(t, out.order_id)).order.status).toBe('paid');
  });

  it('accepts any other valid card, saved without the renewal flag, and never twice', async () => {
    const out = await startCheckout(t, cookie, { kind: 'pack', pack: 'community-pack' });
    const res = await payLocal(t, out.session_id, { ...goodCard, number: '5555 5555 5555 4444' });
    expect(res.statusCode).toBe(200);
    expect(res.json().redirect_url).toBe(`${PUBLIC_URL}/purchase-confirmed?session_id=${out.session_id}`);
    const [card] = await t.database.db.select().from(localPaymentMethods).where(eq(localPaymentMethods.sessionId, out.session_id));
    expect(card).toMatchObject({ brand: 'mastercard', last4: '4444', failsRenewals: false });
    const rows = await rowsOf(t, out.order_id);
    expect(rows.purchases).toHaveLength(1);
    expect(rows.servers).toEqual([]);

    const again = await payLocal(t, out.session_id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'checkout_complete', message: 'This checkout has already been paid.' });

    const racing = await startCheckout(t, cookie);
    const raced = await Promise.all([1, 2, 3].map(() => payLocal(t, racing.session_id)));
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await rowsOf(t, racing.order_id)).purchases).toHaveLength(1);
  });
});
