import { z } from 'zod';

/** How many days the staff home's revenue chart covers, today included. */
export const HOME_SERIES_DAYS = 90;

export const homeSeriesPointSchema = z.object({
  /** A UTC day, YYYY-MM-DD. */
  day: z.string(),
  revenueCents: z.number().int(),
  refundsCents: z.number().int(),
});
export type HomeSeriesPoint = z.infer<typeof homeSeriesPointSchema>;

const revenueSchema = z.object({
  /** Payments minus succeeded refunds, in the currency's minor unit. */
  todayCents: z.number().int(),
  last30DaysCents: z.number().int(),
  /** The first day of the 30-day window, YYYY-MM-DD (the tile links to orders from it). */
  last30DaysFrom: z.string(),
  /** Monthly value of the services running in this currency: each server order's total over its months. */
  mrrCents: z.number().int(),
});

export const staffHomeSchema = z.object({
  /** When the numbers were taken, and the UTC day they count as today. */
  generatedAt: z.string(),
  today: z.string(),
  /** The shop's currency, which `revenue` and `series` are in (decision 053). */
  currency: z.string(),
  /**
   * Every currency with money in it, the shop's first, each with its own figures and series:
   * amounts in different currencies are never added up (decision 063).
   */
  currencies: z.array(z.object({ currency: z.string(), revenue: revenueSchema, series: z.array(homeSeriesPointSchema) })),
  /** The shop's currency's figures (currencies[0]). */
  revenue: z.object({
    /** Payments minus succeeded refunds, in cents. */
    todayCents: z.number().int(),
    last30DaysCents: z.number().int(),
    /** The first day of the 30-day window, YYYY-MM-DD (the tile links to orders from it). */
    last30DaysFrom: z.string(),
    /** Monthly value of the services that are running: each server order's total over its months. */
    mrrCents: z.number().int(),
  }),
  newCustomers: z.object({ last7Days: z.number().int(), since: z.string() }),
  serversByStatus: z.array(z.object({ status: z.string(), count: z.number().int() })),
  tickets: z.object({
    open: z.number().int(),
    /** The open ticket that has waited longest for an answer. */
    oldestWaiting: z.object({ id: z.string(), subject: z.string(), waitingSince: z.string() }).nullable(),
  }),
  provisioningFailures: z.number().int(),
  dunningFailures: z.number().int(),
  series: z.array(homeSeriesPointSchema),
});
export type StaffHome = z.infer<typeof staffHomeSchema>;
