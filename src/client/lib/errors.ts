import { ApiError } from './api-client';
import { currentLocale, translate } from './i18n';
import type { PublicKey } from '../../shared/i18n/keys';

export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.';

/** The error codes customers meet, each with its words in every language (errors.<code>). */
const catalogued = new Set([
  'network',
  'invalid_credentials',
  'two_factor_required',
  'invalid_two_factor_code',
  'email_taken',
  'email_not_verified',
  'already_verified',
  'invalid_token',
  'account_suspended',
  'rate_limited',
  'payment_provider_unavailable',
  'checkout_replaced',
  'view_only',
  'csrf',
  'unauthorized',
  'forbidden',
  'not_found',
  'validation_failed',
]);

/**
 * A failed call in the page's language. In English the server's own words, which can be more
 * precise ("try again in 14 minutes"); in another language the catalogue's text for its code,
 * or the server's words for a code it does not have.
 */
function inPageLanguage(error: ApiError): string {
  if (currentLocale() === 'en' || !catalogued.has(error.code)) return error.message;
  return translate(`errors.${error.code}` as PublicKey);
}

/** The message to show for a failed call: the server's words for a 4xx, a generic one otherwise. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 0 && error.status < 500) return inPageLanguage(error);
  return unexpectedError();
}

/** "An unexpected error occurred", in the page's language. */
export function unexpectedError(): string {
  return currentLocale() === 'en' ? UNEXPECTED_ERROR : translate('errors.unexpected');
}

export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError && error.fields ? error.fields : {};
}
