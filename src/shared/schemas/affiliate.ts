import { z } from 'zod';
import { affiliatePeriods } from '../affiliate';
import { isShopCurrency } from '../currency';
import { staffReasonSchema } from './admin/staff';
import { currencyCodeSchema } from './catalog';

export const affiliatePeriodSchema = z.enum(affiliatePeriods, 'Choose week, month, quarter or year');

/** GET /api/affiliate?period=... */
export const affiliateQuerySchema = z.object({ period: affiliatePeriodSchema.default('month') });

/** GET /api/affiliate/click?code=...: anything unusable is ignored, never an error. */
export const affiliateClickQuerySchema = z.object({ code: z.string().max(64).optional() });

export const referralStatuses = ['signed_up', 'pending', 'payable', 'requested', 'paid', 'reversed', 'held'] as const;
export type ReferralStatus = (typeof referralStatuses)[number];

export const payoutMethods = ['credit', 'cash'] as const;
export type PayoutMethod = (typeof payoutMethods)[number];
export const payoutStatuses = ['credited', 'requested', 'approved', 'rejected'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

/** A currency the API takes (any case), and one Stripe charges in. */
const payoutCurrencySchema = currencyCodeSchema.refine(isShopCurrency, 'Name the currency by its three-letter ISO code, such as eur');

/**
 * POST /api/affiliate/payouts. A payout takes the payable commission of one currency (the shop's
 * when none is named, decision 080). `details` says where a cash payout should go.
 */
export const payoutRequestSchema = z.object({
  method: z.enum(payoutMethods, 'Choose credit or cash'),
  currency: payoutCurrencySchema.optional(),
  details: z.string().trim().max(500, 'Payout details are too long').optional(),
});
export type PayoutRequest = z.infer<typeof payoutRequestSchema>;

export const payoutSchema = z.object({
  id: z.string(),
  method: z.enum(payoutMethods),
  status: z.enum(payoutStatuses),
  amountCents: z.number().int(),
  currency: z.string(),
  details: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

/** Commission earned in the period in one currency, with its change against the previous period in percent. */
export const periodEarningsSchema = z.object({ currency: z.string(), cents: z.number().int(), change: z.number() });
export type PeriodEarnings = z.infer<typeof periodEarningsSchema>;

export const affiliateStatsSchema = z.object({
  /** Commission earned in the period, per currency (the shop's first), never added together. */
  earnings: z.array(periodEarningsSchema),
  /** Verified sign-ups through the link in the period. */
  referrals: z.number().int(),
  /** Paying referrals ÷ clicks in the period, percent. */
  conversionRate: z.number(),
  clicks: z.number().int(),
  /** Each change is in percent against the previous period of the same length. */
  referralsChange: z.number(),
  conversionChange: z.number(),
  clicksChange: z.number(),
});
export type AffiliateStats = z.infer<typeof affiliateStatsSchema>;

export const recentReferralSchema = z.object({
  id: z.string(),
  /** Masked email: j***@g***.com */
  user: z.string(),
  /** What they bought; null for a sign-up that has not paid yet. */
  plan: z.string().nullable(),
  /** Commission in the minor unit of `currency`. */
  amount: z.number().int(),
  currency: z.string(),
  date: z.string(),
  status: z.enum(referralStatuses),
});
export type RecentReferral = z.infer<typeof recentReferralSchema>;

/** Commission of one currency by state, and the least that can be taken out in it. */
export const commissionTotalsSchema = z.object({
  currency: z.string(),
  pendingCents: z.number().int(),
  payableCents: z.number().int(),
  /** In a cash payout request that staff have not decided yet. */
  requestedCents: z.number().int(),
  paidCents: z.number().int(),
  minimumPayoutCents: z.number().int(),
});
export type CommissionTotals = z.infer<typeof commissionTotalsSchema>;

export const affiliateSummarySchema = z.object({
  referralCode: z.string(),
  referralLink: z.string(),
  joined: z.boolean(),
  joinedAt: z.string().nullable(),
  period: affiliatePeriodSchema,
  /** Off in Settings → Business rules: no one joins and no commission is earned. */
  programmeOpen: z.boolean(),
  commissionPercent: z.number().int(),
  /** Months a referral's payments earn after sign-up; null: for as long as they pay. */
  commissionMonths: z.number().int().nullable(),
  stats: affiliateStatsSchema,
  recentReferrals: z.array(recentReferralSchema),
  /** Per currency: the shop's first (always there), then each other currency commission was earned in. */
  balances: z.array(commissionTotalsSchema),
  /** First day of next month, YYYY-MM-DD. */
  nextPayout: z.string(),
  payouts: z.array(payoutSchema),
});
export type AffiliateSummary = z.infer<typeof affiliateSummarySchema>;

export const joinResponseSchema = z.object({ joined: z.literal(true), joinedAt: z.string() });

/** GET /api/admin/affiliate/payouts?status=... */
export const staffPayoutQuerySchema = z.object({ status: z.enum(payoutStatuses).optional() });

export const staffPayoutSchema = payoutSchema.extend({
  affiliate: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  commissions: z.number().int(),
});
export type StaffPayout = z.infer<typeof staffPayoutSchema>;

/** Approve or reject a cash payout: the reason is kept in the audit log; the note goes to the affiliate. */
export const payoutDecisionSchema = z.object({
  reason: staffReasonSchema,
  note: z.string().trim().max(500, 'The note is too long').optional(),
});
export type PayoutDecision = z.infer<typeof payoutDecisionSchema>;

const party = z.object({ id: z.string(), email: z.string(), name: z.string() });

/** GET /api/admin/affiliate/commissions/held: commissions waiting for staff, with why. */
export const heldCommissionSchema = z.object({
  id: z.string(),
  planName: z.string(),
  paymentCents: z.number().int(),
  amountCents: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
  payableAt: z.string(),
  holdReason: z.string(),
  referrer: party,
  customer: party,
});
export type HeldCommission = z.infer<typeof heldCommissionSchema>;

/** Release a held commission (it counts again) or void it: the reason is kept in the audit log. */
export const commissionReviewSchema = z.object({ reason: staffReasonSchema });
export type CommissionReview = z.infer<typeof commissionReviewSchema>;

export const reviewedCommissionSchema = z.object({
  id: z.string(),
  status: z.enum(referralStatuses),
  amountCents: z.number().int(),
  currency: z.string(),
  reviewedAt: z.string(),
});
export type ReviewedCommission = z.infer<typeof reviewedCommissionSchema>;
