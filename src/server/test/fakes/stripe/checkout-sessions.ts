import { integerParam, invalid, isAnswer, metadataProblem, missingParam, newId, stripeError, tooSmall, unixNow, type Params, type StripeAnswer } from './stripe-http';

/**
 * POST /v1/checkout/sessions as the API checks it, for the parameters this product uses and the
 * rules the SDK's own reference states (stripe-node 23.1.0, types of Checkout.SessionCreateParams):
 * payment mode needs line items (at most 100), each a price or price_data with a currency, a
 * product or product_data with a name, a unit amount and a quantity; one currency for all; a total
 * of at least the currency's minimum charge (shared/stripe-minimums.ts); expires_at from 30 minutes to 24 hours ahead; customer_creation only in payment
 * or setup mode and never with a customer; customer or customer_email, not both; URLs that are
 * URLs; metadata within its limits; a locale Checkout has (case matters: 'pt-br' is refused).
 */
const modes = ['payment', 'setup', 'subscription'];
/** Checkout.SessionCreateParams.Locale in stripe-node 23.1.0: Stripe refuses any other value, naming these. */
export const checkoutLocales = [
  'auto', 'bg', 'cs', 'da', 'de', 'el', 'en', 'en-GB', 'es', 'es-419', 'et', 'fi', 'fil', 'fr', 'fr-CA', 'hi-IN', 'hr', 'hu', 'id', 'it', 'ja',
  'ko', 'lt', 'lv', 'ms', 'mt', 'nb', 'nl', 'pl', 'pt', 'pt-BR', 'ro', 'ru', 'sk', 'sl', 'sv', 'th', 'tr', 'vi', 'zh', 'zh-HK', 'zh-TW',
];
const uiModes = ['hosted_page', 'embedded_page', 'elements', 'hosted', 'embedded', 'custom'];

function isUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value.replace('{CHECKOUT_SESSION_ID}', 'x'));
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

interface Line {
  quantity: number;
  currency: string;
  unitAmount: number;
}

function lineItems(params: Params): Line[] | StripeAnswer {
  const items = params.line_items;
  if (items === undefined || (Array.isArray(items) && items.length === 0)) return missingParam('line_items');
  if (!Array.isArray(items)) return invalid('Invalid array', 'line_items', 'parameter_invalid_empty');
  if (items.length > 100) return invalid('You may only specify up to 100 line items in payment mode.', 'line_items', 'parameter_invalid_empty');
  const lines: Line[] = [];
  for (const [i, raw] of items.entries()) {
    const at = `line_items[${i}]`;
    const item = (raw ?? {}) as Params;
    if (item.price === undefined && item.price_data === undefined) {
      return invalid(`You must specify either \`price\` or \`price_data\` in ${at}.`, at, 'parameter_missing');
    }
    if (item.price !== undefined) return stripeError('invalid_request_error', `No such price: '${String(item.price)}'`, { code: 'resource_missing', param: `${at}[price]` });
    const data = item.price_data as Params;
    if (data.currency === undefined) return missingParam(`${at}[price_data][currency]`);
    if (!/^[a-z]{3}$/.test(String(data.currency))) return invalid(`Invalid currency: ${String(data.currency)}. Stripe currently supports these currencies: usd, eur, gbp, ...`, `${at}[price_data][currency]`, 'parameter_invalid_empty');
    if (data.product === undefined && data.product_data === undefined) return missingParam(`${at}[price_data][product_data]`);
    const product = (data.product_data ?? {}) as Params;
    if (data.product === undefined && !product.name) return missingParam(`${at}[price_data][product_data][name]`);
    if (data.unit_amount === undefined && data.unit_amount_decimal === undefined) return missingParam(`${at}[price_data][unit_amount]`);
    const unitAmount = integerParam(data.unit_amount, `${at}[price_data][unit_amount]`);
    if (isAnswer(unitAmount)) return unitAmount;
    if (item.quantity === undefined) return missingParam(`${at}[quantity]`);
    const quantity = integerParam(item.quantity, `${at}[quantity]`, { positive: true });
    if (isAnswer(quantity)) return quantity;
    lines.push({ quantity, currency: String(data.currency), unitAmount });
  }
  if (new Set(lines.map((l) => l.currency)).size > 1) {
    return invalid('Checkout does not support multiple currencies. All line items must have the same currency.', 'line_items', 'parameter_invalid_empty');
  }
  return lines;
}

