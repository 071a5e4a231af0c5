import { z } from 'zod';
import { couponDurations, couponKinds } from '../coupons';
import { currencyCodeSchema, quoteRequestSchema } from './catalog';

/** What a customer types in the coupon box; compared in upper case (shared/coupons.ts). */
export const couponCodeInput = z.string().trim().max(64, 'That coupon code is too long');

/** The body of POST /api/coupons/check: the code and the choice it is for. */
export const couponCheckSchema = z.discriminatedUnion('kind', [
  quoteRequestSchema.extend({ kind: z.literal('server'), code: couponCodeInput.min(1, 'Enter a coupon code') }),
  z.object({
    kind: z.literal('pack'),
    pack: z.string().trim().min(1).max(64),
    code: couponCodeInput.min(1, 'Enter a coupon code'),
    currency: currencyCodeSchema.optional(),
  }),
]);
export type CouponCheckRequest = z.input<typeof couponCheckSchema>;

export const couponTermsSchema = z.object({
  code: z.string(),
  kind: z.enum(couponKinds),
  amount: z.number().int(),
  duration: z.enum(couponDurations),
  durationPeriods: z.number().int().nullable(),
  games: z.array(z.string()),
  plans: z.array(z.string()),
  packs: z.array(z.string()),
});

/**
 * The answer: the coupon's terms (the client prices with them through the shared pricing
 * function) and the server's own figures for the choice; or why the code is refused.
 */
export const couponCheckResponseSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    coupon: couponTermsSchema,
    /** "20% off once", "$5.00 off for 3 billing periods". */
    summary: z.string(),
    couponCents: z.number().int(),
    totalCents: z.number().int(),
  }),
  z.object({ ok: z.literal(false), code: z.string(), message: z.string() }),
]);
export type CouponCheckResponse = z.infer<typeof couponCheckResponseSchema>;
