import Stripe from 'stripe';
import type { CheckResult, CheckStatus } from '../panel/panel-contract-check';

/**
 * `npm run check:stripe`: read-only checks of the configured Stripe account (decision 049): the
 * secret key answers, a webhook endpoint points at this shop with every event the product
 * handles, and it sends them in the API version the product reads.
 */
export interface StripeCheckOptions {
  secretKey: string;
  webhookSecret?: string;
  /** The shop's public address; the endpoint must be PUBLIC_URL/api/webhooks/stripe. */
  publicUrl: string;
  /** The API version the product pins its requests and its webhook parsing to. */
  apiVersion: string;
  /** The events the product acts on. */
  events: readonly string[];
  /** For tests: the fake's address. */
  apiUrl?: string;
  production?: boolean;
}

function client(options: StripeCheckOptions): Stripe {
  const config: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 1, timeout: 10_000, telemetry: false };
  if (options.apiUrl) {
    const url = new URL(options.apiUrl);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    Object.assign(config, { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol });
  }
  return new Stripe(options.secretKey, config);
}

export async function checkStripeContract(options: StripeCheckOptions): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const add = (status: CheckStatus, what: string, detail: string) => results.push({ status, what, detail });
  const stripe = client(options);
  const live = /^(sk|rk)_live_/.test(options.secretKey);

  // 1. The key answers: the endpoint list is the first read, and the one the rest needs.
  const endpoints: Stripe.WebhookEndpoint[] = [];
  try {
    for await (const endpoint of stripe.webhookEndpoints.list({ limit: 100 })) endpoints.push(endpoint);
    add('ok', 'Secret key', `Stripe accepts STRIPE_SECRET_KEY (${live ? 'live' : 'test'} mode).`);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeAuthenticationError) {
      add('problem', 'Secret key', 'Stripe refused STRIPE_SECRET_KEY: copy the secret key (sk_...) from the Dashboard, Developers, API keys.');
      return results;
    }
    if (error instanceof Stripe.errors.StripeConnectionError) {
      add('problem', 'Stripe reachable', `Stripe did not answer (${error.message}).`);
      return results;
    }
    if (!(error instanceof Stripe.errors.StripePermissionError)) throw error;
    add('unchecked', 'Webhook endpoint', `The key is a restricted one that may not read webhook endpoints, so they cannot be checked (${error.message}).`);
    return results;
  }
  if (options.production && !live) add('problem', 'Secret key', 'The shop runs in production with a test-mode key: customers cannot pay real money.');

  if (!options.webhookSecret) add('problem', 'Webhook signing secret', 'STRIPE_WEBHOOK_SECRET is not set: no payment would ever be recorded.');
  else if (!options.webhookSecret.startsWith('whsec_')) add('problem', 'Webhook signing secret', 'STRIPE_WEBHOOK_SECRET should start with whsec_: copy the endpoint\'s signing secret, not an API key.');

  // 2. The webhook endpoint.
  const target = `${options.publicUrl.replace(/\/+$/, '')}/api/webhooks/stripe`;
  const ours = endpoints.filter((e) => e.url.replace(/\/+$/, '') === target);
  const needed = options.events.join(', ');
  if (ours.length === 0) {
    const others = endpoints.map((e) => e.url).join(', ');
    add('problem', 'Webhook endpoint', `No endpoint sends to ${target}${others ? ` (the account has: ${others})` : ''}. Add one in the Dashboard, Developers, Webhooks, with API version ${options.apiVersion} and the events: ${needed}.`);
    return results;
  }
  for (const endpoint of ours) {
    const name = `Webhook endpoint ${endpoint.id}`;
    if (endpoint.status !== 'enabled') add('problem', name, 'It is disabled: enable it, or Stripe sends nothing to the shop.');
    const events = new Set(endpoint.enabled_events);
    const missing = events.has('*') ? [] : options.events.filter((e) => !events.has(e));
    if (missing.length) add('problem', `${name}: events`, `Missing: ${missing.join(', ')}. Without them ${missing.includes('charge.refunded') ? 'refunds made in the Stripe Dashboard never reach the books, and ' : ''}payments can go unrecorded.`);
    else add('ok', `${name}: events`, 'Every event the shop acts on is sent.');
    if (endpoint.api_version === null) {
      add('unchecked', `${name}: API version`, `It follows the account's default version: check in the Dashboard that it is ${options.apiVersion}, or recreate the endpoint with that version.`);
    } else if (endpoint.api_version !== options.apiVersion) {
      add('problem', `${name}: API version`, `It sends events in ${endpoint.api_version}, but the shop reads ${options.apiVersion}: recreate the endpoint with API version ${options.apiVersion}.`);
    } else {
      add('ok', `${name}: API version`, `${options.apiVersion}, as the shop reads.`);
    }
  }
  return results;
}
