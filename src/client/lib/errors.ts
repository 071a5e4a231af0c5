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

/**
 * The shared account and sign-in schemas word their checks in English, and the server answers a
 * field with the same words: these are said in the page's language. Other words are shown as they came.
 */
const fieldTexts: Record<string, PublicKey> = {
  'Email is required': 'errors.field.emailRequired',
  'Email is too long': 'errors.field.emailTooLong',
  'Enter a valid email address': 'errors.field.emailInvalid',
  'Password is required': 'errors.field.passwordRequired',
  'Password is too long': 'errors.field.passwordTooLong',
  'Please confirm your password': 'errors.field.confirmPassword',
  'Passwords do not match. Please try again.': 'auth.signup.mismatchText',
  'Your current password is incorrect': 'errors.invalid_password',
  'Name is too long': 'errors.field.nameTooLong',
};
// The password's length limits, with their figure (shared/schemas/auth.ts; not imported, as it brings zod).
const passwordLength = /^Password must be at (least|most) (\d+) characters$/;

/** A field's message from a shared schema or the server, in the page's language where it is a known one. */
export function fieldText(message: string): string {
  if (currentLocale() === 'en') return message;
  const length = passwordLength.exec(message);
  if (length) {
    const [, bound, figure] = length;
    return bound === 'least' ? translate('errors.field.passwordShort', { min: Number(figure) }) : translate('errors.field.passwordLong', { max: Number(figure) });
  }
  const key = fieldTexts[message];
  return key && hasMessage(key) ? translate(key) : message;
}

/** The server's words for each field of a refused form, in the page's language where known. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fields) return {};
  return Object.fromEntries(Object.entries(error.fields).map(([field, message]) => [field, fieldText(message)]));
}
