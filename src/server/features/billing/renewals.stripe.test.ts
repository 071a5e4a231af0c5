import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../test/fakes/stripe/fake-stripe';
import { createStripePaymentProvider } from '../../integrations/payments/stripe-provider';
import type { PaymentProvider } from '../../integrations/payments/payment-provider';

/** chargeSaved against the fake Stripe API: an off-session PaymentIntent confirmed on the saved card. */
describe('Stripe off-session renewal charges', () => {
  let fake: FakeStripe;
  let stripe: PaymentProvider;

  beforeAll(async () => {
    fake = await startFakeStripe();
    stripe = createStripePaymentProvider({ secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiUrl: fake.url });
  });
  afterAll(async () => fake?.close());

  async function savedCard(last4: string): Promise<string> {
    const session = await stripe.createCheckout({
      orderId: crypto.randomUUID(),
      customerEmail: 'ada@example.test',
      description: 'Minecraft 4GB',
      lines: [{ description: 'Minecraft 4GB', quantity: 1, unitCents: 1500, amountCents: 1500 }],
      totalCents: 1500,
      currency: 'usd',
      successUrl: 'https://example.test/ok',
      cancelUrl: 'https://example.test/cancel',
      expiresAt: new Date(Date.now() + 3600_000),
    });
    fake.complete(session.sessionId, { card: { last4 } });
    const customer = await stripe.savedCards!.customerOfSession(session.sessionId);
    const [card] = await stripe.savedCards!.list(customer!);
    return card!.id;
  }

  it('charges the saved card off session, once per idempotency key', async () => {
    const card = await savedCard('4242');
    const first = await stripe.chargeSaved!(card, 1500, 'Creeper Valley renewal', { currency: 'usd', idempotencyKey: 'renewal-a-1' });
    const again = await stripe.chargeSaved!(card, 1500, 'Creeper Valley renewal', { currency: 'usd', idempotencyKey: 'renewal-a-1' });
    expect(first).toEqual({ ok: true, paymentId: expect.stringMatching(/^pi_/) });
    expect(again).toEqual(first);
    // One PaymentIntent for the key (the second call is Stripe's replay), confirmed off session.
    const renewals = fake.paymentIntents.filter((p) => p.description === 'Creeper Valley renewal');
    expect(renewals).toEqual([expect.objectContaining({ amount: 1500, status: 'succeeded' })]);
    expect(fake.requests.filter((r) => r.path === '/v1/payment_intents').map((r) => r.form)).toEqual([
      expect.objectContaining({ off_session: 'true', confirm: 'true', amount: '1500' }),
      expect.objectContaining({ off_session: 'true', confirm: 'true', amount: '1500' }),
    ]);
  });

  it('is refused when a key is sent again with other words, which is why a paid change stores the language its charge is described in (decision 082)', async () => {
    const card = await savedCard('4242');
    const first = await stripe.chargeSaved!(card, 350, 'Upgrade auf Minecraft 4GB (3,50\u00a0$)', { currency: 'usd', idempotencyKey: 'plan-change-e-1' });
    expect(first).toEqual({ ok: true, paymentId: expect.stringMatching(/^pi_/) });
    expect(await stripe.chargeSaved!(card, 350, 'Upgrade auf Minecraft 4GB (3,50\u00a0$)', { currency: 'usd', idempotencyKey: 'plan-change-e-1' })).toEqual(first);
    await expect(stripe.chargeSaved!(card, 350, 'Passage à Minecraft 4GB (3,50\u00a0$US)', { currency: 'usd', idempotencyKey: 'plan-change-e-1' })).rejects.toThrow(/same parameters/);
  });

  it('answers an amount under the minimum as a request Stripe refused (invalid_request_error), not a card decline nor an unknown outcome', async () => {
    const card = await savedCard('4242');
    const outcome = await stripe.chargeSaved!(card, 30, 'Creeper Valley renewal rest', { currency: 'usd', idempotencyKey: 'renewal-c-1' });
    expect(outcome).toEqual({ ok: false, reason: 'Stripe refused the charge: Amount must be at least $0.50 usd', refused: 'request' });
    expect(fake.paymentIntents.filter((p) => p.description === 'Creeper Valley renewal rest')).toEqual([]);
    // A card that is gone at Stripe is refused as asked too.
    expect(await stripe.chargeSaved!('pm_test_gone', 1500, 'renewal', { currency: 'usd', idempotencyKey: 'renewal-d-1' })).toMatchObject({ ok: false, refused: 'request' });
  });

  it('answers a decline of the 0341 test card as a failed charge, not an error', async () => {
    const card = await savedCard('0341');
    expect(await stripe.chargeSaved!(card, 1500, 'renewal', { currency: 'usd', idempotencyKey: 'renewal-b-1' })).toEqual({
      ok: false,
      reason: 'Your card was declined.',
    });
  });
});
