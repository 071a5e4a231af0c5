import { isSafeReturnPath } from '../../shared/return-path';

/**
 * Where to go after signing in, kept across the email verification of a new account: the sign-up
 * form remembers the page that sent the visitor to sign in (an invitation link, a checkout), and
 * the verification page hands it to the sign-in form, in this tab or in one the email opened.
 * Only paths on this site are kept, for a day (the verification link's lifetime).
 */
const KEY = 'sp:return-after-verify';
const DAY_MS = 24 * 60 * 60_000;

export function isLocalPath(path: string | null | undefined): path is string {
  return isSafeReturnPath(path);
}

export function rememberReturnPath(path: string | null | undefined, now = Date.now()) {
  if (!isLocalPath(path)) return;
  try {
    localStorage.setItem(KEY, JSON.stringify({ path, until: now + DAY_MS }));
  } catch {
    // Storage refused (private mode): the visitor signs in and lands on the default page.
  }
}

/** The remembered path, once: reading it forgets it. */
export function takeReturnPath(now = Date.now()): string | undefined {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return undefined;
    localStorage.removeItem(KEY);
    const saved = JSON.parse(raw) as { path?: unknown; until?: unknown };
    return typeof saved.until === 'number' && saved.until > now && typeof saved.path === 'string' && isLocalPath(saved.path) ? saved.path : undefined;
  } catch {
    return undefined;
  }
}
