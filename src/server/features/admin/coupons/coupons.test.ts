import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCoupon, AdminCouponList } from '../../../../shared/schemas/admin/coupons';
import { createSignedInUser, createTestApp, dbKinds, manualClock, type TestContext, type TestUser } from '../../../test/test-app';
import { buy } from '../../affiliate/affiliate-test-kit';
import { minecraftChoice, recordingBus, recordingProvisioning, startCheckout } from '../../checkout/checkout.fixtures';
import { uniqueCode } from '../../coupons/coupons.fixtures';

const DAY = 24 * 60 * 60 * 1000;

describe.each(dbKinds)('staff coupons on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock();
  const staff = {} as Record<'admin' | 'billing' | 'support', TestUser & { cookie: string }>;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, checkout: { events: recordingBus(), provisioning: recordingProvisioning() } });
    for (const role of ['admin', 'billing', 'support'] as const) staff[role] = await createSignedInUser(t, { role });
  });
  afterAll(async () => t?.close());

  const as = (role: keyof typeof staff, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: staff[role].cookie }, ...(payload && { payload }) });

  async function audit(targetId: string) {
    return t.database.query<{ action: string; actor_email: string; reason: string | null; before: unknown; after: unknown }>(
      'select action, actor_email, reason, before, after from audit_log where target_id = $1 order by seq',
      [targetId],
    );
  }

  it('is for billing and admin: support and customers are refused', async () => {
    const customer = await createSignedInUser(t);
    expect((await as('support', 'GET', '/api/admin/coupons')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/coupons', headers: { cookie: customer.cookie } })).statusCode).toBe(403);
    expect((await as('billing', 'GET', '/api/admin/coupons')).statusCode).toBe(200);
    expect((await as('admin', 'GET', '/api/admin/coupons')).statusCode).toBe(200);
  });

  it('creates a coupon, audited, with its code in upper case; a code is never reused', async () => {
    const code = uniqueCode('launch');
    const res = await as('billing', 'POST', '/api/admin/coupons', {
      code: code.toLowerCase(),
      description: 'Launch week',
      kind: 'fixed',
      amount: 500,
      duration: 'repeating',
      durationPeriods: 3,
      maxRedemptions: 100,
      games: ['minecraft'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const coupon = res.json() as AdminCoupon;
    expect(coupon).toMatchObject({
      code,
      description: 'Launch week',
      summary: '$5.00 off for 3 billing periods',
      redeemed: 0,
      paid: 0,
      reserved: 0,
      maxRedemptions: 100,
      oncePerCustomer: true,
      firstOrderOnly: false,
      games: ['minecraft'],
      status: 'active',
    });
    const records = await audit(coupon.id);
    expect(records).toEqual([expect.objectContaining({ action: 'coupon.created', actor_email: staff.billing.email, before: null })]);
    expect(records[0]!.after).toMatchObject({ code, kind: 'fixed', amount: 500, duration: 'repeating', durationPeriods: 3 });

    const again = await as('admin', 'POST', '/api/admin/coupons', { code, kind: 'percent', amount: 10, duration: 'once' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(`There is already a coupon ${code}. Codes are never reused; choose another.`);
  });

  it('refuses terms that make no sense, field by field', async () => {
    const bad = async (payload: object) => {
      const res = await as('billing', 'POST', '/api/admin/coupons', { code: uniqueCode(), kind: 'percent', amount: 10, duration: 'once', ...payload });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().error as { message: string; fields?: Record<string, string> };
    };
    expect((await bad({ amount: 120 })).fields).toMatchObject({ amount: 'A percentage goes from 1 to 100' });
    expect((await bad({ kind: 'fixed', amount: 0 })).fields).toMatchObject({ amount: "A fixed amount goes from 1 to 1,000,000 of the shop currency's minor unit (cents; yen have none)" });
    // Amounts are whole minor units already: half a cent (or half a yen) is refused, never rounded.
    expect((await bad({ kind: 'fixed', amount: 250.5 })).fields).toMatchObject({ amount: 'Enter a whole number' });
    expect((await bad({ duration: 'repeating' })).fields).toMatchObject({ durationPeriods: 'Enter how many billing periods, from 1 to 120' });
    expect((await bad({ code: 'a b' })).fields?.code).toMatch(/^Use 3 to 32 letters/);
    expect((await bad({ plans: ['minecraft-64gb'] })).fields).toEqual({ plans: 'Not in the catalog: minecraft-64gb' });
    expect((await bad({ expiresAt: new Date(clock.now().getTime() - DAY).toISOString() })).fields).toEqual({ expiresAt: 'Choose a date in the future' });
  });

  it('lists coupons with their redemptions: paid, reserved, and what paid orders saved', async () => {
    const created = (await as('billing', 'POST', '/api/admin/coupons', { code: uniqueCode('count'), kind: 'percent', amount: 50, duration: 'once' })).json() as AdminCoupon;
    await buy(t, (await createSignedInUser(t)).cookie, { ...minecraftChoice, coupon: created.code });
    await startCheckout(t, (await createSignedInUser(t)).cookie, { ...minecraftChoice, coupon: created.code });
    const list = (await as('billing', 'GET', `/api/admin/coupons?q=${created.code.slice(0, 8).toLowerCase()}`)).json() as AdminCouponList;
    expect(list.coupons.map((c) => c.code)).toContain(created.code);
    expect(list.coupons.find((c) => c.id === created.id)).toMatchObject({ redeemed: 2, paid: 1, reserved: 1, discountGiven: [{ currency: 'usd', cents: 700 }] });
  });

  it('edits what is safe: expiry, maximum (not below what is taken), rules and restrictions; the amount stays', async () => {
    const created = (await as('billing', 'POST', '/api/admin/coupons', { code: uniqueCode('edit'), kind: 'percent', amount: 25, duration: 'forever', maxRedemptions: 5 })).json() as AdminCoupon;
    await startCheckout(t, (await createSignedInUser(t)).cookie, { ...minecraftChoice, coupon: created.code });
    await startCheckout(t, (await createSignedInUser(t)).cookie, { ...minecraftChoice, coupon: created.code });

    const tooLow = await as('billing', 'PATCH', `/api/admin/coupons/${created.id}`, { maxRedemptions: 1 });
    expect(tooLow.statusCode).toBe(400);
    expect(tooLow.json().error).toMatchObject({ message: '2 redemptions are already taken, so the maximum cannot be lower.', fields: { maxRedemptions: 'At least 2' } });

    const expiresAt = new Date(clock.now().getTime() + 30 * DAY).toISOString();
    const res = await as('admin', 'PATCH', `/api/admin/coupons/${created.id}`, {
      description: 'Spring',
      expiresAt,
      maxRedemptions: 2,
      firstOrderOnly: true,
      plans: ['minecraft-4gb'],
      amount: 90,
      kind: 'fixed',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ description: 'Spring', expiresAt, maxRedemptions: 2, firstOrderOnly: true, plans: ['minecraft-4gb'], kind: 'percent', amount: 25, status: 'used_up' });
    const [, updated] = await audit(created.id);
    expect(updated).toMatchObject({ action: 'coupon.updated', actor_email: staff.admin.email, before: expect.objectContaining({ maxRedemptions: 5 }), after: expect.objectContaining({ maxRedemptions: 2 }) });
  });

  it('disables with a reason and enables again, each audited; nothing changes twice', async () => {
    const created = (await as('billing', 'POST', '/api/admin/coupons', { code: uniqueCode('off'), kind: 'percent', amount: 10, duration: 'once' })).json() as AdminCoupon;
    const noReason = await as('billing', 'POST', `/api/admin/coupons/${created.id}/disable`, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    const off = await as('billing', 'POST', `/api/admin/coupons/${created.id}/disable`, { reason: 'Posted on a deals forum' });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ status: 'disabled', disabledAt: clock.now().toISOString() });
    expect((await as('billing', 'POST', `/api/admin/coupons/${created.id}/disable`, { reason: 'again' })).statusCode).toBe(409);
    const on = await as('billing', 'POST', `/api/admin/coupons/${created.id}/enable`, {});
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ status: 'active', disabledAt: null });
    expect((await audit(created.id)).map((r) => [r.action, r.reason])).toEqual([
      ['coupon.created', null],
      ['coupon.disabled', 'Posted on a deals forum'],
      ['coupon.enabled', null],
    ]);
    expect((await as('billing', 'GET', '/api/admin/coupons/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
