import { shopCurrency } from '../../../lib/shop-currency';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Catalog } from '../../../../shared/catalog';
import { couponAmountLabel, couponDurationLabel } from '../../../../shared/coupons';
import type {
  AdminCoupon,
  AdminCouponList,
  CouponStatus,
  couponCreateSchema,
  couponEditSchema,
  couponListQuerySchema,
} from '../../../../shared/schemas/admin/coupons';
import type { Db } from '../../../db/client';
import { coupons } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import type { Clock, Ids } from '../../../lib/runtime';
import { audited, type StaffActor } from '../../../lib/audit';
import { couponWithCounts, discountsGiven, listCouponsWithCounts, lockCoupon, type CouponRow } from './coupons.repository';

export interface CouponAdminDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  /** The current catalog with its hidden items: restrictions may name those too. */
  catalog: { atVersion(version: null): Promise<{ catalog: Catalog }> };
}

type CreateInput = z.output<typeof couponCreateSchema>;
type EditInput = z.output<typeof couponEditSchema>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function statusOf(row: CouponRow, now: Date): CouponStatus {
  if (row.disabledAt) return 'disabled';
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  if (row.maxRedemptions !== null && row.redeemed >= row.maxRedemptions) return 'used_up';
  return 'active';
}

type Given = { currency: string; cents: number }[];

