import { createHmac, timingSafeEqual } from 'node:crypto';

export const LOCAL_SIGNATURE_HEADER = 'spawnpoint-signature';
/** How old a signed delivery may be, as Stripe does: replays of old deliveries are refused. */
const TOLERANCE_SECONDS = 300;

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

function hmac(secret: string, timestamp: number, body: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, the same scheme as Stripe-Signature. */
export function signWebhook(secret: string, body: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/** Throws WebhookSignatureError unless the header signs exactly this raw body, recently. */
export function verifyWebhook(secret: string, rawBody: Buffer, header: string | string[] | undefined, now: Date) {
  if (typeof header !== 'string' || !header) throw new WebhookSignatureError('Missing webhook signature');
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const [key, value] = item.split('=', 2).map((s) => s.trim());
    if (key && value) parts.set(key, [...(parts.get(key) ?? []), value]);
  }
  const timestamp = Number(parts.get('t')?.[0]);
  const signatures = parts.get('v1') ?? [];
  if (!Number.isInteger(timestamp) || signatures.length === 0) {
    throw new WebhookSignatureError('Malformed webhook signature');
  }
  const expected = Buffer.from(hmac(secret, timestamp, rawBody), 'hex');
  const matches = signatures.some((s) => {
    const given = Buffer.from(s, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError('Webhook signature does not match');
  if (Math.abs(now.getTime() / 1000 - timestamp) > TOLERANCE_SECONDS) {
    throw new WebhookSignatureError('Webhook timestamp is outside the tolerance');
  }
}
