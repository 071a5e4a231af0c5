import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { createSession } from './checkout-sessions';
import { createPaymentsState } from './payments';
import { isAnswer, newId, noSuch, parseForm, stripeError, type Params, type StripeAnswer } from './stripe-http';
import { delivery, eventOf, type StripeEvent } from './webhooks';
import { createWebhookEndpoints } from './webhook-endpoints';

/**
 * A local Stripe API for the calls this product makes through stripe-node, rebuilt from the
 * SDK's own definitions (see docs/decisions/022): Checkout Sessions as the API validates them
 * (expired through /expire only while open, and then never paid),
 * saved cards, off-session PaymentIntents with the test cards' declines, refunds full and partial
 * with charge.refunded, idempotency keys with Stripe's replay and mismatch rules, events, and
 * signed webhook deliveries. Tests point the SDK at it with STRIPE_API_URL.
 */
type Obj = Record<string, unknown>;

export interface FakeStripeRequest {
  method: string;
  path: string;
  /** The form fields as sent (bracketed keys flat). */
  form: Record<string, string>;
  /** The same fields nested, as Stripe reads them. */
  params: Params;
  headers: IncomingMessage['headers'];
}

/** How long Stripe keeps an idempotency key's result (at least 24 hours; this fake prunes at exactly 24). */
export const IDEMPOTENCY_KEY_KEPT_MS = 24 * 60 * 60 * 1000;

