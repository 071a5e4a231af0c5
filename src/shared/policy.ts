/**
 * Business constants from the spec and product-decisions.md. One source for the copy on the
 * informational pages and for the billing, dunning and affiliate rules.
 */
export const policy = {
  refundWindowHours: 48,
  /** How long a card refund takes to arrive, in business days: the default of Settings → Business rules. */
  refundProcessingDays: { min: 5, max: 7 },
  paymentRetryDays: 3,
  suspendAfterDays: 7,
  deleteAfterDays: 30,
  backupKeptAfterCancelDays: 30,
  priceChangeNoticeDays: 30,
  provisioningHint: 'usually 1-3 minutes',
  affiliate: {
    commissionPercent: 25,
    cookieDays: 90,
    minimumPayoutCents: 5000,
    payoutSchedule: 'monthly',
  },
  /** The defaults of Settings → Business rules: the SLA credit tiers, cap and claim window the pages state come from there. */
  sla: {
    credits: [
      { below: '99.5%', creditPercent: 10 },
      { below: '99%', creditPercent: 25 },
      { below: '95%', creditPercent: 50 },
    ],
    creditCapPercent: 100,
    claimWithinDays: 30,
  },
} as const;
