import { z } from 'zod';
import { isShopCurrency } from './currency';
import { policy } from './policy';

/*
 * The rules a host sets in Settings → Business rules: refunds, dunning, SLA credits and the
 * affiliate programme. The billing, dunning, refund and affiliate rules stay plain functions taking
 * these values; the server reads them through features/brand (getBusinessRules).
 */

export interface SlaCreditTier {
  /** Monthly uptime below this percentage earns the credit (99.5 means "below 99.5%"). */
  belowPercent: number;
  /** Share of the month's fee credited, in percent. */
  creditPercent: number;
}

export interface AffiliateRules {
  enabled: boolean;
  /** Whole percent of each payment a referral makes. */
  commissionPercent: number;
  /** How many months after the referral signs up their payments still earn; null: for as long as they pay. */
  commissionMonths: number | null;
  minimumPayoutCents: number;
  /**
   * The least an affiliate can take out in an extra currency, in its minor unit, by lower-case ISO
   * code; a currency not named here takes its own Stripe minimum charge (decision 080).
   */
  minimumPayoutByCurrency: Record<string, number>;
}

/** What the support page states: the shop's target for a first reply per team, and the hours it writes, if any. */
export interface SupportRules {
  technicalMinutes: number;
  billingMinutes: number;
  salesMinutes: number;
  /** The host's own words about when support answers; empty: the page says nothing about hours. */
  hoursText: string;
}

export interface BusinessRules {
  refundWindowHours: number;
  /** Business days a card refund takes to arrive, from the fewest to the most, as customers are told ("5-7"). */
  refundDaysMin: number;
  refundDaysMax: number;
  suspendAfterDays: number;
  deleteAfterDays: number;
  /** Sorted from the mildest breach (highest threshold, smallest credit) to the worst. */
  slaCredits: SlaCreditTier[];
  /** Days after the month it is owed for within which a customer can claim an SLA credit. */
  slaClaimWithinDays: number;
  /** The most a month's SLA credits can come to, in percent of that month's fee; never below a tier's credit. */
  slaCreditCapPercent: number;
  affiliate: AffiliateRules;
  support: SupportRules;
}

/** Today's values, so a shop that never opens the form behaves as it always did. */
export const defaultBusinessRules: BusinessRules = {
  refundWindowHours: policy.refundWindowHours,
  refundDaysMin: policy.refundProcessingDays.min,
  refundDaysMax: policy.refundProcessingDays.max,
  suspendAfterDays: policy.suspendAfterDays,
  deleteAfterDays: policy.deleteAfterDays,
  slaCredits: policy.sla.credits.map((c) => ({ belowPercent: Number.parseFloat(c.below), creditPercent: c.creditPercent })),
  slaClaimWithinDays: policy.sla.claimWithinDays,
  slaCreditCapPercent: policy.sla.creditCapPercent,
  affiliate: {
    enabled: true,
    commissionPercent: policy.affiliate.commissionPercent,
    commissionMonths: null,
    minimumPayoutCents: policy.affiliate.minimumPayoutCents,
    minimumPayoutByCurrency: {},
  },
  // The spec's response-time panel: technical about 2 h, billing about 1 h, sales about 30 min.
  support: { technicalMinutes: 120, billingMinutes: 60, salesMinutes: 30, hoursText: '' },
};

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `Enter ${label} as a number` })
    .int(`Enter ${label} as a whole number`)
    .min(min, `${label[0]!.toUpperCase()}${label.slice(1)} must be at least ${min}`)
    .max(max, `${label[0]!.toUpperCase()}${label.slice(1)} can be at most ${max}`);

export const slaCreditTierSchema = z.object({
  belowPercent: z
    .number({ error: 'Enter the uptime threshold as a number' })
    .gt(0, 'The uptime threshold must be above 0%')
    .lt(100, 'The uptime threshold must be below 100%')
    .refine((v) => Math.round(v * 100) === v * 100, 'Use at most two decimals for the uptime threshold'),
  creditPercent: whole('the credit', 1, 100),
});

