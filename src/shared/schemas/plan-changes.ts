import { z } from 'zod';
import { taxLineSchema } from './tax';

/** The plan and add-ons a server should have: the same game's plan, add-ons by key and quantity. */
export const planChangeChoiceSchema = z.object({
  plan: z.string().trim().min(1, 'Choose a plan.').max(64),
  addons: z.record(z.string().max(64), z.number().int('Add-on quantities are whole numbers.').min(0).max(100)).default({}),
});
export type PlanChangeChoice = z.infer<typeof planChangeChoiceSchema>;

/**
 * POST /api/servers/:id/plan-change. `pay`: 'saved' charges account credit first, then the saved
 * card; 'checkout' opens a card checkout for the whole amount. `catalogVersion` is the quote's: a
 * newer catalog answers 409 quote_outdated instead of charging other prices than were shown.
 */
export const planChangeRequestSchema = planChangeChoiceSchema.extend({
  pay: z.enum(['saved', 'checkout']).default('saved'),
  catalogVersion: z.number().int().positive().optional(),
});
export type PlanChangeRequest = z.infer<typeof planChangeRequestSchema>;

const sizeSchema = z.object({
  planId: z.string(),
  planName: z.string(),
  ramGb: z.number(),
  vcpu: z.number(),
  diskGb: z.number(),
  addons: z.record(z.string(), z.number()),
});

/** What changing to a choice costs now and from the next renewal, priced by the server. */
export const planChangeQuoteSchema = z.object({
  kind: z.enum(['upgrade', 'downgrade']),
  /** The currency the service was bought in: every amount here is in it (decision 063). */
  currency: z.string(),
  catalogVersion: z.number().int(),
  from: sizeSchema,
  to: sizeSchema,
  period: z.object({ start: z.string(), end: z.string(), secondsLeft: z.number().int(), secondsInPeriod: z.number().int(), label: z.string() }),
  /** The whole period's price now and on the new plan (after the period discount and coupon). */
  fromCents: z.number().int(),
  toCents: z.number().int(),
  /** The prorated difference for the rest of the period; 0 for a downgrade. */
  amountCents: z.number().int(),
  tax: z.object({ inclusive: z.boolean(), reverseCharge: z.boolean(), netCents: z.number().int(), lines: z.array(taxLineSchema), taxCents: z.number().int(), grossCents: z.number().int() }),
  /** What each renewal charges from `effectiveAt`, before tax. */
  renewalCents: z.number().int(),
  /** Now for an upgrade, the next renewal for a downgrade. */
  effectiveAt: z.string(),
  coupon: z.object({ code: z.string(), label: z.string() }).nullable(),
  payment: z.object({
    /** Account credit that pays first. */
    creditCents: z.number().int(),
    /** What the saved card would be charged after the credit. */
    cardCents: z.number().int(),
    savedCard: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  }),
  /** Used now / allowed on the new plan, when the panel could tell (null: it could not). */
  diskUsedBytes: z.number().nullable(),
});
export type PlanChangeQuote = z.infer<typeof planChangeQuoteSchema>;

export const planChangeStatusSchema = z.enum(['awaiting_payment', 'charging', 'paid', 'completed', 'failed', 'refunded', 'scheduled', 'applying', 'cancelled']);
export type PlanChangeStatus = z.infer<typeof planChangeStatusSchema>;

/** A plan change as the customer sees it on the server's card. */
export const planChangeViewSchema = z.object({
  id: z.string(),
  serverId: z.string(),
  kind: z.enum(['upgrade', 'downgrade']),
  status: planChangeStatusSchema,
  fromPlanName: z.string(),
  toPlanName: z.string(),
  toRamGb: z.number(),
  /** The service's currency, which the change is charged in. */
  currency: z.string(),
  amountCents: z.number().int(),
  grossCents: z.number().int().nullable(),
  renewalCents: z.number().int(),
  effectiveAt: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type PlanChangeView = z.infer<typeof planChangeViewSchema>;

/** GET /api/servers/:id/plan-change: what the server can change to, and a change under way. */
export const planChangeOptionsSchema = z.object({
  /** The currency the service was bought in: the prices below are from its price list. */
  currency: z.string(),
  current: sizeSchema,
  period: z.object({ value: z.string(), label: z.string(), months: z.number().int() }),
  plans: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      ramGb: z.number(),
      vcpu: z.number(),
      diskGb: z.number(),
      playerCap: z.number().int(),
      monthlyCents: z.number().int(),
      /** The plan alone for the server's billing period, after the period's discount, before any coupon or tax. */
      periodCents: z.number().int(),
      recommended: z.boolean(),
    }),
  ),
  addons: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      description: z.string(),
      priceCents: z.number().int(),
      /** One of it for the server's billing period, after the period's discount. */
      periodCents: z.number().int(),
      maxQuantity: z.number().int(),
    }),
  ),
  open: planChangeViewSchema.nullable(),
  /** The last change that ended, so the card can say how it went. */
  last: planChangeViewSchema.nullable(),
});
export type PlanChangeOptions = z.infer<typeof planChangeOptionsSchema>;

/** POST /api/servers/:id/plan-change answers the change, and a checkout to open when paying by card. */
export const planChangeResultSchema = z.object({
  change: planChangeViewSchema,
  checkout_url: z.string().nullable(),
  provider_name: z.string().nullable(),
});
export type PlanChangeResult = z.infer<typeof planChangeResultSchema>;

/** Refusals, in the product's words. */
export const planChangeErrors = {
  same_plan: 'That is the plan this server already has.',
  subuser: "Only the server's owner can change its plan.",
  suspended: 'This server is suspended. Settle the outstanding invoice before changing its plan.',
  cancelled: 'This server has been cancelled, so its plan cannot be changed.',
  not_ready: 'This server is not ready yet. Change its plan once it is set up.',
  renewal_open: 'This server has an unpaid renewal. Pay it before changing the plan.',
  cancelling: 'This server is set to be cancelled at the end of its billing period. Keep it first to change its plan.',
  change_open: 'A plan change for this server is already under way.',
  switch_open: "This server's software is being changed. Change its plan once that is done.",
  quote_outdated: 'Prices have changed since this quote. Please review the new price.',
  disk_unknown: "We could not read the server's disk use right now, so a smaller disk cannot be checked. Please try again in a minute.",
} as const;
