import Stripe from 'stripe';
import type { Locale } from '../../../shared/i18n/locales';
import { PaymentRequestRefused, type CheckoutInput, type PaymentEvent, type PaymentProvider, type ProviderSavedCards, type SessionState } from './payment-provider';

export const STRIPE_PROVIDER_ID = 'stripe';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** For tests: an API base such as http://127.0.0.1:4010, passed to the SDK as host/port/protocol. */
  apiUrl?: string;
}

/**
 * The API version every request is made with, the one stripe-node 23.1.0 is typed for. Pinned
 * here rather than left to the account's default, so a host whose Stripe account defaults to
 * another version gets the objects this code reads; upgrading the SDK fails the type check here
 * until this is bumped with it (docs/decisions/047-stripe-on-day-one.md).
 */
export const STRIPE_API_VERSION: Stripe.LatestApiVersion = '2026-10-28.endive';

function sdkConfig(apiUrl: string | undefined): ConstructorParameters<typeof Stripe>[1] {
  const base = { apiVersion: STRIPE_API_VERSION, maxNetworkRetries: 2, timeout: 20_000, telemetry: false, appInfo: { name: 'Spawnpoint' } };
  if (!apiUrl) return base;
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { ...base, host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** A refusal because the card (or its customer) is gone: missing, or detached from the customer. */
function cardGoneIf(error: Stripe.errors.StripeInvalidRequestError): { cardGone?: true } {
  const gone = error.code === 'resource_missing' || error.code === 'payment_method_unexpected_state' || error.param === 'payment_method' || error.param === 'customer';
  return gone ? { cardGone: true } : {};
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/**
 * Checkout's `locale` for each language the shop speaks, each one of the values Stripe takes
 * (Checkout.SessionCreateParams.Locale in stripe-node 23.1.0; the fake Stripe refuses any other, as
 * Stripe does). A new language fails the type check here until it is given one ('auto' lets
 * Stripe follow the browser).
 */
export const stripeCheckoutLocales = {
  en: 'en',
  de: 'de',
  fr: 'fr',
  es: 'es',
  'pt-BR': 'pt-BR',
} as const satisfies Record<Locale, Stripe.Checkout.SessionCreateParams.Locale>;

const statuses = ['open', 'complete', 'expired'] as const;
const paymentStatuses = ['paid', 'unpaid', 'no_payment_required'] as const;

function oneOf<T extends string>(values: readonly T[], value: string | null | undefined, fallback: T): T {
  return values.includes(value as T) ? (value as T) : fallback;
}

export function sessionStateOf(session: Stripe.Checkout.Session): SessionState {
  return {
    sessionId: session.id,
    orderId: session.metadata?.order_id ?? session.client_reference_id ?? null,
    status: oneOf(statuses, session.status, 'open'),
    paymentStatus: oneOf(paymentStatuses, session.payment_status, 'unpaid'),
    amountCents: session.amount_total ?? 0,
    paymentId: idOf(session.payment_intent),
  };
}

/**
 * Stripe's price_data cannot be negative, so a discounted order goes as one line of its total
 * (its own lines listed in the description); an undiscounted one goes line by line.
 */
function lineItems(input: CheckoutInput): Stripe.Checkout.SessionCreateParams.LineItem[] {
  const discounted = input.lines.reduce((sum, l) => sum + l.amountCents, 0) !== input.totalCents;
  if (discounted) {
    return [
      {
        quantity: 1,
        price_data: {
          currency: input.currency,
          unit_amount: input.totalCents,
          product_data: {
            name: input.description,
            description: input.lines.map((l) => l.description).join(' · ').slice(0, 500),
          },
        },
      },
    ];
  }
  return input.lines.map((line) => ({
    quantity: line.quantity,
    price_data: { currency: input.currency, unit_amount: line.unitCents, product_data: { name: line.description } },
  }));
}

const eventTypes: Record<string, Exclude<PaymentEvent['type'], 'ignored' | 'payment.refunded'>> = {
  'checkout.session.completed': 'checkout.completed',
  'checkout.session.async_payment_succeeded': 'checkout.async_succeeded',
  'checkout.session.async_payment_failed': 'checkout.async_failed',
  'checkout.session.expired': 'checkout.expired',
};

/** Every event the shop acts on: its webhook endpoint must send each (README, `npm run check:stripe`). */
export const stripeWebhookEvents: readonly string[] = [...Object.keys(eventTypes), 'charge.refunded'];

/** The cards Checkout saved (setup_future_usage) on the customers it created. */
function stripeSavedCards(stripe: Stripe): ProviderSavedCards {
  return {
    async customerOfSession(sessionId) {
      return idOf((await stripe.checkout.sessions.retrieve(sessionId)).customer);
    },
    async list(customerId) {
      const page = await stripe.customers.listPaymentMethods(customerId, { type: 'card', limit: 100 });
      return page.data.flatMap((pm) =>
        pm.card
          ? [{ id: pm.id, customerId, brand: pm.card.brand, last4: pm.card.last4, expMonth: pm.card.exp_month, expYear: pm.card.exp_year }]
          : [],
      );
    },
    async setDefault(customerId, paymentMethodId) {
      await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } });
    },
    async remove(paymentMethodId) {
      await stripe.paymentMethods.detach(paymentMethodId);
    },
  };
}

/** Stripe's invalid_request_error as PaymentRequestRefused; anything else (network, 5xx, auth) as it came. */
async function refusedAsTyped<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new PaymentRequestRefused(error.message, error.code ?? null, error.param ?? null);
    throw error;
  }
}

