import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the Stripe HTTP endpoints the SDK calls for Checkout (create and retrieve a
 * session, create a refund), answering the documented object and error shapes. Tests point the
 * SDK at it with STRIPE_API_URL and move sessions along with `complete`.
 */
export interface FakeStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, Record<string, unknown>>;
  /** Every request seen: method, path, form fields (flattened keys as sent) and headers. */
  requests: { method: string; path: string; form: Record<string, string>; headers: IncomingMessage['headers'] }[];
  refunds: Record<string, unknown>[];
  /** Card payment methods by id; a paid session attaches one to its customer (setup_future_usage). */
  paymentMethods: Map<string, Record<string, unknown>>;
  /** Customers by id, created when a session completes. */
  customers: Map<string, Record<string, unknown>>;
  /** Off-session PaymentIntents (renewals); a card ending 0341 is declined like Stripe's test card. */
  paymentIntents: Record<string, unknown>[];
  /**
   * Marks a session paid (or complete but unpaid, for a delayed payment method). A paid session
   * saves a card on its customer, a Visa 4242 unless `card` says otherwise, or none with `card: false`.
   */
  complete(
    sessionId: string,
    options?: { paid?: boolean; card?: false | { brand?: string; last4?: string; exp_month?: number; exp_year?: number } },
  ): Record<string, unknown>;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

function stripeError(res: ServerResponse, status: number, error: Record<string, unknown>) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify({ error }));
}

function send(res: ServerResponse, body: unknown) {
  res.writeHead(200, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify(body));
}