function toView(row: { coupon: CouponRow; paid: number | null; reserved: number | null }, given: Given, now: Date, currency: string): AdminCoupon {
  const c = row.coupon;
  return {
    id: c.id,
    code: c.code,
    description: c.description,
    kind: c.kind,
    amount: c.amount,
    duration: c.duration,
    durationPeriods: c.durationPeriods,
    summary: `${couponAmountLabel(c, currency)} ${couponDurationLabel(c)}`,
    expiresAt: iso(c.expiresAt),
    maxRedemptions: c.maxRedemptions,
    redeemed: c.redeemed,
    paid: row.paid ?? 0,
    reserved: row.reserved ?? 0,
    discountGiven: given.filter((g) => g.cents !== 0),
    oncePerCustomer: c.oncePerCustomer,
    firstOrderOnly: c.firstOrderOnly,
    games: c.games,
    plans: c.plans,
    packs: c.packs,
    status: statusOf(c, now),
    disabledAt: iso(c.disabledAt),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** What an audit record keeps of a coupon: the terms staff set, not the running count. */
function auditable(c: CouponRow) {
  return {
    code: c.code,
    description: c.description,
    kind: c.kind,
    amount: c.amount,
    duration: c.duration,
    durationPeriods: c.durationPeriods,
    expiresAt: iso(c.expiresAt),
    maxRedemptions: c.maxRedemptions,
    oncePerCustomer: c.oncePerCustomer,
    firstOrderOnly: c.firstOrderOnly,
    games: c.games,
    plans: c.plans,
    packs: c.packs,
    disabledAt: iso(c.disabledAt),
  };
}

/** Restrictions must name games, plans and packs the catalog has (hidden ones included). */
async function checkRestrictions(deps: CouponAdminDeps, input: Pick<EditInput, 'games' | 'plans' | 'packs'>) {
  const { catalog } = await deps.catalog.atVersion(null);
  const unknown = (list: string[], known: string[]) => list.filter((x) => !known.includes(x));
  const fields: Record<string, string> = {};
  const games = unknown(input.games, catalog.games.map((g) => g.slug));
  const plans = unknown(input.plans, catalog.plans.map((p) => p.id));
  const packs = unknown(input.packs, catalog.packs.map((p) => p.id));
  if (games.length) fields.games = `Not in the catalog: ${games.join(', ')}`;
  if (plans.length) fields.plans = `Not in the catalog: ${plans.join(', ')}`;
  if (packs.length) fields.packs = `Not in the catalog: ${packs.join(', ')}`;
  if (Object.keys(fields).length) throw badRequest('The coupon names something the catalog does not have.', fields);
}

function dedupe(list: string[]): string[] {
  return [...new Set(list)];
}

async function givenByCoupon(db: Db, ids: string[]): Promise<Map<string, Given>> {
  const out = new Map<string, Given>();
  for (const r of await discountsGiven(db, ids)) out.set(r.couponId, [...(out.get(r.couponId) ?? []), { currency: r.currency, cents: r.cents }]);
  return out;
}

export async function listCoupons(deps: CouponAdminDeps, query: z.output<typeof couponListQuerySchema>): Promise<AdminCouponList> {
  const now = deps.clock.now();
  const rows = await listCouponsWithCounts(deps.db, query.q);
  const currency = await shopCurrency(deps.db);
  const given = await givenByCoupon(deps.db, rows.map((r) => r.coupon.id));
  const views = rows.map((r) => toView(r, given.get(r.coupon.id) ?? [], now, currency));
  return { coupons: query.status ? views.filter((v) => v.status === query.status) : views };
}

export async function getCoupon(deps: CouponAdminDeps, id: string): Promise<AdminCoupon> {
  const row = await couponWithCounts(deps.db, id);
  if (!row) throw notFound('That coupon was not found.');
  const given = await givenByCoupon(deps.db, [id]);
  return toView(row, given.get(id) ?? [], deps.clock.now(), await shopCurrency(deps.db));
}

export async function createCoupon(deps: CouponAdminDeps, actor: StaffActor, input: CreateInput): Promise<AdminCoupon> {
  await checkRestrictions(deps, input);
  const now = deps.clock.now();
  if (input.expiresAt && new Date(input.expiresAt) <= now) {
    throw badRequest('The expiry date has already passed.', { expiresAt: 'Choose a date in the future' });
  }
  const id = deps.ids.uuid();
  await audited(deps, actor, async (tx) => {
    const [row] = await tx
      .insert(coupons)
      .values({
        id,
        code: input.code,
        description: input.description,
        kind: input.kind,
        amount: input.amount,
        duration: input.duration,
        durationPeriods: input.duration === 'repeating' ? input.durationPeriods : null,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        maxRedemptions: input.maxRedemptions,
        oncePerCustomer: input.oncePerCustomer,
        firstOrderOnly: input.firstOrderOnly,
        games: dedupe(input.games),
        plans: dedupe(input.plans),
        packs: dedupe(input.packs),
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: coupons.code })
      .returning();
    if (!row) throw conflict(`There is already a coupon ${input.code}. Codes are never reused; choose another.`);
    return { result: row, audit: { action: 'coupon.created', targetType: 'coupon', targetId: id, targetLabel: row.code, after: auditable(row) } };
  });
  return getCoupon(deps, id);
}

/**
 * Changes what is safe to change: the description, expiry, maximum (never below what is already
 * taken), once-per-customer, first-order-only and restrictions. They govern new redemptions only;
 * the amount and duration customers already hold are never changed (create another coupon).
 */
export async function editCoupon(deps: CouponAdminDeps, actor: StaffActor, id: string, input: EditInput): Promise<AdminCoupon> {
  await checkRestrictions(deps, input);
  const now = deps.clock.now();
  await audited(deps, actor, async (tx) => {
    const before = await lockCoupon(tx, id);
    if (!before) throw notFound('That coupon was not found.');
    if (input.maxRedemptions !== null && input.maxRedemptions < before.redeemed) {
      throw badRequest(`${before.redeemed} redemptions are already taken, so the maximum cannot be lower.`, {
        maxRedemptions: `At least ${before.redeemed}`,
      });
    }
    const [after] = await tx
      .update(coupons)
      .set({
        description: input.description,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        maxRedemptions: input.maxRedemptions,
        oncePerCustomer: input.oncePerCustomer,
        firstOrderOnly: input.firstOrderOnly,
        games: dedupe(input.games),
        plans: dedupe(input.plans),
        packs: dedupe(input.packs),
        updatedAt: now,
      })
      .where(eq(coupons.id, id))
      .returning();
    return {
      result: after,
      audit: { action: 'coupon.updated', targetType: 'coupon', targetId: id, targetLabel: before.code, before: auditable(before), after: auditable(after!) },
    };
  });
  return getCoupon(deps, id);
}

/**
 * Disables or enables a coupon. Disabled, it takes no new redemption; customers who already hold
 * it keep their discount on renewals, as promised when they paid.
 */
export async function setCouponEnabled(
  deps: CouponAdminDeps,
  actor: StaffActor,
  id: string,
  enabled: boolean,
  reason: string | null,
): Promise<AdminCoupon> {
  const now = deps.clock.now();
  await audited(deps, actor, async (tx) => {
    const before = await lockCoupon(tx, id);
    if (!before) throw notFound('That coupon was not found.');
    if (enabled === (before.disabledAt === null)) {
      throw conflict(enabled ? `${before.code} is already enabled.` : `${before.code} is already disabled.`);
    }
    const [after] = await tx
      .update(coupons)
      .set({ disabledAt: enabled ? null : now, updatedAt: now })
      .where(eq(coupons.id, id))
      .returning();
    return {
      result: after,
      audit: {
        action: enabled ? 'coupon.enabled' : 'coupon.disabled',
        targetType: 'coupon',
        targetId: id,
        targetLabel: before.code,
        before: { disabledAt: iso(before.disabledAt) },
        after: { disabledAt: iso(after!.disabledAt) },
        reason,
      },
    };
  });
  return getCoupon(deps, id);
}
