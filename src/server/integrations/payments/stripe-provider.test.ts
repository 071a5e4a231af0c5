import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, creditNotes, refunds, users } from '../../db/schema';
import { minecraftChoice, recordingProvisioning, rowsOf, startCheckout } from '../../features/checkout/checkout.fixtures';
import { ConfigError, loadConfig } from '../../config';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../../test/test-app';
import { startFakeStripe, type FakeStripe } from '../../test/fakes/stripe/fake-stripe';

const PUBLIC_URL = 'https://play.example.test';

describe('Stripe configuration', () => {
  it('needs the webhook secret with the secret key', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).STRIPE_WEBHOOK_SECRET).toBe('whsec_x');
  });
});

describe.each(dbKinds)('Stripe Checkout against a fake Stripe API on %s', (kind) => {
  let t: TestContext;
  let fake: FakeStripe;
  let cookie: string;
  let email: string;
  const provisioning = recordingProvisioning();
  const signer = new Stripe('sk_test_signer');

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(kind, {
      env: {
        PUBLIC_URL,
        STRIPE_SECRET_KEY: fake.secretKey,
        STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
        STRIPE_API_URL: fake.url,
      },
      checkout: { provisioning },
    });
    ({ cookie, email } = await createSignedInUser(t));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  function event(type: string, session: Record<string, unknown>, id = `evt_${randomBytes(12).toString('hex')}`) {
    return JSON.stringify({
      id,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      data: { object: session },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
  }

  function deliver(payload: string, secret = fake.webhookSecret) {
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
    return t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    });
  }

  it('creates a payment-mode session with our prices in cents and the order as reference', async () => {
    const out = await startCheckout(t, cookie, { ...minecraftChoice, amount: 1 });
    expect(out.provider_name).toBe('Stripe');
    expect(out.session_id).toMatch(/^cs_test_/);
    expect(out.checkout_url).toBe(fake.sessions.get(out.session_id)?.url);
    const sent = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(sent.headers['idempotency-key']).toBe(`checkout-${out.order_id}`);
    expect(sent.form).toMatchObject({
      mode: 'payment',
      client_reference_id: out.order_id,
      'metadata[order_id]': out.order_id,
      'payment_intent_data[metadata][order_id]': out.order_id,
      // The account's own Stripe customer (decision 047), not an email for Stripe to make a new one from.
      customer: expect.stringMatching(/^cus_/),
      success_url: `${PUBLIC_URL}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: expect.stringContaining(`${PUBLIC_URL}/configure/minecraft?`),
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '1400',
      'line_items[0][price_data][product_data][name]': 'Minecraft 4GB server (1 month)',
    });
    expect(sent.form.customer_email).toBeUndefined();
    expect(fake.customers.get(sent.form.customer!)?.email).toBe(email);
    const expiresAt = Number(sent.form.expires_at);
    expect(expiresAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 24 * 3600);
    expect(expiresAt).toBeGreaterThan(Math.floor(Date.now() / 1000) + 23 * 3600);
    expect((await rowsOf(t, out.order_id)).order).toMatchObject({ provider: 'stripe', providerSessionId: out.session_id, totalCents: 1400 });
  });

  it('names the lines in the language the customer checks out in', async () => {
    const sentForm = () => fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.form;
    await startCheckout(t, `${cookie}; sp_lang=de`, minecraftChoice);
    expect(sentForm()['line_items[0][price_data][product_data][name]']).toBe('Minecraft 4GB Server (1 Monat)');
    // A discounted order goes as one line named by its summary, its lines listed beneath.
    await startCheckout(t, `${cookie}; sp_lang=de`, { ...minecraftChoice, period: '3months' });
    expect(sentForm()).toMatchObject({
      'line_items[0][price_data][product_data][name]': 'Minecraft 4GB · 3 Monate',
      'line_items[0][price_data][product_data][description]': 'Minecraft 4GB Server (3 Monate)',
    });
  });

  it('opens Stripe’s page in the customer’s language: their setting, else the page’s, else the one they last signed in with, else the shop’s', async () => {
    const sentLocale = () => fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.form['locale'];
    const buyer = await createSignedInUser(t);
    const open = async (headers: Record<string, string>) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: { cookie: buyer.cookie, ...headers }, payload: minecraftChoice });
      expect(res.statusCode, res.body).toBe(200);
      return fake.sessions.get(res.json().session_id);
    };
    expect(await open({ 'accept-language': 'fr-FR,fr;q=0.9' })).toMatchObject({ locale: 'fr' });
    expect(sentLocale()).toBe('fr');
    expect(await open({ cookie: `${buyer.cookie}; sp_lang=pt-BR`, 'accept-language': 'fr' })).toMatchObject({ locale: 'pt-BR' });
    // Nothing in the request (a client without Accept-Language): the shop's default, until a sign-in names one.
    expect(await open({})).toMatchObject({ locale: 'en' });
    await t.database.db.update(users).set({ lastLocale: 'es' }).where(eq(users.id, buyer.id));
    expect(await open({})).toMatchObject({ locale: 'es' });
    // The account's own choice wins over the browser's.
    await t.database.db.update(users).set({ preferences: { language: 'de' } }).where(eq(users.id, buyer.id));
    expect(await open({ 'accept-language': 'fr' })).toMatchObject({ locale: 'de' });
    expect(fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.form['line_items[0][price_data][product_data][name]']).toBe('Minecraft 4GB Server (1 Monat)');
  });

  it('sends a discounted order as one line of its total', async () => {
    const out = await startCheckout(t, cookie, { ...minecraftChoice, period: '12months', addons: { 'automatic-backups': 1 } });
    const sent = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    // (14.00 + 2.99) × 12 × 0.8 = 163.104 → $163.10
    expect(sent.form).toMatchObject({
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][unit_amount]': '16310',
      'line_items[0][price_data][product_data][name]': 'Minecraft 4GB · 12 Months',
    });
    expect(sent.form['line_items[1][quantity]']).toBeUndefined();
    expect(fake.sessions.get(out.session_id)?.amount_total).toBe(16310);
  });

  it('charges the gross: tax added on top goes as a line of its own, and a discounted taxed order as one line of its gross', async () => {
    const admin = (await createSignedInUser(t, { role: 'admin' })).cookie;
    const rate = await t.app.inject({
      method: 'POST',
      url: '/api/admin/settings/tax-rates',
      headers: { cookie: admin },
      payload: { country: 'DE', name: 'VAT', ratePercent: 19, reason: 'German VAT' },
    });
    expect(rate.statusCode, rate.body).toBe(201);
    const german = await createSignedInUser(t, { billing: { name: 'Klötzchen GmbH', country: 'DE', postalCode: '10119' } });
    const plain = await startCheckout(t, german.cookie);
    let sent = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(sent.form).toMatchObject({
      'line_items[0][price_data][unit_amount]': '1400',
      'line_items[1][quantity]': '1',
      'line_items[1][price_data][unit_amount]': '266',
      'line_items[1][price_data][product_data][name]': 'VAT 19%',
    });
    expect(fake.sessions.get(plain.session_id)?.amount_total).toBe(1666);

    const discounted = await startCheckout(t, german.cookie, { ...minecraftChoice, period: '12months' });
    sent = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    // 1400 × 12 × 0.8 = 13440, and 19% = 2553.6 → 2554: 15994 as one line.
    expect(sent.form['line_items[0][price_data][unit_amount]']).toBe('15994');
    expect(sent.form['line_items[1][quantity]']).toBeUndefined();
    expect(fake.sessions.get(discounted.session_id)?.amount_total).toBe(15994);
    const paid = event('checkout.session.completed', fake.complete(discounted.session_id));
    expect((await deliver(paid)).statusCode).toBe(200);
    expect((await rowsOf(t, discounted.order_id)).invoices[0]).toMatchObject({ netCents: 13440, taxCents: 2554, grossCents: 15994, status: 'paid' });
    await t.app.inject({ method: 'DELETE', url: `/api/admin/settings/tax-rates/${rate.json().id}`, headers: { cookie: admin }, payload: { reason: 'Back to no tax' } });
  });

  it('fulfils checkout.session.completed once when paid, and ignores a redelivery', async () => {
    const out = await startCheckout(t, cookie);
    const payload = event('checkout.session.completed', fake.complete(out.session_id));
    const first = await deliver(payload);
    expect(first.statusCode, first.body).toBe(200);
    expect((await deliver(payload)).json()).toEqual({ received: true, duplicate: true });
    const rows = await rowsOf(t, out.order_id);
    expect(rows.order.status).toBe('paid');
    expect(rows.purchases).toMatchObject([{ provider: 'stripe', providerPaymentId: fake.sessions.get(out.session_id)?.payment_intent, amountCents: 1400 }]);
    expect(rows.servers).toHaveLength(1);
    expect(provisioning.enqueued).toContain(rows.servers[0]!.id);
  });

  it('waits for async_payment_succeeded when the completed session is not paid yet', async () => {
    const out = await startCheckout(t, cookie);
    const unpaid = fake.complete(out.session_id, { paid: false });
    expect((await deliver(event('checkout.session.completed', unpaid))).statusCode).toBe(200);
    expect((await rowsOf(t, out.order_id)).purchases).toEqual([]);
    const paid = fake.complete(out.session_id, { paid: true });
    expect((await deliver(event('checkout.session.async_payment_succeeded', paid))).statusCode).toBe(200);
    const rows = await rowsOf(t, out.order_id);
    expect(rows.purchases).toHaveLength(1);
    expect(rows.servers).toHaveLength(1);
  });

  it('closes the order when an async payment fails, and logs it', async () => {
    const out = await startCheckout(t, cookie);
    const unpaid = fake.complete(out.session_id, { paid: false });
    await deliver(event('checkout.session.completed', unpaid));
    expect((await deliver(event('checkout.session.async_payment_failed', unpaid))).statusCode).toBe(200);
    const rows = await rowsOf(t, out.order_id);
    expect(rows.order.status).toBe('expired');
    expect(rows.purchases).toEqual([]);
    const lines = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectId, out.order_id), eq(activityLog.kind, 'payment')));
    expect(lines.map((l) => l.message)).toEqual(['Payment of $14.00 for Minecraft 4GB failed']);
  });

  it('closes the order on checkout.session.expired', async () => {
    const out = await startCheckout(t, cookie);
    const session = { ...fake.sessions.get(out.session_id)!, status: 'expired' };
    expect((await deliver(event('checkout.session.expired', session))).statusCode).toBe(200);
    expect((await rowsOf(t, out.order_id)).order.status).toBe('expired');
  });

  it('refuses a bad signature with 400 and records no payment', async () => {
    const out = await startCheckout(t, cookie);
    const payload = event('checkout.session.completed', fake.complete(out.session_id));
    const wrongSecret = await deliver(payload, 'whsec_not_the_one');
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json().error.code).toBe('invalid_signature');
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: fake.webhookSecret });
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload: payload.replace('"amount_total":1400', '"amount_total":1'),
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(tampered.statusCode).toBe(400);
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload, headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(400);
    expect((await rowsOf(t, out.order_id)).purchases).toEqual([]);
  });

  it('reconciles on the success page when the webhook is late', async () => {
    const out = await startCheckout(t, cookie);
    const pending = await t.app.inject({ method: 'GET', url: `/api/checkout/${out.session_id}`, headers: { cookie } });
    expect(pending.json().order.status).toBe('pending');
    fake.complete(out.session_id);
    const res = await t.app.inject({ method: 'GET', url: `/api/checkout/${out.session_id}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ order: { status: 'paid' }, purchase: { amountCents: 1400 }, server: { status: 'provisioning' } });
    // The webhook that arrives afterwards changes nothing.
    expect((await deliver(event('checkout.session.completed', fake.sessions.get(out.session_id)!))).statusCode).toBe(200);
    const rows = await rowsOf(t, out.order_id);
    expect(rows.purchases).toHaveLength(1);
    expect(rows.servers).toHaveLength(1);
  });

  it('refunds through refunds.create on the payment intent, once', async () => {
    const out = await startCheckout(t, cookie);
    await deliver(event('checkout.session.completed', fake.complete(out.session_id)));
    const paymentIntent = fake.sessions.get(out.session_id)?.payment_intent;
    await t.app.refunds.refundOrder(out.order_id, 'Provisioning failed');
    await t.app.refunds.refundOrder(out.order_id, 'Provisioning failed');
    const refunds = fake.refunds.filter((r) => r.payment_intent === paymentIntent);
    expect(refunds).toEqual([expect.objectContaining({ amount: 1400, status: 'succeeded', metadata: { reason: 'Provisioning failed' } })]);
    const rows = await rowsOf(t, out.order_id);
    expect(rows.purchases[0]?.status).toBe('refunded');
    expect(rows.order.status).toBe('refunded');
  });

  it('books a refund made in Stripe’s dashboard from charge.refunded, once, and never our own refunds twice', async () => {
    const out = await startCheckout(t, cookie);
    await deliver(event('checkout.session.completed', fake.complete(out.session_id)));
    const paymentIntent = String(fake.sessions.get(out.session_id)?.payment_intent);
    const charge = [...fake.charges.values()].find((c) => c.payment_intent === paymentIntent)!;
    const refundsOf = () => t.database.db.select().from(refunds).where(eq(refunds.orderId, out.order_id));
    const sendLatest = async () => {
      const latest = fake.eventsOf('charge.refunded').filter((e) => e.data.object.id === charge.id).at(-1)!;
      const { payload, headers } = fake.delivery(latest);
      const res = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload, headers });
      expect(res.statusCode, res.body).toBe(200);
      return { payload, headers };
    };

    // Someone refunds $4.00 in the Stripe dashboard.
    const dashboard = new Stripe(fake.secretKey, { host: new URL(fake.url).hostname, port: Number(new URL(fake.url).port), protocol: 'http' });
    await dashboard.refunds.create({ payment_intent: paymentIntent, amount: 400 });
    const first = await sendLatest();
    // The same event again, and the same total under another event id, book nothing more.
    await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', ...first });
    await deliver(event('charge.refunded', { ...charge, amount_refunded: 400 }));
    expect(await refundsOf()).toEqual([
      expect.objectContaining({ amountCents: 400, method: 'card', status: 'succeeded', reason: 'Refunded in Stripe’s dashboard', createdBy: null }),
    ]);
    const [note] = await t.database.db.select().from(creditNotes).where(eq(creditNotes.refundId, (await refundsOf())[0]!.id));
    expect(note?.amountCents).toBe(400);
    expect((await rowsOf(t, out.order_id)).purchases[0]?.status).toBe('paid');

    // Our own refund of the rest goes to Stripe once; its charge.refunded books nothing more.
    await t.app.refunds.refundOrder(out.order_id, 'Provisioning failed');
    await sendLatest();
    expect((await refundsOf()).map((r) => [r.amountCents, r.status]).sort()).toEqual([[1000, 'succeeded'], [400, 'succeeded']]);
    expect(fake.refunds.filter((r) => r.payment_intent === paymentIntent).map((r) => r.amount)).toEqual([400, 1000]);
    const rows = await rowsOf(t, out.order_id);
    expect(rows.purchases[0]?.status).toBe('refunded');
    expect(rows.order.status).toBe('refunded');
  });

  it('books a whole refund made in the dashboard, closing the purchase', async () => {
    const out = await startCheckout(t, cookie);
    await deliver(event('checkout.session.completed', fake.complete(out.session_id)));
    const paymentIntent = String(fake.sessions.get(out.session_id)?.payment_intent);
    const charge = [...fake.charges.values()].find((c) => c.payment_intent === paymentIntent)!;
    expect((await deliver(event('charge.refunded', { ...charge, amount_refunded: 1400, refunded: true }))).statusCode).toBe(200);
    const rows = await rowsOf(t, out.order_id);
    expect(rows.purchases[0]).toMatchObject({ status: 'refunded', refundReason: 'Refunded in Stripe’s dashboard' });
    expect(rows.order.status).toBe('refunded');
    // A charge.refunded for a payment that is not ours is accepted and ignored.
    expect((await deliver(event('charge.refunded', { ...charge, id: 'ch_elsewhere', payment_intent: 'pi_elsewhere', amount_refunded: 500 }))).statusCode).toBe(200);
  });

  it('answers 502 and keeps no open order when Stripe cannot create the session', async () => {
    const broken = await createTestApp(kind, {
      env: { PUBLIC_URL, STRIPE_SECRET_KEY: 'sk_test_wrong', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_URL: fake.url },
    });
    try {
      const user = await createSignedInUser(broken);
      const res = await broken.app.inject({ method: 'POST', url: '/api/checkout', payload: minecraftChoice, headers: { cookie: user.cookie } });
      expect(res.statusCode).toBe(502);
      expect(res.json().error.code).toBe('payment_provider_unavailable');
      const open = await broken.database.query("select id from orders where status = 'pending'");
      expect(open).toEqual([]);
    } finally {
      await broken.close();
    }
  });
});
