import { randomBytes } from 'node:crypto';
import { currencyDigits } from '../../../../shared/currency';
import { stripeMinimumCharge } from '../../../../shared/stripe-minimums';

/**
 * What every Stripe endpoint shares: ids with their prefixes, form-encoded params with bracket
 * nesting as the SDK sends them (`line_items[0][price_data][currency]=usd`), and the error body
 * `{error:{type, code, message, param, doc_url}}` with the status the API gives each type.
 */
export type Params = Record<string, unknown>;
export type StripeAnswer = [status: number, body: unknown];

export const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

export const unixNow = () => Math.floor(Date.now() / 1000);

/** Bracket keys into objects and arrays, as Stripe reads a form body. */
export function parseForm(body: string): Params {
  const out: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const m = /^([^[\]]+)((?:\[[^\]]*\])*)$/.exec(key);
    if (!m) continue;
    const path = [m[1]!, ...[...m[2]!.matchAll(/\[([^\]]*)\]/g)].map((x) => x[1]!)];
    let at: Record<string, unknown> | unknown[] = out;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const container = at as Record<string, unknown>;
      if (last) {
        container[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[i + 1]!);
      container[part] ??= nextIsIndex ? [] : {};
      at = container[part] as Record<string, unknown>;
    });
  }
  return out;
}

interface ErrorFields {
  code?: string;
  param?: string;
  decline_code?: string;
  [extra: string]: unknown;
}

const statusOf = { invalid_request_error: 400, card_error: 402, idempotency_error: 400, api_error: 500, rate_limit_error: 429 } as const;

export function stripeError(type: keyof typeof statusOf, message: string, fields: ErrorFields = {}, status: number = statusOf[type]): StripeAnswer {
  const docs = fields.code ? { doc_url: `https://stripe.com/docs/error-codes/${fields.code.replace(/_/g, '-')}` } : {};
  return [status, { error: { type, message, ...fields, ...docs } }];
}

export const invalid = (message: string, param: string, code = 'parameter_invalid_empty') =>
  stripeError('invalid_request_error', message, { code, param });

export const missingParam = (param: string) =>
  stripeError('invalid_request_error', `Missing required param: ${param}.`, { code: 'parameter_missing', param });

export const noSuch = (kind: string, id: string, param = 'id') =>
  stripeError('invalid_request_error', `No such ${kind}: '${id}'`, { code: 'resource_missing', param }, 404);

/** A non-negative integer param as Stripe parses one from the form. */
export function integerParam(value: unknown, param: string, options: { positive?: boolean } = {}): number | StripeAnswer {
  const text = String(value ?? '');
  if (!/^\d+$/.test(text) || (options.positive && Number(text) === 0)) {
    return invalid(`Invalid ${options.positive ? 'positive' : 'non-negative'} integer`, param, 'parameter_invalid_integer');
  }
  return Number(text);
}

/** Metadata: at most 50 keys of up to 40 characters, values up to 500. */
export function metadataProblem(metadata: unknown, param = 'metadata'): StripeAnswer | null {
  if (metadata === undefined || metadata === '') return null;
  if (!metadata || typeof metadata !== 'object' || Array.isArray(metadata)) return invalid('Invalid object', param, 'parameter_invalid_empty');
  const entries = Object.entries(metadata);
  if (entries.length > 50) return invalid('You can specify up to 50 keys in metadata.', param, 'parameter_invalid_empty');
  for (const [key, value] of entries) {
    if (key.length > 40) return invalid(`Metadata keys must be at most 40 characters. '${key}' is too long.`, `${param}[${key}]`, 'parameter_invalid_string_empty');
    if (String(value).length > 500) return invalid(`Metadata values can have up to 500 characters, but you passed in a value that is ${String(value).length} characters. Invalid value: ${String(value).slice(0, 20)}...`, `${param}[${key}]`, 'parameter_invalid_string_empty');
  }
  return null;
}

export const isAnswer = (value: unknown): value is StripeAnswer => Array.isArray(value) && typeof value[0] === 'number' && value.length === 2;

/**
 * Stripe's refusal of an amount under the currency's minimum charge: an invalid_request_error with
 * code amount_too_small (HTTP 400), never a card error. The message names the minimum as Stripe
 * does ("Amount must be at least $0.50 usd"). Null when the amount is allowed.
 */
export function tooSmall(amount: number, currency: string, param: string, lead = 'Amount must be at least'): StripeAnswer | null {
  const minimum = (stripeMinimumCharge as Record<string, number>)[currency];
  if (minimum === undefined) return invalid(`Invalid currency: ${currency}.`, param, 'parameter_invalid_empty');
  if (amount >= minimum) return null;
  const digits = currencyDigits(currency);
  const shown = (minimum / 10 ** digits).toFixed(digits);
  const symbol = currency === 'usd' ? '$' : '';
  return invalid(`${lead} ${symbol}${shown} ${currency}`, param, 'amount_too_small');
}