export const businessRulesSchema = z
  .object({
    refundWindowHours: whole('the refund window', 0, 24 * 60),
    refundDaysMin: whole('the fewest days a refund takes', 1, 60),
    refundDaysMax: whole('the most days a refund takes', 1, 60),
    suspendAfterDays: whole('the days before suspension', 1, 90),
    deleteAfterDays: whole('the days before deletion', 1, 365),
    slaCredits: z.array(slaCreditTierSchema).max(6, 'Keep to at most six credit tiers'),
    slaClaimWithinDays: whole('the days to claim an SLA credit', 1, 365),
    slaCreditCapPercent: whole('the SLA credit cap', 1, 100),
    affiliate: z.object({
      enabled: z.boolean(),
      commissionPercent: whole('the commission rate', 0, 100),
      commissionMonths: whole('the commission duration', 1, 120).nullable(),
      minimumPayoutCents: whole('the minimum payout', 0, 100_000_00),
      minimumPayoutByCurrency: z
        .record(
          z.string().refine((code) => code === code.toLowerCase() && isShopCurrency(code), 'Name a currency by its ISO code, such as eur'),
          z.number({ error: 'Enter the minimum payout as a number' }).int('Enter the minimum payout as a whole number of minor units').min(0, 'The minimum payout cannot be negative').max(100_000_000, 'The minimum payout can be at most 100000000 minor units'),
        )
        .default({}),
    }),
    support: z.object({
      technicalMinutes: whole('the technical reply target', 1, 7 * 24 * 60),
      billingMinutes: whole('the billing reply target', 1, 7 * 24 * 60),
      salesMinutes: whole('the sales reply target', 1, 7 * 24 * 60),
      hoursText: z.string({ error: 'Enter the support hours as text' }).trim().max(200, 'Keep the support hours to 200 characters'),
    }),
  })
  .superRefine((rules, ctx) => {
    if (rules.refundDaysMax < rules.refundDaysMin) {
      ctx.addIssue({ code: 'custom', path: ['refundDaysMax'], message: `The most days cannot be fewer than the fewest (${rules.refundDaysMin})` });
    }
    if (rules.deleteAfterDays <= rules.suspendAfterDays) {
      ctx.addIssue({
        code: 'custom',
        path: ['deleteAfterDays'],
        message: `Deletion must come after suspension: more than ${rules.suspendAfterDays} days`,
      });
    }
    const tiers = rules.slaCredits;
    const largest = Math.max(0, ...tiers.map((t) => t.creditPercent));
    if (rules.slaCreditCapPercent < largest) {
      ctx.addIssue({ code: 'custom', path: ['slaCreditCapPercent'], message: `The cap cannot be below the largest tier's credit (${largest}%)` });
    }
    for (let i = 1; i < tiers.length; i++) {
      if (tiers[i]!.belowPercent >= tiers[i - 1]!.belowPercent || tiers[i]!.creditPercent <= tiers[i - 1]!.creditPercent) {
        ctx.addIssue({
          code: 'custom',
          path: ['slaCredits', i, 'belowPercent'],
          message: 'Each tier needs a lower uptime threshold and a larger credit than the one above it',
        });
      }
    }
  });

/** "5-7", or "5" when both ends agree: the business days a refund takes, as the pages and emails print them. */
export function refundProcessingDays(rules: Pick<BusinessRules, 'refundDaysMin' | 'refundDaysMax'>): string {
  return rules.refundDaysMin === rules.refundDaysMax ? String(rules.refundDaysMin) : `${rules.refundDaysMin}-${rules.refundDaysMax}`;
}

/** The values a message stating the refund time takes: `days` picks the plural, `range` is printed. */
export function refundDaysValues(rules: Pick<BusinessRules, 'refundDaysMin' | 'refundDaysMax'>): { days: number; range: string } {
  return { days: rules.refundDaysMax, range: refundProcessingDays(rules) };
}

/**
 * The SLA credit for a month's measured uptime: the worst tier it falls under, 0 when it meets them
 * all, never more than the cap.
 */
export function slaCreditPercent(uptimePercent: number, rules: Pick<BusinessRules, 'slaCredits' | 'slaCreditCapPercent'>): number {
  let credit = 0;
  for (const tier of rules.slaCredits) if (uptimePercent < tier.belowPercent) credit = Math.max(credit, tier.creditPercent);
  return Math.min(credit, rules.slaCreditCapPercent);
}

/** "99.5%", "99%": a threshold as the pages print it. */
export function formatUptimePercent(value: number): string {
  return `${Number.parseFloat(value.toFixed(2))}%`;
}

/** What Settings → Business rules sends: the rules and why they change (they move money). */
export const businessRulesInputSchema = businessRulesSchema.and(
  z.object({ reason: z.string().trim().min(3, 'Say in a few words why the rules change').max(500) }),
);
