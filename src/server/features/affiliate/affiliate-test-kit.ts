import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AffiliateSummary } from '../../../shared/schemas/affiliate';
import { commissions, users } from '../../db/schema';
import { minecraftChoice, payLocal, startCheckout } from '../checkout/checkout.fixtures';
import { readMailbox, signIn, testBillingDetails, tokenFromEmail, uniqueEmail, type TestContext } from '../../test/test-app';

/** Helpers for the affiliate tests: sign-ups through a link, purchases, and the dashboard. */

export const password = 'correct horse battery';

export async function referralCodeOf(t: TestContext, userId: string): Promise<string> {
  const [row] = await t.database.db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  return row.code;
}

export async function referrerOf(t: TestContext, userId: string): Promise<string | null> {
  const [row] = await t.database.db.select({ by: users.referredByUserId }).from(users).where(eq(users.id, userId));
  return row?.by ?? null;
}

/** Signs up through the real API (with a ref code and/or cookies), verifies the email, signs in and gives billing details. */
export async function signUpThrough(
  t: TestContext,
  options: { ref?: string; cookie?: string; email?: string } = {},
): Promise<{ id: string; email: string; password: string; cookie: string }> {
  const email = options.email ?? uniqueEmail('referred');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, password, ...(options.ref ? { ref: options.ref } : {}) },
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
  expect(res.statusCode, res.body).toBe(201);
  const token = tokenFromEmail((await readMailbox(t, email))[0], '/auth/verify');
  const verified = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token, password } });
  expect(verified.statusCode, verified.body).toBe(200);
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const cookie = await signIn(t, { email, password });
  const details = await t.app.inject({ method: 'PUT', url: '/api/account/billing-details', payload: testBillingDetails, headers: { cookie } });
  expect(details.statusCode, details.body).toBe(200);
  return { id: row!.id, email, password, cookie };
}

/** A paid order through the real checkout: POST /api/checkout, then the built-in card page and its webhook. */
export async function buy(t: TestContext, cookie: string, choice: object = minecraftChoice) {
  const out = await startCheckout(t, cookie, choice);
  const paid = await payLocal(t, out.session_id);
  expect(paid.statusCode, paid.body).toBe(200);
  return out;
}

/** $268.80 (Minecraft 8GB for 12 months, 20% off): a $67.20 commission, over the payout minimum. */
export const bigChoice = { ...minecraftChoice, plan: 'minecraft-8gb', period: '12months' } as const;

export async function summary(t: TestContext, cookie: string, period = 'month'): Promise<AffiliateSummary> {
  const res = await t.app.inject({ method: 'GET', url: `/api/affiliate?period=${period}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AffiliateSummary;
}

export function commissionsOf(t: TestContext, referrerUserId: string) {
  return t.database.db.select().from(commissions).where(eq(commissions.referrerUserId, referrerUserId));
}

export function call(t: TestContext, method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) {
  return t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
}
