import { expect } from 'vitest';
import type { AdminCoupon, CouponCreateInput } from '../../../shared/schemas/admin/coupons';
import type { TestContext } from '../../test/test-app';

/** Helpers shared by the coupon tests: coupons made through the staff API, and codes checked as a customer. */

let codes = 0;
/** A code no other test in the run has used: TEST1-AB12CD… */
export function uniqueCode(prefix = 'TEST'): string {
  codes += 1;
  return `${prefix}${codes}-${Math.random().toString(36).slice(2, 8)}`.toUpperCase();
}

export async function createCouponAs(t: TestContext, staffCookie: string, input: Partial<CouponCreateInput> = {}): Promise<AdminCoupon> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/coupons',
    headers: { cookie: staffCookie },
    payload: { code: uniqueCode(), kind: 'percent', amount: 20, duration: 'once', ...input },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as AdminCoupon;
}

export async function checkCode(t: TestContext, cookie: string | null, payload: object) {
  const res = await t.app.inject({ method: 'POST', url: '/api/coupons/check', payload, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as
    | { ok: true; coupon: { code: string }; summary: string; couponCents: number; totalCents: number }
    | { ok: false; code: string; message: string };
}
