import { createHmac, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { newId, unixNow } from './stripe-http';

/**
 * Events and their signatures as Stripe sends them: the event envelope of the SDK's pinned API
 * version, and the `Stripe-Signature` header `t=<unix>,v1=<hmac>[,v1=<hmac>...],v0=<test-mode
 * decoy>` where each v1 is HMAC-SHA256 of `<t>.<raw body>` under one of the endpoint's secrets
 * (two while a secret is being rolled). stripe-node's constructEvent accepts any matching v1
 * within its 300-second tolerance (src/Webhooks.ts, DEFAULT_TOLERANCE).
 */
export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export function eventOf(type: string, object: Record<string, unknown>, request: StripeEvent['request'] = { id: null, idempotency_key: null }, previous?: Record<string, unknown>): StripeEvent {
  return {
    id: newId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: unixNow(),
    data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
    livemode: false,
    pending_webhooks: 1,
    request,
    type,
  };
}

export function signatureHeader(payload: string, secrets: string[], timestamp = unixNow()): string {
  const v1 = secrets.map((secret) => `v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex')}`);
  // Test-mode deliveries carry a v0 signature that verifies nothing, to show the scheme is versioned.
  return [`t=${timestamp}`, ...v1, `v0=${randomBytes(32).toString('hex')}`].join(',');
}

/** The body and headers of one delivery of `event` to a webhook endpoint. */
export function delivery(event: StripeEvent, secrets: string[], timestamp?: number) {
  const payload = JSON.stringify(event, null, 2);
  return {
    payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      'stripe-signature': signatureHeader(payload, secrets, timestamp),
    },
  };
}