/** The session Stripe answers, or the error it answers instead. */
export function createSession(params: Params, created = unixNow()): Record<string, unknown> | StripeAnswer {
  const mode = params.mode === undefined ? undefined : String(params.mode);
  if (mode === undefined) return missingParam('mode');
  if (!modes.includes(mode)) return invalid(`Invalid mode: must be one of payment, setup, or subscription`, 'mode', 'parameter_invalid_empty');
  if (params.ui_mode !== undefined && !uiModes.includes(String(params.ui_mode))) return invalid('Invalid ui_mode', 'ui_mode');
  if (params.locale !== undefined && !checkoutLocales.includes(String(params.locale))) {
    const named = `${checkoutLocales.slice(0, -1).join(', ')}, or ${checkoutLocales.at(-1)!}`;
    return invalid(`Invalid locale: must be one of ${named}`, 'locale', 'parameter_invalid_empty');
  }
  for (const param of ['success_url', 'cancel_url'] as const) {
    if (params[param] !== undefined && !isUrl(params[param])) return invalid('Not a valid URL', param, 'url_invalid');
  }
  if (params.customer !== undefined && params.customer_email !== undefined) {
    return invalid('You may only specify one of these parameters: customer, customer_email.', 'customer_email', 'parameter_unknown');
  }
  if (params.customer_creation !== undefined) {
    if (!['always', 'if_required'].includes(String(params.customer_creation))) return invalid('Invalid customer_creation', 'customer_creation');
    if (mode === 'subscription') return invalid('`customer_creation` can only be used in `payment` and `setup` mode.', 'customer_creation', 'parameter_invalid_empty');
    if (params.customer !== undefined) return invalid('You may only specify one of these parameters: customer, customer_creation.', 'customer_creation', 'parameter_unknown');
  }
  if (params.customer_email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(String(params.customer_email))) {
    return invalid('Invalid email address: ' + String(params.customer_email), 'customer_email', 'email_invalid');
  }
  if (params.client_reference_id !== undefined && String(params.client_reference_id).length > 200) {
    return invalid('client_reference_id must be at most 200 characters', 'client_reference_id', 'parameter_invalid_string_empty');
  }
  const metadataIssue = metadataProblem(params.metadata) ?? metadataProblem((params.payment_intent_data as Params | undefined)?.metadata, 'payment_intent_data[metadata]');
  if (metadataIssue) return metadataIssue;
  const future = (params.payment_intent_data as Params | undefined)?.setup_future_usage;
  if (future !== undefined && !['on_session', 'off_session'].includes(String(future))) {
    return invalid('Invalid setup_future_usage: must be one of on_session or off_session', 'payment_intent_data[setup_future_usage]');
  }
  let expiresAt = created + 24 * 3600;
  if (params.expires_at !== undefined) {
    const at = integerParam(params.expires_at, 'expires_at');
    if (isAnswer(at)) return at;
    if (at > created + 24 * 3600) return invalid('The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.', 'expires_at', 'parameter_invalid_integer');
    if (at < created + 30 * 60) return invalid('The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.', 'expires_at', 'parameter_invalid_integer');
    expiresAt = at;
  }
  let total = 0;
  let currency: string | null = null;
  if (mode !== 'setup') {
    const lines = lineItems(params);
    if (isAnswer(lines)) return lines;
    total = lines.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0);
    currency = lines[0]!.currency;
    if (mode === 'payment') {
      const refused = tooSmall(total, currency, 'line_items', "The Checkout Session's total amount due must add up to at least");
      if (refused) return refused;
    }
  }
  const id = newId('cs');
  return {
    id,
    object: 'checkout.session',
    amount_subtotal: total,
    amount_total: total,
    cancel_url: params.cancel_url ?? null,
    client_reference_id: params.client_reference_id ?? null,
    created,
    currency,
    customer: params.customer ?? null,
    customer_creation: params.customer_creation ?? null,
    customer_details: null,
    customer_email: params.customer_email ?? null,
    expires_at: expiresAt,
    livemode: false,
    locale: params.locale ?? null,
    metadata: params.metadata ?? {},
    mode,
    payment_intent: null,
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    status: 'open',
    success_url: params.success_url ?? null,
    ui_mode: 'hosted_page',
    url: `https://checkout.stripe.com/c/pay/${id}#fidkdWxOYHwnPyd1blpxYHZxWjA0`,
  };
}
