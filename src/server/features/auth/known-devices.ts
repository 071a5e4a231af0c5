import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/**
 * The browser's mark that it has signed in to an account before (HttpOnly, sent to /api/auth only).
 * Sign-in from such a device skips the per-account delay (decision 031), so strangers guessing a
 * password cannot keep the owner out; it stays under the per-IP and per-pair limits.
 */
export const DEVICE_COOKIE = 'sp_device';

const DEVICE_SECONDS = 365 * 24 * 60 * 60;
/** A shared computer may remember a few accounts; the oldest is dropped first. */
const MAX_ACCOUNTS = 5;

/**
 * The cookie holds, per account, an HMAC of its address (no id or address in clear), and an HMAC
 * of the whole list, so it can be neither forged nor extended to another account. Keyed by a
 * secret every instance shares (lib/shared-secrets.ts).
 */
export function createKnownDevices(key: string) {
  const mac = (purpose: string, value: string) => createHmac('sha256', key).update(`${purpose}|${value}`).digest('base64url');
  const tagOf = (email: string) => mac('account', email.trim().toLowerCase()).slice(0, 22);

  function tagsIn(cookie: string | undefined): string[] {
    if (!cookie) return [];
    const dot = cookie.lastIndexOf('.');
    if (dot <= 0) return [];
    const body = cookie.slice(0, dot);
    const given = Buffer.from(cookie.slice(dot + 1));
    const expected = Buffer.from(mac('device', body));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return [];
    return body.split('~');
  }

  return {
    /** True when the cookie says this device has signed in to the account of `email` before. */
    knows(cookie: string | undefined, email: string): boolean {
      return tagsIn(cookie).includes(tagOf(email));
    },

    /** After a successful sign-in: adds the account to the device's cookie (first, so it is kept longest). */
    remember(reply: FastifyReply, cookie: string | undefined, email: string, secure: boolean) {
      const tag = tagOf(email);
      const tags = [tag, ...tagsIn(cookie).filter((t) => t !== tag)].slice(0, MAX_ACCOUNTS);
      const body = tags.join('~');
      void reply.setCookie(DEVICE_COOKIE, `${body}.${mac('device', body)}`, {
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: '/api/auth',
        maxAge: DEVICE_SECONDS,
      });
    },
  };
}
export type KnownDevices = ReturnType<typeof createKnownDevices>;
