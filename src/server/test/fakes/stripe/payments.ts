import { integerParam, invalid, isAnswer, metadataProblem, missingParam, newId, noSuch, stripeError, tooSmall, unixNow, type Params, type StripeAnswer } from './stripe-http';
import { eventOf, type StripeEvent } from './webhooks';

/**
 * Customers, saved cards, off-session PaymentIntents, their charges, and refunds, with the events
 * each change sends. Cards behave as Stripe's test cards of the same last four digits:
 * 4242 pays; 0341 attaches but every charge is declined; 9995 has insufficient funds; 0069 has
 * expired; 3184 (4000 0027 6000 3184) wants authentication on every payment, so an off-session
 * charge fails with `authentication_required`.
 */
type Obj = Record<string, unknown>;

const declines: Record<string, { code: string; decline_code?: string; message: string }> = {
  '0341': { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  '9995': { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '0069': { code: 'expired_card', message: 'Your card has expired.' },
  '3184': { code: 'authentication_required', decline_code: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.' },
};

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export function createPaymentsState() {
  const customers = new Map<string, Obj>();
  const paymentMethods = new Map<string, Obj>();
  const paymentIntents: Obj[] = [];
  const charges = new Map<string, Obj>();
  const refunds: Obj[] = [];
  const events: StripeEvent[] = [];
  const emit = (type: string, object: Obj, previous?: Obj) => void events.push(eventOf(type, object, { id: newId('req'), idempotency_key: null }, previous));

  function charge(intent: Obj, status: 'succeeded' | 'failed', failure?: { code: string; message: string }): Obj {
    const row: Obj = {
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: status === 'succeeded' ? intent.amount : 0,
      amount_refunded: 0,
      captured: status === 'succeeded',
      created: unixNow(),
      currency: intent.currency,
      customer: intent.customer ?? null,
      failure_code: failure?.code ?? null,
      failure_message: failure?.message ?? null,
      livemode: false,
      metadata: intent.metadata ?? {},
      paid: status === 'succeeded',
      payment_intent: intent.id,
      payment_method: intent.payment_method ?? null,
      refunded: false,
      status,
    };
    charges.set(String(row.id), row);
    emit(status === 'succeeded' ? 'charge.succeeded' : 'charge.failed', row);
    return row;
  }

  /** A Checkout Session's PaymentIntent: processing (a delayed method) until settled. */
  function sessionIntent(amount: number, currency: string, customer: string | null, metadata: Obj): Obj {
    const intent: Obj = { id: newId('pi'), object: 'payment_intent', amount, amount_received: 0, currency, customer, payment_method: null, metadata, status: 'processing', latest_charge: null, created: unixNow(), livemode: false };
    paymentIntents.push(intent);
    return intent;
  }

  /** The money arrived: the intent succeeds with its charge. */
  function settle(intent: Obj, paymentMethod: string | null): Obj {
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, payment_method: paymentMethod ?? intent.payment_method });
    intent.latest_charge = charge(intent, 'succeeded').id;
    emit('payment_intent.succeeded', intent);
    return intent;
  }

  /** POST /v1/payment_intents with confirm=true (and off_session=true for renewals). */
  function createIntent(params: Params): StripeAnswer {
    if (params.amount === undefined) return missingParam('amount');
    const amount = integerParam(params.amount, 'amount', { positive: true });
    if (isAnswer(amount)) return amount;
    if (params.currency === undefined) return missingParam('currency');
    const currency = String(params.currency);
    const small = tooSmall(amount, currency, 'amount');
    if (small) return small;
    const metadataIssue = metadataProblem(params.metadata);
    if (metadataIssue) return metadataIssue;
    if (params.off_session !== undefined && params.confirm !== 'true') {
      return invalid('You can only pass `off_session` when `confirm` is set to `true`.', 'off_session', 'parameter_invalid_empty');
    }
    const customer = params.customer === undefined ? null : customers.get(String(params.customer));
    if (params.customer !== undefined && !customer) return noSuch('customer', String(params.customer), 'customer');
    const pm = params.payment_method === undefined ? null : paymentMethods.get(String(params.payment_method));
    if (params.payment_method !== undefined && !pm) return noSuch('PaymentMethod', String(params.payment_method), 'payment_method');
    if (pm && customer && pm.customer !== customer.id) {
      return invalid(
        pm.customer
          ? 'The provided PaymentMethod belongs to a different Customer.'
          : 'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.',
        'payment_method',
        'payment_method_unexpected_state',
      );
    }
    const intent: Obj = {
      id: newId('pi'),
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      customer: customer?.id ?? null,
      description: params.description ?? null,
      payment_method: pm?.id ?? null,
      metadata: params.metadata ?? {},
      created: unixNow(),
      livemode: false,
      status: params.confirm === 'true' && pm ? 'processing' : 'requires_payment_method',
      latest_charge: null,
    };
    paymentIntents.push(intent);
    if (intent.status === 'requires_payment_method') return [200, intent];
    const decline = declines[String((pm!.card as Obj).last4)];
    if (!decline || (decline.code === 'authentication_required' && params.off_session !== 'true')) {
      Object.assign(intent, { status: decline ? 'requires_action' : 'succeeded', amount_received: decline ? 0 : amount });
      if (!decline) {
        intent.latest_charge = charge(intent, 'succeeded').id;
        emit('payment_intent.succeeded', intent);
      }
      return [200, intent];
    }
    if (decline.code !== 'authentication_required') intent.latest_charge = charge(intent, 'failed', decline).id;
    const lastError = { type: 'card_error', ...decline, payment_method: pm };
    Object.assign(intent, { status: 'requires_payment_method', last_payment_error: lastError });
    emit('payment_intent.payment_failed', intent);
    return stripeError('card_error', decline.message, {
      code: decline.code,
      ...(decline.decline_code ? { decline_code: decline.decline_code } : {}),
      ...(intent.latest_charge ? { charge: intent.latest_charge } : {}),
      payment_intent: intent,
      payment_method: pm,
    });
  }

  /** POST /v1/customers: a customer with its email and metadata, and no cards yet. */
  function createCustomer(params: Params): StripeAnswer {
    const metadataIssue = metadataProblem(params.metadata);
    if (metadataIssue) return metadataIssue;
    if (params.email !== undefined && String(params.email).length > 512) return invalid('Invalid email address', 'email', 'email_invalid');
    const id = newId('cus');
    const row: Obj = { id, object: 'customer', created: unixNow(), email: params.email ?? null, metadata: params.metadata ?? {}, livemode: false, invoice_settings: { default_payment_method: null } };
    customers.set(id, row);
    emit('customer.created', row);
    return [200, row];
  }

  /** POST /v1/refunds: the whole remaining amount by default, never more than is left. */
  function createRefund(params: Params): StripeAnswer {
    if (params.payment_intent === undefined && params.charge === undefined) {
      return invalid('One of the following params should be provided for this request: payment_intent or charge.', 'payment_intent', 'parameter_missing');
    }
    let chargeRow: Obj | undefined;
    if (params.payment_intent !== undefined) {
      const intent = paymentIntents.find((p) => p.id === params.payment_intent);
      if (!intent) return noSuch('payment_intent', String(params.payment_intent), 'payment_intent');
      chargeRow = charges.get(String(intent.latest_charge));
      if (!chargeRow || chargeRow.status !== 'succeeded') {
        return invalid(`This PaymentIntent (${String(intent.id)}) does not have a successful charge to refund.`, 'payment_intent', 'charge_not_refundable');
      }
    } else {
      chargeRow = charges.get(String(params.charge));
      if (!chargeRow) return noSuch('charge', String(params.charge), 'charge');
    }
    if (params.reason !== undefined && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(String(params.reason))) {
      return invalid('Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer', 'reason', 'parameter_invalid_empty');
    }
    const metadataIssue = metadataProblem(params.metadata);
    if (metadataIssue) return metadataIssue;
    const left = Number(chargeRow.amount) - Number(chargeRow.amount_refunded);
    if (left === 0) return invalid(`Charge ${String(chargeRow.id)} has already been refunded.`, 'charge', 'charge_already_refunded');
    const amount = params.amount === undefined ? left : integerParam(params.amount, 'amount', { positive: true });
    if (isAnswer(amount)) return amount;
    if (amount > left) {
      return invalid(`Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`, 'amount', 'amount_too_large');
    }
    const refund: Obj = {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: chargeRow.id,
      created: unixNow(),
      currency: chargeRow.currency,
      metadata: params.metadata ?? {},
      payment_intent: chargeRow.payment_intent,
      reason: params.reason ?? null,
      status: 'succeeded',
    };
    refunds.push(refund);
    const previous = { amount_refunded: chargeRow.amount_refunded, refunded: chargeRow.refunded };
    chargeRow.amount_refunded = Number(chargeRow.amount_refunded) + amount;
    chargeRow.refunded = chargeRow.amount_refunded === chargeRow.amount;
    emit('refund.created', refund);
    emit('charge.refunded', chargeRow, previous);
    return [200, refund];
  }

  return { customers, paymentMethods, paymentIntents, charges, refunds, events, sessionIntent, settle, createIntent, createRefund, createCustomer };
}

export type PaymentsState = ReturnType<typeof createPaymentsState>;
