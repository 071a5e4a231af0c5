import type { FastifyRequest } from 'fastify';
import { isLocale, localeCookie, negotiateLocale, type Locale } from '../../shared/i18n/locales';

/**
 * The language a request asks for: the picker's cookie, else Accept-Language; undefined when it
 * names none we ship (the caller falls back to the account's or the shop's). Emails sent during a
 * request (a sign-up, a password reset, a contact message) go out in it when no account says otherwise.
 */
export function requestLocale(request: FastifyRequest): Locale | undefined {
  const cookie = request.cookies?.[localeCookie];
  if (isLocale(cookie)) return cookie;
  return negotiateLocale(request.headers['accept-language']);
}