function lineTotal(form: Record<string, string>): { subtotal: number; count: number } {
  let subtotal = 0;
  let count = 0;
  for (let i = 0; form[`line_items[${i}][quantity]`] !== undefined; i += 1) {
    subtotal += Number(form[`line_items[${i}][price_data][unit_amount]`]) * Number(form[`line_items[${i}][quantity]`]);
    count += 1;
  }
  return { subtotal, count };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const sessions = new Map<string, Record<string, unknown>>();
  const requests: FakeStripe['requests'] = [];
  const refunds: Record<string, unknown>[] = [];
  const refundsByKey = new Map<string, Record<string, unknown>>();
  const paymentMethods = new Map<string, Record<string, unknown>>();
  const customers = new Map<string, Record<string, unknown>>();
  const carded = new Set<string>();
  const paymentIntents: Record<string, unknown>[] = [];
  const intentsByKey = new Map<string, { status: number; body: Record<string, unknown> }>();
  const missing = (res: ServerResponse, kind: string, param: string, value: string) =>
    stripeError(res, 404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${value}'`, param });

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0]!;
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      requests.push({ method: req.method ?? 'GET', path, form, headers: req.headers });
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return stripeError(res, 401, {
          type: 'invalid_request_error',
          message: 'Invalid API Key provided: sk_test_****',
        });
      }
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const { subtotal } = lineTotal(form);
        const sessionId = id('cs');
        const session = {
          id: sessionId,
          object: 'checkout.session',
          amount_subtotal: subtotal,
          amount_total: subtotal,
          cancel_url: form.cancel_url ?? null,
          client_reference_id: form.client_reference_id ?? null,
          created: Math.floor(Date.now() / 1000),
          currency: form['line_items[0][price_data][currency]'] ?? 'usd',
          customer: null,
          customer_creation: form.customer_creation ?? null,
          customer_details: null,
          customer_email: form.customer_email ?? null,
          expires_at: Number(form.expires_at ?? Math.floor(Date.now() / 1000) + 86_400),
          livemode: false,
          metadata: Object.fromEntries(
            Object.entries(form)
              .filter(([k]) => k.startsWith('metadata['))
              .map(([k, v]) => [k.slice('metadata['.length, -1), v]),
          ),
          mode: form.mode,
          payment_intent: null,
          payment_method_types: ['card'],
          payment_status: 'unpaid',
          status: 'open',
          success_url: form.success_url ?? null,
          url: `https://checkout.stripe.com/c/pay/${sessionId}#fidkdWxOYHwnPyd1blpxYHZxWjA0`,
        };
        if (form.mode !== 'payment' || lineTotal(form).count === 0) {
          return stripeError(res, 400, {
            type: 'invalid_request_error',
            code: 'parameter_missing',
            message: 'Missing required param: line_items.',
            param: 'line_items',
          });
        }
        sessions.set(sessionId, session);
        return send(res, session);
      }
      const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && retrieve) {
        const session = sessions.get(decodeURIComponent(retrieve[1]!));
        if (!session) {
          return stripeError(res, 404, {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such checkout.session: '${retrieve[1]}'`,
            param: 'session',
          });
        }
        return send(res, session);
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        const key = String(req.headers['idempotency-key'] ?? '');
        const earlier = key ? refundsByKey.get(key) : undefined;
        if (earlier) return send(res, earlier);
        const session = [...sessions.values()].find((s) => s.payment_intent === form.payment_intent);
        if (!session) {
          return stripeError(res, 400, {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such payment_intent: '${form.payment_intent}'`,
            param: 'payment_intent',
          });
        }
        const refund = {
          id: id('re'),
          object: 'refund',
          amount: Number(form.amount ?? session.amount_total),
          charge: id('ch'),
          created: Math.floor(Date.now() / 1000),
          currency: session.currency,
          metadata: Object.fromEntries(
            Object.entries(form)
              .filter(([k]) => k.startsWith('metadata['))
              .map(([k, v]) => [k.slice('metadata['.length, -1), v]),
          ),
          payment_intent: form.payment_intent,
          reason: form.reason ?? null,
          status: 'succeeded',
        };
        refunds.push(refund);
        if (key) refundsByKey.set(key, refund);
        return send(res, refund);
      }
      const customerMethods = /^\/v1\/customers\/([^/]+)\/payment_methods$/.exec(path);
      if (req.method === 'GET' && customerMethods) {
        const customerId = decodeURIComponent(customerMethods[1]!);
        if (!customers.has(customerId)) return missing(res, 'customer', 'customer', customerId);
        const data = [...paymentMethods.values()].filter((pm) => pm.customer === customerId);
        return send(res, { object: 'list', data, has_more: false, url: path });
      }
      const customer = /^\/v1\/customers\/([^/]+)$/.exec(path);
      if (req.method === 'POST' && customer) {
        const row = customers.get(decodeURIComponent(customer[1]!));
        if (!row) return missing(res, 'customer', 'id', customer[1]!);
        const pm = form['invoice_settings[default_payment_method]'];
        if (pm !== undefined) {
          if (pm && paymentMethods.get(pm)?.customer !== row.id) return missing(res, 'PaymentMethod', 'invoice_settings[default_payment_method]', pm);
          row.invoice_settings = { ...(row.invoice_settings as object), default_payment_method: pm || null };
        }
        return send(res, row);
      }
      const methodPath = /^\/v1\/payment_methods\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && methodPath) {
        const pm = paymentMethods.get(decodeURIComponent(methodPath[1]!));
        if (!pm) return missing(res, 'PaymentMethod', 'payment_method', methodPath[1]!);
        return send(res, pm);
      }
      if (req.method === 'POST' && path === '/v1/payment_intents') {
        const key = String(req.headers['idempotency-key'] ?? '');
        const earlier = key ? intentsByKey.get(key) : undefined;
        if (earlier) {
          if (earlier.status !== 200) return stripeError(res, earlier.status, earlier.body);
          return send(res, earlier.body);
        }
        const pm = paymentMethods.get(form.payment_method ?? '');
        if (!pm || pm.customer !== form.customer) return missing(res, 'PaymentMethod', 'payment_method', form.payment_method ?? '');
        const intent: Record<string, unknown> = {
          id: id('pi'),
          object: 'payment_intent',
          amount: Number(form.amount),
          currency: form.currency,
          customer: form.customer,
          payment_method: form.payment_method,
          description: form.description ?? null,
          off_session: form.off_session === 'true',
          created: Math.floor(Date.now() / 1000),
          status: 'succeeded',
        };
        paymentIntents.push(intent);
        if ((pm.card as { last4?: string } | undefined)?.last4 === '0341') {
          intent.status = 'requires_payment_method';
          const error = {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
            payment_intent: intent,
          };
          if (key) intentsByKey.set(key, { status: 402, body: error });
          return stripeError(res, 402, error);
        }
        if (key) intentsByKey.set(key, { status: 200, body: intent });
        return send(res, intent);
      }
      const detach = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path);
      if (req.method === 'POST' && detach) {
        const pm = paymentMethods.get(decodeURIComponent(detach[1]!));
        if (!pm?.customer) return missing(res, 'PaymentMethod', 'payment_method', detach[1]!);
        pm.customer = null;
        return send(res, pm);
      }
      return stripeError(res, 404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${req.method}: ${path}).`,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    secretKey,
    webhookSecret,
    sessions,
    requests,
    refunds,
    paymentMethods,
    customers,
    paymentIntents,
    complete(sessionId, options = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`fake stripe: no session ${sessionId}`);
      const paid = options.paid ?? true;
      Object.assign(session, {
        status: 'complete',
        payment_status: paid ? 'paid' : 'unpaid',
        payment_intent: session.payment_intent ?? id('pi'),
        customer: session.customer ?? id('cus'),
      });
      const customerId = String(session.customer);
      if (!customers.has(customerId)) {
        customers.set(customerId, {
          id: customerId,
          object: 'customer',
          email: session.customer_email,
          invoice_settings: { default_payment_method: null },
        });
      }
      if (paid && options.card !== false && !carded.has(sessionId)) {
        carded.add(sessionId);
        const pmId = id('pm');
        paymentMethods.set(pmId, {
          id: pmId,
          object: 'payment_method',
          type: 'card',
          customer: customerId,
          created: Math.floor(Date.now() / 1000),
          card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, ...(options.card ?? {}) },
        });
      }
      return session;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