/** Stripe Checkout in payment mode; prices are computed by us and sent as price_data. */
export function createStripePaymentProvider(options: StripeOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, sdkConfig(options.apiUrl));
  return {
    id: STRIPE_PROVIDER_ID,
    displayName: 'Stripe',
    savedCards: stripeSavedCards(stripe),

    async createCustomer({ userId, email, replacing }) {
      // A replacement gets a key of its own: the first key's answer is the customer that is gone.
      const key = replacing ? `customer-${userId}-after-${replacing}` : `customer-${userId}`;
      const customer = await refusedAsTyped(() => stripe.customers.create({ email, metadata: { user_id: userId } }, { idempotencyKey: key }));
      return customer.id;
    },

    async createCheckout(input) {
      // Stripe caps expires_at at 24 hours after creation; stay a minute inside it.
      const latest = Math.floor(Date.now() / 1000) + 24 * 3600 - 60;
      const session = await refusedAsTyped(() => stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: lineItems(input),
          client_reference_id: input.orderId,
          metadata: { order_id: input.orderId },
          payment_intent_data: { metadata: { order_id: input.orderId }, setup_future_usage: 'off_session' },
          // The account's customer when it has one; else Stripe makes one for this checkout.
          ...(input.customerId ? { customer: input.customerId } : { customer_creation: 'always' as const, customer_email: input.customerEmail }),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          expires_at: Math.min(latest, Math.floor(input.expiresAt.getTime() / 1000)),
          // Stripe's page in the customer's language rather than the browser's guess (decision 078).
          ...(input.locale ? { locale: stripeCheckoutLocales[input.locale] } : {}),
        },
        { idempotencyKey: input.attempt && input.attempt > 1 ? `checkout-${input.orderId}-${input.attempt}` : `checkout-${input.orderId}` },
      ));
      if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
      return { sessionId: session.id, url: session.url };
    },

    async getSession(sessionId) {
      return sessionStateOf(await stripe.checkout.sessions.retrieve(sessionId));
    },

    async expireSession(sessionId) {
      try {
        return sessionStateOf(await stripe.checkout.sessions.expire(sessionId));
      } catch (error) {
        // Stripe expires only open sessions: one already expired or completed is an invalid request.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.statusCode === 404) throw error;
        const state = sessionStateOf(await stripe.checkout.sessions.retrieve(sessionId));
        if (state.status === 'open') throw error;
        return state;
      }
    },

    parseWebhook(rawBody, headers) {
      const signature = headers['stripe-signature'];
      const event = stripe.webhooks.constructEvent(rawBody, typeof signature === 'string' ? signature : '', options.webhookSecret);
      if (event.type === 'charge.refunded') {
        const charge = event.data.object;
        const paymentId = idOf(charge.payment_intent);
        // A charge made without a PaymentIntent was not made by us.
        if (!paymentId) return { id: event.id, type: 'ignored', rawType: event.type };
        return { id: event.id, type: 'payment.refunded', paymentId, refundedCents: charge.amount_refunded };
      }
      const type = eventTypes[event.type];
      if (!type) return { id: event.id, type: 'ignored', rawType: event.type };
      return { id: event.id, type, session: sessionStateOf(event.data.object as Stripe.Checkout.Session) };
    },

    async findSavedCharge(customerId, metadata) {
      for await (const intent of stripe.paymentIntents.list({ customer: customerId, limit: 100 })) {
        if (intent.metadata?.[metadata.key] !== metadata.value) continue;
        if (intent.status === 'succeeded') return { status: 'succeeded', paymentId: intent.id };
        if (intent.status === 'canceled' || intent.status === 'requires_payment_method') {
          return { status: 'failed', paymentId: intent.id, reason: intent.last_payment_error?.message ?? 'The payment was not taken.' };
        }
        return { status: 'pending', paymentId: intent.id };
      }
      return null;
    },

    async chargeSaved(paymentMethodId, amountCents, description, chargeOptions) {
      let customer = chargeOptions.customerId ?? null;
      if (!customer) {
        let method: Stripe.PaymentMethod;
        try {
          method = await stripe.paymentMethods.retrieve(paymentMethodId);
        } catch (error) {
          if (error instanceof Stripe.errors.StripeInvalidRequestError) return { ok: false, reason: `Stripe refused the charge: ${error.message}`, refused: 'request', ...cardGoneIf(error) };
          throw error;
        }
        customer = idOf(method.customer);
        if (!customer) return { ok: false, reason: 'The saved card is no longer attached to a customer.', cardGone: true };
      }
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: chargeOptions.currency.toLowerCase(),
            customer,
            payment_method: paymentMethodId,
            off_session: true,
            confirm: true,
            description,
            metadata: chargeOptions.metadata ?? {},
          },
          chargeOptions.idempotencyKey ? { idempotencyKey: chargeOptions.idempotencyKey } : undefined,
        );
        if (intent.status === 'succeeded') return { ok: true, paymentId: intent.id };
        return { ok: false, reason: 'Your bank asked to confirm the payment; please pay from your dashboard.' };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) return { ok: false, reason: error.message };
        // Refused as asked (an amount under the minimum, a card gone): the same request would be refused again.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return { ok: false, reason: `Stripe refused the charge: ${error.message}`, refused: 'request', ...cardGoneIf(error) };
        throw error;
      }
    },

    async refund(paymentId, amountCents, reason, options) {
      await stripe.refunds.create(
        { payment_intent: paymentId, amount: amountCents, metadata: { reason: reason.slice(0, 500) } },
        // One refund of ours is one Stripe refund, however often it is asked for.
        { idempotencyKey: options.idempotencyKey },
      );
    },
  };
}
