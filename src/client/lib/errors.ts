import { ApiError } from './api-client';
import { currentLocale, hasMessage, translate } from './i18n';
import type { PublicKey } from '../../shared/i18n/keys';

export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.';

/**
 * The words for an error code in the page's language. In English the server's own words, which
 * can be more precise ("try again in 14 minutes"); in another language the catalogue's text for
 * its code (errors.<code> in the public messages), or the server's words for a code it lacks.
 */
export function messageForCode(code: string, serverMessage: string): string {
  if (currentLocale() === 'en') return serverMessage;
  const key = `errors.${code}`;
  return hasMessage(key) ? translate(key as PublicKey) : serverMessage;
}

function inPageLanguage(error: ApiError): string {
  return messageForCode(error.code, error.message);
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
