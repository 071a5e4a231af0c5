import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../test/fakes/stripe/fake-stripe';
import { checkStripeContract, type StripeCheckOptions } from './stripe-contract-check';

const events = ['checkout.session.completed', 'checkout.session.expired', 'charge.refunded'];

describe('npm run check:stripe against the Stripe fake', () => {
  let fake: FakeStripe;
  let sdk: Stripe;
  const options = (over: Partial<StripeCheckOptions> = {}): StripeCheckOptions => ({
    secretKey: fake.secretKey,
    webhookSecret: fake.webhookSecret,
    publicUrl: 'https://play.example.test/',
    apiVersion: Stripe.API_VERSION,
    events,
    apiUrl: fake.url,
    ...over,
  });
  const problems = async (over: Partial<StripeCheckOptions> = {}) =>
    (await checkStripeContract(options(over))).filter((r) => r.status !== 'ok');

  beforeAll(async () => {
    fake = await startFakeStripe();
    const url = new URL(fake.url);
    sdk = new Stripe(fake.secretKey, { host: url.hostname, port: url.port, protocol: 'http', telemetry: false });
  });
  afterAll(async () => fake?.close());
  beforeEach(() => void fake.webhookEndpoints.splice(0));

  it('refuses a wrong key in plain words and stops there', async () => {
    const results = await checkStripeContract(options({ secretKey: 'sk_test_wrong' }));
    expect(results).toEqual([expect.objectContaining({ status: 'problem', what: 'Secret key', detail: expect.stringContaining('refused STRIPE_SECRET_KEY') })]);
  });

  it('says where to add the endpoint, with the events and the version, when none points at the shop', async () => {
    await sdk.webhookEndpoints.create({ url: 'https://elsewhere.example/hook', enabled_events: ['*'] });
    const [found] = await problems();
    expect(found!.what).toBe('Webhook endpoint');
    expect(found!.detail).toContain('https://play.example.test/api/webhooks/stripe');
    expect(found!.detail).toContain('https://elsewhere.example/hook');
    expect(found!.detail).toContain(Stripe.API_VERSION);
    expect(found!.detail).toContain('charge.refunded');
  });

  it('names the missing events, a disabled endpoint and a different API version', async () => {
    const endpoint = await sdk.webhookEndpoints.create({
      url: 'https://play.example.test/api/webhooks/stripe',
      enabled_events: ['checkout.session.completed'],
      api_version: '2024-06-20',
    });
    await sdk.webhookEndpoints.update(endpoint.id, { disabled: true });
    const found = await problems();
    expect(found.map((r) => r.detail).join('\n')).toMatch(/disabled/);
    expect(found.find((r) => r.what.endsWith('events'))!.detail).toBe(
      'Missing: checkout.session.expired, charge.refunded. Without them refunds made in the Stripe Dashboard never reach the books, and payments can go unrecorded.',
    );
    expect(found.find((r) => r.what.endsWith('API version'))!.detail).toContain('sends events in 2024-06-20');
  });

  it('passes an endpoint with every event in the pinned version, and flags a test key in production', async () => {
    await sdk.webhookEndpoints.create({ url: 'https://play.example.test/api/webhooks/stripe', enabled_events: events as Stripe.WebhookEndpointCreateParams.EnabledEvent[], api_version: Stripe.API_VERSION as Stripe.WebhookEndpointCreateParams['api_version'] });
    expect(await problems()).toEqual([]);
    const production = await problems({ production: true, webhookSecret: 'sk_not_a_secret' });
    expect(production.map((r) => r.what)).toEqual(['Secret key', 'Webhook signing secret']);
  });

  it('cannot tell the version of an endpoint that follows the account default, and says so', async () => {
    await sdk.webhookEndpoints.create({ url: 'https://play.example.test/api/webhooks/stripe', enabled_events: ['*'] });
    const found = await problems();
    expect(found).toEqual([expect.objectContaining({ status: 'unchecked', detail: expect.stringContaining("account's default version") })]);
  });
});
