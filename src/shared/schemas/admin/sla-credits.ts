import { z } from 'zod';
import { staffReasonSchema } from './servers';
import { STAFF_CREDIT_MAX_CENTS } from '../billing';

/** A calendar month as 'YYYY-MM' (UTC), the unit an SLA credit is owed for. */
export const slaMonthSchema = z
  .string('Choose a month')
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Enter the month as YYYY-MM, for example 2026-10')
  .refine((month) => month >= '2000-01' && month <= '2099-12', 'Enter a month between 2000 and 2099');

/** A panel node's status component, 'node:<panel id>'. */
const nodeSchema = z.string().trim().regex(/^node:[^\s]{1,100}$/, 'Choose one of the nodes listed for the location').optional();

/** GET /api/admin/servers/:id/sla-credit: the month to measure, and which of the location's nodes. */
export const slaCreditQuerySchema = z.object({ month: slaMonthSchema, node: nodeSchema });
export type SlaCreditQuery = z.infer<typeof slaCreditQuerySchema>;

/**
 * POST /api/admin/servers/:id/sla-credit: grants the computed credit, or another amount staff give
 * (less, or more up to the cap of the month's fee when the measurement missed something); the
 * reason goes to the audit log. The claim is dated by its ticket (preferred) or by the day staff
 * say it was made; without either it is dated now.
 */
export const slaCreditGrantSchema = z
  .object({
    month: slaMonthSchema,
    node: nodeSchema,
    amountCents: z
      .number('Enter the amount in minor units')
      .int('Enter a whole number of minor units (cents; yen have none)')
      .positive('The amount must be above zero')
      .max(STAFF_CREDIT_MAX_CENTS, 'The amount is too large')
      .optional(),
    /** The support ticket the customer claimed on. */
    ticketId: z.uuid('Enter the id of the ticket the claim was made on').optional(),
    /** The day the claim was made (UTC), when it was not made on a ticket. */
    claimedOn: z
      .string()
      .trim()
      .regex(/^20\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'Enter the day of the claim as YYYY-MM-DD')
      .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), 'That day does not exist')
      .optional(),
    reason: staffReasonSchema,
  })
  .refine((input) => !(input.ticketId && input.claimedOn), { path: ['claimedOn'], message: 'Give the ticket or the day of the claim, not both' });
export type SlaCreditGrantInput = z.infer<typeof slaCreditGrantSchema>;

/** One panel node of the server's location, measured over the month. */
export const slaNodeMeasureSchema = z.object({
  component: z.string(),
  label: z.string(),
  /** Checks counted in the month while the server existed (one a minute when the job runs). */
  checks: z.number().int(),
  /** Minutes the server existed in the month: the most checks there could have been. */
  expectedChecks: z.number().int(),
  answering: z.number().int(),
  down: z.number().int(),
  /** Down checks left out because announced maintenance covered them. */
  excludedDown: z.number().int(),
  /** null: no checks at all, so no uptime is claimed either way. */
  uptimePercent: z.number().nullable(),
  /** Days (YYYY-MM-DD) with both announced maintenance and down checks: an outage may hide in the maintenance. */
  maintenanceDownDays: z.array(z.string()),
});
export type SlaNodeMeasure = z.infer<typeof slaNodeMeasureSchema>;

export const slaCreditPreviewSchema = z.object({
  serverId: z.string(),
  serverName: z.string(),
  /** The server's owner, whose balance a grant credits. */
  userId: z.string(),
  location: z.string(),
  month: z.string(),
  currency: z.string(),
  /** What the customer paid for the part of their paid periods that falls in the month. */
  feeCents: z.number().int(),
  /** The fee before refunds, and what was refunded of it (feeCents = paidCents - refundedCents). */
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  nodes: z.array(slaNodeMeasureSchema),
  /** The node the credit is computed for: the one asked for, or the only one with checks. */
  measured: slaNodeMeasureSchema.nullable(),
  creditPercent: z.number().int(),
  capPercent: z.number().int(),
  computedCents: z.number().int(),
  /** The most that can be granted: the cap's share of the fee. */
  capCents: z.number().int(),
  /** The last day a claim for the month is accepted (YYYY-MM-DD, UTC). */
  claimBy: z.string(),
  /** The claim window has closed: a grant needs the ticket (or day) of a claim made in time. */
  claimWindowClosed: z.boolean(),
  /** The panel knows of location nodes without checks, so the node is not picked automatically. */
  nodesWithoutChecks: z.number().int(),
  maintenance: z.array(z.object({ title: z.string(), startsAt: z.string(), endsAt: z.string() })),
  /** Why it cannot be granted now; null when it can. */
  refusal: z.string().nullable(),
  granted: z
    .object({ amountCents: z.number().int(), createdAt: z.string(), createdByEmail: z.string().nullable(), reason: z.string() })
    .nullable(),
});
export type SlaCreditPreview = z.infer<typeof slaCreditPreviewSchema>;