/** `clock`: the time the fake keeps idempotency keys by (a test's manual clock); the real time by default. */
export async function startFakeStripe(options: { clock?: { now(): Date } } = {}) {
  const now = () => options.clock?.now().getTime() ?? Date.now();
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  /** The endpoint's signing secrets, newest first: two while one is being rolled. */
  const webhookSecrets = [`whsec_${randomBytes(16).toString('hex')}`];
  const sessions = new Map<string, Obj>();
  const requests: FakeStripeRequest[] = [];
  const payments = createPaymentsState();
  const idempotent = new Map<string, { fingerprint: string; answer: StripeAnswer; at: number }>();
  const carded = new Set<string>();
  const webhookEndpoints = createWebhookEndpoints();

  /** One-shot refusals for rules the fake does not model (see refuseNext), and Stripe's own failures (see failNext). */
  const refusals: { method: string; path: string; answer: StripeAnswer }[] = [];
  /** A rate limit or a key in flight, answered before the key is looked at (see failNext). */
  const turnedAway: { method: string; path: string; answer: StripeAnswer }[] = [];
  /** Requests handled whose answers never reach the caller (see loseAnswers). */
  const lost: { method: string; path: string }[] = [];

  function route(method: string, path: string, params: Params): StripeAnswer {
    const refusal = refusals.findIndex((r) => r.method === method && r.path === path);
    if (refusal >= 0) return refusals.splice(refusal, 1)[0]!.answer;
    let m: RegExpExecArray | null;
    const endpointAnswer = webhookEndpoints.route(method, path, params);
    if (endpointAnswer) return endpointAnswer;
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      // A missing object named in a parameter is a 400 resource_missing on that parameter (a 404 is for the URL's own object).
      if (params.customer !== undefined && !payments.customers.has(String(params.customer))) {
        return stripeError('invalid_request_error', `No such customer: '${String(params.customer)}'`, { code: 'resource_missing', param: 'customer' });
      }
      const session = createSession(params);
      if (isAnswer(session)) return session;
      sessions.set(String(session.id), { ...session, payment_intent_data: params.payment_intent_data ?? {} });
      return [200, session];
    }
    if ((m = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path))) {
      const stored = sessions.get(decodeURIComponent(m[1]!));
      if (!stored) return noSuch('checkout.session', m[1]!, 'session');
      if (method === 'POST' && m[2]) {
        if (stored.status !== 'open') return stripeError('invalid_request_error', `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(stored.status)}".`, { code: 'checkout_session_not_open' });
        stored.status = 'expired';
        payments.events.push(eventOf('checkout.session.expired', publicSession(stored)));
      }
      return [200, publicSession(stored)];
    }
    if (method === 'POST' && path === '/v1/payment_intents') return payments.createIntent(params);
    if (method === 'GET' && path === '/v1/payment_intents') {
      // Newest first, one page of up to `limit` (Stripe's default 10).
      let all = payments.paymentIntents.filter((p) => params.customer === undefined || p.customer === params.customer).reverse();
      if (params.starting_after !== undefined) all = all.slice(all.findIndex((p) => p.id === params.starting_after) + 1);
      const limit = Number(params.limit ?? 10);
      return [200, { object: 'list', data: all.slice(0, limit), has_more: all.length > limit, url: path }];
    }
    if (method === 'GET' && (m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) {
      const intent = payments.paymentIntents.find((p) => p.id === m![1]);
      return intent ? [200, intent] : noSuch('payment_intent', m[1]!, 'intent');
    }
    if (method === 'POST' && path === '/v1/refunds') return payments.createRefund(params);
    if (method === 'GET' && (m = /^\/v1\/charges\/([^/]+)$/.exec(path))) {
      const charge = payments.charges.get(m[1]!);
      return charge ? [200, charge] : noSuch('charge', m[1]!, 'charge');
    }
    if (method === 'GET' && (m = /^\/v1\/customers\/([^/]+)\/payment_methods$/.exec(path))) {
      const id = decodeURIComponent(m[1]!);
      if (!payments.customers.has(id)) return noSuch('customer', id, 'customer');
      // Like every Stripe list, newest first.
      const data = [...payments.paymentMethods.values()].filter((pm) => pm.customer === id && (!params.type || pm.type === params.type)).reverse();
      return [200, { object: 'list', data, has_more: false, url: path }];
    }
    if (method === 'POST' && path === '/v1/customers') return payments.createCustomer(params);
    if (method === 'GET' && (m = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
      const row = payments.customers.get(decodeURIComponent(m[1]!));
      return row ? [200, row] : noSuch('customer', m[1]!, 'id');
    }
    if (method === 'POST' && (m = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
      const row = payments.customers.get(decodeURIComponent(m[1]!));
      if (!row) return noSuch('customer', m[1]!, 'id');
      const settings = params.invoice_settings as Obj | undefined;
      if (settings && 'default_payment_method' in settings) {
        const pm = String(settings.default_payment_method ?? '');
        if (pm && payments.paymentMethods.get(pm)?.customer !== row.id) return noSuch('PaymentMethod', pm, 'invoice_settings[default_payment_method]');
        row.invoice_settings = { ...(row.invoice_settings as Obj), default_payment_method: pm || null };
      }
      return [200, row];
    }
    if ((m = /^\/v1\/payment_methods\/([^/]+)(\/detach)?$/.exec(path))) {
      const pm = payments.paymentMethods.get(decodeURIComponent(m[1]!));
      if (!pm) return noSuch('PaymentMethod', m[1]!, 'payment_method');
      if (method === 'POST' && m[2]) {
        if (!pm.customer) return stripeError('invalid_request_error', 'The payment method you provided is not attached to a customer so detachment is impossible.', { code: 'payment_method_unexpected_state' });
        pm.customer = null;
        payments.events.push(eventOf('payment_method.detached', pm));
      }
      return [200, pm];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.` } }];
  }

  /**
   * Stripe keeps the answer of a key for 24 hours, a 500 from an endpoint that ran included, and
   * replays it; then the key is pruned and the same key runs afresh (a second payment). The same
   * key with other params is an error while it is kept.
   */
  function withIdempotency(req: IncomingMessage, path: string, body: string, run: () => StripeAnswer): [StripeAnswer, boolean] {
    const key = req.headers['idempotency-key'];
    if (req.method !== 'POST' || typeof key !== 'string') return [run(), false];
    const fingerprint = `${path}\n${body}`;
    const kept = idempotent.get(key);
    if (kept && now() - kept.at >= IDEMPOTENCY_KEY_KEPT_MS) idempotent.delete(key);
    const earlier = idempotent.get(key);
    if (earlier && earlier.fingerprint !== fingerprint) {
      return [stripeError('idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`), false];
    }
    if (earlier) return [earlier.answer, true];
    const answer = run();
    // Nothing is kept when the parameters were refused before the endpoint ran, nor for a rate limit
    // or a key still in flight; an endpoint's result is, its 500 included.
    if (answer[0] === 200 || answer[0] === 402 || answer[0] >= 500) idempotent.set(key, { fingerprint, answer, at: now() });
    return [answer, false];
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const [path = '/', query = ''] = (req.url ?? '/').split('?');
      const body = Buffer.concat(chunks).toString('utf8');
      const text = req.method === 'GET' ? query : body;
      const params = parseForm(text);
      requests.push({ method: req.method ?? 'GET', path, form: Object.fromEntries(new URLSearchParams(text)), params, headers: req.headers });
      const headers: Record<string, string> = { 'content-type': 'application/json', 'request-id': newId('req'), 'stripe-version': Stripe.API_VERSION };
      let answer: StripeAnswer;
      let replayed = false;
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        const given = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
        answer = [401, { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${given.slice(0, 8)}${'*'.repeat(Math.max(0, given.length - 12))}${given.slice(-4)}` } }];
      } else {
        const away = turnedAway.findIndex((r) => r.method === req.method && r.path === path);
        if (away >= 0) answer = turnedAway.splice(away, 1)[0]!.answer;
        else [answer, replayed] = withIdempotency(req, path, body, () => route(req.method ?? 'GET', path, params));
      }
      if (replayed) headers['idempotent-replayed'] = 'true';
      const cut = lost.findIndex((l) => l.method === req.method && l.path === path);
      if (cut >= 0) {
        lost.splice(cut, 1);
        // Handled (charged, and kept under its idempotency key), then the connection drops.
        req.socket.destroy();
        return;
      }
      res.writeHead(answer[0], headers).end(JSON.stringify(answer[1]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function publicSession(stored: Obj): Obj {
    const { payment_intent_data: _private, ...session } = stored;
    return session;
  }

  function customerFor(session: Obj): string | null {
    if (session.customer) return String(session.customer);
    if (session.customer_creation !== 'always') return null;
    const id = newId('cus');
    payments.customers.set(id, { id, object: 'customer', email: session.customer_email, invoice_settings: { default_payment_method: null } });
    return id;
  }

  return {
    url,
    secretKey,
    /** The secret the app is configured with (the newest). */
    get webhookSecret() {
      return webhookSecrets[0]!;
    },
    webhookSecrets,
    requests,
    /** Sessions by id, with what Stripe answers for them. */
    sessions: {
      get: (id: string) => {
        const stored = sessions.get(id);
        return stored ? publicSession(stored) : undefined;
      },
    },
    refunds: payments.refunds,
    charges: payments.charges,
    paymentMethods: payments.paymentMethods,
    customers: payments.customers,
    paymentIntents: payments.paymentIntents,
    /** Every event Stripe would send, oldest first. */
    events: payments.events,
    eventsOf: (type: string) => payments.events.filter((e) => e.type === type),
    /** The account's webhook endpoints, newest first, as the Dashboard or the API made them. */
    webhookEndpoints: webhookEndpoints.endpoints,

    /**
     * The customer pays (or completes with a delayed method, unpaid): the session completes, a
     * customer is created when asked for, the PaymentIntent and its charge are made, and the card
     * is saved (a Visa 4242 unless `card` says otherwise, none with `card: false`).
     */
    complete(sessionId: string, options: { paid?: boolean; card?: false | { brand?: string; last4?: string; exp_month?: number; exp_year?: number } } = {}) {
      const stored = sessions.get(sessionId);
      if (!stored) throw new Error(`fake stripe: no session ${sessionId}`);
      // An expired session shows the customer "expired" and takes no payment.
      if (stored.status === 'expired') throw new Error(`fake stripe: session ${sessionId} has expired and cannot be paid`);
      const paid = options.paid ?? true;
      const customer = customerFor(stored);
      let pmId: string | null = null;
      if (paid && options.card !== false && customer && !carded.has(sessionId)) {
        carded.add(sessionId);
        pmId = newId('pm');
        payments.paymentMethods.set(pmId, {
          id: pmId,
          object: 'payment_method',
          type: 'card',
          customer,
          created: Math.floor(Date.now() / 1000),
          card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, ...(options.card || {}) },
        });
      }
      const metadata = ((stored.payment_intent_data as Obj | undefined)?.metadata ?? {}) as Obj;
      const existing = payments.paymentIntents.find((p) => p.id === stored.payment_intent);
      const intent = existing ?? payments.sessionIntent(Number(stored.amount_total), String(stored.currency), customer, metadata);
      stored.payment_intent = intent.id;
      if (paid && intent.status !== 'succeeded') payments.settle(intent, pmId);
      Object.assign(stored, {
        status: 'complete',
        payment_status: paid ? 'paid' : 'unpaid',
        customer,
        customer_details: { email: stored.customer_email, name: null, address: null },
      });
      const type = existing && paid ? 'checkout.session.async_payment_succeeded' : 'checkout.session.completed';
      payments.events.push(eventOf(type, publicSession(stored)));
      return publicSession(stored);
    },

    /**
     * Someone refunds a payment in the Stripe Dashboard: the refund is made as the API makes it
     * (whole remainder unless `amount` says), and charge.refunded is among the events to deliver.
     * Answers the charge.refunded event it caused.
     */
    dashboardRefund(paymentIntentId: string, amount?: number): StripeEvent {
      const [status, body] = payments.createRefund({ payment_intent: paymentIntentId, ...(amount === undefined ? {} : { amount: String(amount) }), reason: 'requested_by_customer' });
      if (status !== 200) throw new Error(`fake stripe: the dashboard refund was refused: ${JSON.stringify(body)}`);
      return payments.events.filter((e) => e.type === 'charge.refunded').at(-1)!;
    },

    /**
     * The next `method path` is refused with an invalid_request_error, as Stripe answers a rule
     * this fake does not model (an account restriction, a parameter Stripe stopped accepting).
     */
    refuseNext(method: string, path: string, message: string, fields: { code?: string; param?: string } = {}) {
      refusals.push({ method, path, answer: stripeError('invalid_request_error', message, fields) });
    },

    /**
     * The next `times` requests to `method path` fail at Stripe: a 500 api_error, a 429
     * rate_limit_error, or an idempotency_error (another request with the same key in flight).
     * Nothing is charged. A 500 happens once the endpoint ran, so, as Stripe does, it is kept under
     * the idempotency key and replayed to every retry with that key until the key is pruned (24
     * hours by the fake's clock); a 429 and a 409 keep nothing, so a retry runs afresh.
     * stripe-node retries a 5xx and a 409 itself (maxNetworkRetries), not a 429, which is why
     * `times` counts requests.
     */
    failNext(method: string, path: string, type: 'api_error' | 'rate_limit_error' | 'idempotency_error', times = 1) {
      const messages = {
        api_error: 'An unknown error occurred',
        rate_limit_error: 'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.',
        idempotency_error: 'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through). Please try again later.',
      };
      const status = type === 'idempotency_error' ? 409 : undefined;
      const queue = type === 'api_error' ? refusals : turnedAway;
      for (let i = 0; i < times; i += 1) queue.push({ method, path, answer: stripeError(type, messages[type], {}, status) });
    },

    /**
     * The next `times` requests to `method path` are handled as usual (a PaymentIntent made and
     * charged, its answer kept under the idempotency key) but the connection drops before the
     * answer: the caller sees a connection error, and a later request with the same key gets
     * Stripe's replay of the first answer. stripe-node retries a dropped connection itself, so a
     * caller gives up only after maxNetworkRetries + 1 lost answers.
     */
    loseAnswers(method: string, path: string, times = 1) {
      for (let i = 0; i < times; i += 1) lost.push({ method, path });
    },

    /** Starts rolling the endpoint secret: Stripe signs with the new and the old one until the roll ends. */
    rollWebhookSecret() {
      webhookSecrets.unshift(`whsec_${randomBytes(16).toString('hex')}`);
      return webhookSecrets[0]!;
    },

    /** One delivery of `event` as Stripe makes it, signed with every current secret. */
    delivery(event: StripeEvent, options: { timestamp?: number; secrets?: string[] } = {}) {
      return delivery(event, options.secrets ?? webhookSecrets, options.timestamp);
    },

    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
