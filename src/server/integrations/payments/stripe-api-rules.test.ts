import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRenewalNotice } from '../../features/billing/renewals.emails';
import { startFakeStripe, type FakeStripe } from '../../test/fakes/stripe/fake-stripe';
import { eventOf } from '../../test/fakes/stripe/webhooks';
import { createTestApp, createUser, readMailbox, type TestContext } from '../../test/test-app';
import type { CheckoutInput, PaymentProvider } from './payment-provider';
import { createStripePaymentProvider, stripeCheckoutLocales } from './stripe-provider';
import type { Locale } from '../../../shared/i18n/locales';

/** The Stripe provider against the API's own rules, as the fake rebuilt from stripe-node applies them. */
describe('Stripe provider under the API’s own rules', () => {
  let fake: FakeStripe;
  let stripe: PaymentProvider;
  let t: TestContext;

  const checkout = (over: Partial<CheckoutInput> = {}): CheckoutInput => ({
    orderId: randomUUID(),
    customerEmail: 'ada@example.test',
    description: 'Minecraft 4GB',
    lines: [{ description: 'Minecraft 4GB', quantity: 1, unitCents: 1500, amountCents: 1500 }],
    totalCents: 1500,
    currency: 'usd',
    successUrl: 'https://play.example.test/success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'https://play.example.test/configure/minecraft',
    expiresAt: new Date(Date.now() + 24 * 3600_000),
    ...over,
  });

  async function paid(last4 = '4242') {
    const session = await stripe.createCheckout(checkout());
    const completed = fake.complete(session.sessionId, { card: { last4 } });
    const customer = await stripe.savedCards!.customerOfSession(session.sessionId);
    const [card] = await stripe.savedCards!.list(customer!);
    return { paymentId: String(completed.payment_intent), cardId: card!.id };
  }

  beforeAll(async () => {
    fake = await startFakeStripe();
    stripe = createStripePaymentProvider({ secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiUrl: fake.url });
    t = await createTestApp('pglite', {
      env: { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: fake.webhookSecret, STRIPE_API_URL: fake.url },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('creates Checkout Sessions the API accepts, and meets its refusals', async () => {
    const created = await stripe.createCheckout(checkout());
    expect(fake.sessions.get(created.sessionId)).toMatchObject({ mode: 'payment', customer_creation: 'always', amount_total: 1500, status: 'open' });
    // Stripe will not take less than $0.50, nor an expiry under 30 minutes away.
    const tiny = checkout({ lines: [{ description: 'Tiny', quantity: 1, unitCents: 30, amountCents: 30 }], totalCents: 30 });
    // Refused as asked (an invalid_request_error): the provider says so with PaymentRequestRefused.
    await expect(stripe.createCheckout(tiny)).rejects.toMatchObject({ name: 'PaymentRequestRefused', code: 'amount_too_small', param: 'line_items' });
    await expect(stripe.createCheckout(checkout({ expiresAt: new Date(Date.now() + 10 * 60_000) }))).rejects.toMatchObject({ param: 'expires_at' });
    // The same idempotency key (one order) with other parameters is Stripe's idempotency error.
    const input = checkout();
    await stripe.createCheckout(input);
    await expect(stripe.createCheckout({ ...input, totalCents: 1400, lines: [{ ...input.lines[0]!, unitCents: 1400, amountCents: 1400 }] })).rejects.toBeInstanceOf(
      Stripe.errors.StripeIdempotencyError,
    );
  });

  it('opens Checkout in each language the shop speaks, and Stripe refuses a locale it has not', async () => {
    for (const [locale, sent] of Object.entries(stripeCheckoutLocales) as [Locale, string][]) {
      const session = await stripe.createCheckout(checkout({ locale }));
      expect(fake.sessions.get(session.sessionId)).toMatchObject({ locale: sent });
    }
    // No language named: Stripe follows the browser (the session says null).
    expect(fake.sessions.get((await stripe.createCheckout(checkout())).sessionId)).toMatchObject({ locale: null });
    // Stripe's own tags only: the lower-case 'pt-br' or a language it lacks is a 400 naming the parameter.
    const sdk = new Stripe(fake.secretKey, { host: new URL(fake.url).hostname, port: new URL(fake.url).port, protocol: 'http' });
    const open = (locale: string) =>
      sdk.checkout.sessions
        .create({
          mode: 'payment',
          line_items: [{ price_data: { currency: 'usd', product_data: { name: 'x' }, unit_amount: 1500 }, quantity: 1 }],
          success_url: 'https://play.example.test/s',
          locale,
        })
        .catch((error: unknown) => error);
    for (const bad of ['pt-br', 'klingon']) {
      const refused = await open(bad);
      expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(refused).toMatchObject({ statusCode: 400, param: 'locale', type: 'StripeInvalidRequestError' });
      expect((refused as Error).message).toMatch(/^Invalid locale: must be one of auto, bg, .*pt-BR.*, or zh-TW$/);
    }
    expect(await open('pt-BR')).toMatchObject({ object: 'checkout.session', locale: 'pt-BR' });
  });

  it('expires an open session, which can then not be paid; a completed session cannot be expired', async () => {
    const open = await stripe.createCheckout(checkout());
    expect(await stripe.expireSession(open.sessionId)).toMatchObject({ sessionId: open.sessionId, status: 'expired', paymentStatus: 'unpaid' });
    expect(fake.requests.filter((r) => r.path === `/v1/checkout/sessions/${open.sessionId}/expire`)).toHaveLength(1);
    expect(fake.sessions.get(open.sessionId)).toMatchObject({ status: 'expired' });
    expect(fake.eventsOf('checkout.session.expired').at(-1)?.data.object).toMatchObject({ id: open.sessionId, status: 'expired' });
    expect(() => fake.complete(open.sessionId)).toThrow(/expired/);
    // Expiring it again is Stripe's invalid request; the provider answers the session as it is.
    const sdk = new Stripe(fake.secretKey, { host: new URL(fake.url).hostname, port: new URL(fake.url).port, protocol: 'http' });
    await expect(sdk.checkout.sessions.expire(open.sessionId)).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400 });
    expect(await stripe.expireSession(open.sessionId)).toMatchObject({ status: 'expired' });

    // Paid before we could expire it: Stripe refuses, and the provider answers it complete and paid.
    const done = await stripe.createCheckout(checkout());
    fake.complete(done.sessionId);
    await expect(sdk.checkout.sessions.expire(done.sessionId)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      message: expect.stringContaining('has a status of "complete"'),
    });
    expect(await stripe.expireSession(done.sessionId)).toMatchObject({ status: 'complete', paymentStatus: 'paid', paymentId: expect.stringMatching(/^pi_/) });
    await expect(stripe.expireSession('cs_test_missing')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('answers an off-session charge that needs authentication as a failed charge, and the email tells the customer', async () => {
    const { cardId } = await paid('3184');
    const outcome = await stripe.chargeSaved!(cardId, 1500, 'Creeper Valley renewal', { currency: 'usd', idempotencyKey: `renewal-${randomUUID()}-1` });
    expect(outcome).toEqual({ ok: false, reason: 'Your card was declined. This transaction requires authentication.' });
    const intent = fake.paymentIntents.find((p) => p.description === 'Creeper Valley renewal')!;
    expect(intent).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'authentication_required' } });
    expect(fake.eventsOf('payment_intent.payment_failed').at(-1)?.data.object).toMatchObject({ id: intent.id });

    const user = await createUser(t, { email: 'renewing@example.test' });
    if (!outcome.ok) {
      await sendRenewalNotice(
        { db: t.database.db, mailer: t.app.mailer, brand: 'Spawnpoint', publicUrl: 'https://play.example.test', log: { warn() {} } },
        user.id,
        { kind: 'payment_failed', service: 'Creeper Valley', amountCents: 1500, currency: 'usd', reason: outcome.reason, retryAt: null, suspendAt: new Date('2030-02-01') },
      );
    }
    const [mail] = await readMailbox(t, 'renewing@example.test');
    expect(mail?.subject).toBe('Payment failed for Creeper Valley');
    expect(mail?.text).toContain('This transaction requires authentication.');
    expect(mail?.text).toContain('https://play.example.test/dashboard/billing');
  });

  it('refunds in part and in full, never beyond the charge, and Stripe sends charge.refunded each time', async () => {
    const { paymentId } = await paid();
    await stripe.refund(paymentId, 500, 'Partial goodwill', { idempotencyKey: `refund-${randomUUID()}` });
    const charge = [...fake.charges.values()].find((c) => c.payment_intent === paymentId)!;
    expect(charge).toMatchObject({ amount: 1500, amount_refunded: 500, refunded: false });
    await expect(stripe.refund(paymentId, 1100, 'Too much', { idempotencyKey: `refund-${randomUUID()}` })).rejects.toMatchObject({ code: 'amount_too_large', param: 'amount' });
    await stripe.refund(paymentId, 1000, 'The rest', { idempotencyKey: `refund-${randomUUID()}` });
    expect(charge).toMatchObject({ amount_refunded: 1500, refunded: true });
    await expect(stripe.refund(paymentId, 1, 'Again', { idempotencyKey: `refund-${randomUUID()}` })).rejects.toMatchObject({ code: 'charge_already_refunded' });
    const events = fake.eventsOf('charge.refunded').filter((e) => e.data.object.id === charge.id);
    expect(events.map((e) => [e.data.object.amount_refunded, e.data.previous_attributes?.amount_refunded])).toEqual([
      [500, 0],
      [1500, 500],
    ]);
    // Delivered to the app, the event is accepted (and changes nothing it did not already record).
    for (const event of events) {
      const { payload, headers } = fake.delivery(event);
      const res = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload, headers });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('verifies webhook signatures as Stripe makes them: several v1 while a secret rolls, and a five-minute tolerance', async () => {
    const send = (delivery: { payload: string; headers: Record<string, string> }) =>
      t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload: delivery.payload, headers: delivery.headers });
    const event = () => eventOf('customer.updated', { id: 'cus_x', object: 'customer' });
    expect((await send(fake.delivery(event()))).statusCode).toBe(200);

    // While the endpoint's secret rolls, each delivery carries a v1 for the new and the old one.
    const configured = fake.webhookSecret;
    fake.rollWebhookSecret();
    const rolled = fake.delivery(event());
    expect(rolled.headers['stripe-signature'].match(/v1=/g)).toHaveLength(2);
    expect(fake.webhookSecrets[1]).toBe(configured);
    expect((await send(rolled)).statusCode).toBe(200);
    // Once the old secret is gone, the app's (old) one no longer verifies.
    expect((await send(fake.delivery(event(), { secrets: [fake.webhookSecrets[0]!] }))).statusCode).toBe(400);

    const now = Math.floor(Date.now() / 1000);
    expect((await send(fake.delivery(event(), { secrets: [configured], timestamp: now - 290 }))).statusCode).toBe(200);
    const stale = await send(fake.delivery(event(), { secrets: [configured], timestamp: now - 301 }));
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.code).toBe('invalid_signature');
  });
});
