import { z } from 'zod';
import { dateTimeSchema } from '../dates';
import { CODE_PATTERN, couponDurations, couponKinds } from '../../coupons';

const slugList = z.array(z.string().trim().min(1).max(64)).max(100).default([]);

/** Why staff disabled a coupon: kept in the audit log. */
export const couponReasonSchema = z
  .string('Please give a reason')
  .trim()
  .min(3, 'Please give a reason of at least 3 characters')
  .max(500, 'Please keep the reason under 500 characters');

const expiresAt = dateTimeSchema('Enter the expiry as a date and time')
  .nullable()
  .default(null);
const maxRedemptions = z
  .number('Enter a whole number')
  .int('Enter a whole number')
  .min(1, 'At least 1, or leave it empty for no limit')
  .max(1_000_000, 'At most 1,000,000')
  .nullable()
  .default(null);

/** What can change on a coupon once customers may hold it: never its code, amount or duration. */
export const couponEditSchema = z.object({
  description: z.string().trim().max(200, 'Please keep the description under 200 characters').default(''),
  expiresAt,
  maxRedemptions,
  oncePerCustomer: z.boolean().default(true),
  firstOrderOnly: z.boolean().default(false),
  games: slugList,
  plans: slugList,
  packs: slugList,
});
export type CouponEditInput = z.input<typeof couponEditSchema>;

/**
 * POST /api/admin/coupons. `amount` is a whole percent (1–100) for 'percent' and a whole number of
 * the shop currency's minor unit for 'fixed'; `durationPeriods` only for 'repeating'.
 */
export const couponCreateSchema = couponEditSchema
  .extend({
    code: z
      .string('Enter a code')
      .trim()
      .transform((c) => c.toUpperCase())
      .pipe(z.string().regex(CODE_PATTERN, 'Use 3 to 32 letters, digits, dashes or underscores, starting with a letter or digit')),
    kind: z.enum(couponKinds, 'Choose a percentage or a fixed amount'),
    amount: z.number('Enter an amount').int('Enter a whole number'),
    duration: z.enum(couponDurations, 'Choose how long the discount lasts'),
    durationPeriods: z.number().int('Enter a whole number').nullable().default(null),
  })
  .superRefine((c, ctx) => {
    if (c.kind === 'percent' && (c.amount < 1 || c.amount > 100)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'A percentage goes from 1 to 100' });
    }
    if (c.kind === 'fixed' && (c.amount < 1 || c.amount > 10_000_00)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: "A fixed amount goes from 1 to 1,000,000 of the shop currency's minor unit (cents; yen have none)" });
    }
    if (c.duration === 'repeating' && (c.durationPeriods === null || c.durationPeriods < 1 || c.durationPeriods > 120)) {
      ctx.addIssue({ code: 'custom', path: ['durationPeriods'], message: 'Enter how many billing periods, from 1 to 120' });
    }
    if (c.duration !== 'repeating' && c.durationPeriods !== null) {
      ctx.addIssue({ code: 'custom', path: ['durationPeriods'], message: 'Only a discount for several billing periods has a number of periods' });
    }
  });
export type CouponCreateInput = z.input<typeof couponCreateSchema>;

export const couponDisableSchema = z.object({ reason: couponReasonSchema });
export const couponIdParams = z.object({ id: z.uuid('Not a valid id') });

export const couponStatuses = ['active', 'disabled', 'expired', 'used_up'] as const;
export type CouponStatus = (typeof couponStatuses)[number];

export const adminCouponSchema = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(couponKinds),
  amount: z.number().int(),
  duration: z.enum(couponDurations),
  durationPeriods: z.number().int().nullable(),
  /** "20% off once", "$5.00 off for 3 billing periods". */
  summary: z.string(),
  expiresAt: z.string().nullable(),
  maxRedemptions: z.number().int().nullable(),
  /** Redemptions taken: paid, plus those held by orders waiting for payment. */
  redeemed: z.number().int(),
  paid: z.number().int(),
  reserved: z.number().int(),
  /** What the coupon took off first orders that were paid, per order currency: never summed across currencies. */
  discountGiven: z.array(z.object({ currency: z.string(), cents: z.number().int() })),
  oncePerCustomer: z.boolean(),
  firstOrderOnly: z.boolean(),
  games: z.array(z.string()),
  plans: z.array(z.string()),
  packs: z.array(z.string()),
  status: z.enum(couponStatuses),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

export const adminCouponListSchema = z.object({ coupons: z.array(adminCouponSchema) });
export type AdminCouponList = z.infer<typeof adminCouponListSchema>;

export const couponListQuerySchema = z.object({
  q: z.string().trim().max(64).optional(),
  status: z.enum(couponStatuses).optional(),
});
