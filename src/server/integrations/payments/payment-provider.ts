import type { Locale } from '../../../shared/i18n/locales';
import type { OrderLine } from '../../db/schema';

export interface CheckoutInput {
  orderId: string;
  customerEmail: string;
  /** A short name of what is bought, e.g. "Minecraft 4GB · 3 Months". */
  description: string;
  lines: OrderLine[];
  /** The total to charge; the provider never computes prices. */
  totalCents: number;
  /** The order's currency (lower-case ISO), which the provider charges in (decision 053). */
  currency: string;
  /**
   * The account's customer at the provider (Stripe cus_...), from createCustomer: the checkout is
   * made for it, so every checkout of one account shares one customer and its saved cards.
   */
  customerId?: string | null;
  /** The language the customer checks out in: the provider's own page speaks it (Stripe's `locale`). */
  locale?: Locale;
  /** A second try of the same order (with another customer): the provider must not answer the first try's refusal. */
  attempt?: number;
  /** Absolute URLs; the success URL carries `{CHECKOUT_SESSION_ID}` where the provider fills it in. */
  successUrl: string;
  cancelUrl: string;
  /**
   * The origin the customer opened the checkout from, checked against the host the request came
   * in on (lib/request-origin.ts). A checkout this app hosts returns there, so the session cookie
   * comes along; an outside provider (Stripe) keeps the absolute URLs built on PUBLIC_URL.
   */
  returnOrigin?: string;
  expiresAt: Date;
}

export interface CheckoutSession {
  sessionId: string;
  url: string;
}

/** The provider's view of a session: what the success page reconciles against. */
export interface SessionState {
  sessionId: string;
  orderId: string | null;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  amountCents: number;
  /** The id a refund is made against (Stripe payment_intent, or the built-in charge id). */
  paymentId: string | null;
}

/** A verified webhook, reduced to what fulfilment needs. */
export type PaymentEvent =
  | { id: string; type: 'checkout.completed'; session: SessionState }
  | { id: string; type: 'checkout.async_succeeded'; session: SessionState }
  | { id: string; type: 'checkout.async_failed'; session: SessionState }
  | { id: string; type: 'checkout.expired'; session: SessionState }
  /**
   * The provider refunded (part of) a payment; `refundedCents` is the payment's refunded total so
   * far, whoever asked for it (Stripe's charge.refunded: from us, or from its own dashboard).
   */
  | { id: string; type: 'payment.refunded'; paymentId: string; refundedCents: number }
  | { id: string; type: 'ignored'; rawType: string };

/** A card saved at the provider for a customer, as billing lists it. */
export interface ProviderCard {
  id: string;
  customerId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** Cards kept by the provider itself (Stripe); the built-in checkout keeps its cards in our database. */
export interface ProviderSavedCards {
  /** The provider's customer behind a completed checkout session, or null. */
  customerOfSession(sessionId: string): Promise<string | null>;
  list(customerId: string): Promise<ProviderCard[]>;
  /** The card renewals are charged to. */
  setDefault(customerId: string, paymentMethodId: string): Promise<void>;
  remove(paymentMethodId: string): Promise<void>;
}

/**
 * The provider refused the request itself (Stripe's invalid_request_error: an amount under its
 * minimum, a parameter it does not accept, a customer or card that no longer exists). Asking again
 * with the same request is refused again, so the caller ends the attempt instead of retrying.
 */
export class PaymentRequestRefused extends Error {
  constructor(
    message: string,
    /** The provider's error code, e.g. amount_too_small. */
    readonly code: string | null,
    /** The parameter it refused, when it names one. */
    readonly param: string | null = null,
  ) {
    super(message);
    this.name = 'PaymentRequestRefused';
  }
}

export interface RefundOptions {
  idempotencyKey: string;
}

export interface PaymentProvider {
  /** 'local' or 'stripe'; stored on orders. */
  readonly id: string;
  /** Shown to customers: "Redirecting to <name>". */
  readonly displayName: string;
  createCheckout(input: CheckoutInput): Promise<CheckoutSession>;
  getSession(sessionId: string): Promise<SessionState>;
  /**
   * Closes an open session so that it can no longer be paid (its order expired or was replaced).
   * Answers the session's state afterwards: 'expired' (also when it already was), or 'complete'
   * when the customer paid before it could be closed; the caller then fulfils it as paid.
   */
  expireSession(sessionId: string): Promise<SessionState>;
  /** Verifies the signature over the raw body; throws on a bad or missing signature. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent;
  /**
   * Refunds part or all of a payment. The idempotency key names this one refund: asking again with
   * the same key refunds nothing more, so a retry after a lost answer is safe. Throws when the
   * provider refuses (then nothing was refunded).
   */
  refund(paymentId: string, amountCents: number, reason: string, options: RefundOptions): Promise<void>;
  /**
   * Makes the account's one customer at the provider (Stripe), once: the same userId answers the
   * same customer while the provider remembers the idempotency key. Absent for providers without
   * customers (the built-in checkout).
   */
  createCustomer?(input: { userId: string; email: string; /** The customer this one replaces (deleted at the provider). */ replacing?: string }): Promise<string>;
  /** Present when the provider keeps customers' saved cards (Stripe). */
  savedCards?: ProviderSavedCards;
  /**
   * Charges a saved card without the customer present (renewals). A decline is an answer, not an
   * error; a thrown error means the outcome is unknown. The same idempotency key never charges twice.
   */
  chargeSaved?(paymentMethodId: string, amountCents: number, description: string, options: ChargeSavedOptions): Promise<SavedCardCharge>;
  /**
   * Looks for the customer's payment whose metadata `key` is `value` (a charge whose answer was
   * never had, decision 084), by listing the customer's payments rather than searching, which lags.
   * Null when there is none.
   */
  findSavedCharge?(customerId: string, metadata: { key: string; value: string }): Promise<FoundCharge | null>;
}

/** A payment found at the provider: taken, refused (nothing taken), or neither yet. */
export interface FoundCharge {
  status: 'succeeded' | 'failed' | 'pending';
  paymentId: string;
  reason?: string;
}

export interface ChargeSavedOptions {
  /** The currency of the amount (lower-case ISO): the service's own (decision 053). */
  currency: string;
  idempotencyKey?: string;
  metadata?: Record<string, string>;
  /**
   * The provider customer the card belonged to when this charge was first sent (decision 084): a
   * retry then sends exactly the same request under its key, even if the card has since been
   * detached. Absent: looked up from the card.
   */
  customerId?: string | null;
}

/**
 * `refused: 'request'`: the provider refused the request itself (PaymentRequestRefused), not the
 * card; the attempt ends and staff are told, as asking again would be refused again.
 * `cardGone`: the card is no longer there (removed, detached, unknown to the provider). On the first
 * try nothing was charged; on a retry of a charge whose outcome is unknown it proves nothing.
 */
export type SavedCardCharge = { ok: true; paymentId: string } | { ok: false; reason: string; refused?: 'card' | 'request'; cardGone?: true };
