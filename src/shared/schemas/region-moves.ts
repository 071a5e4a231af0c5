import { z } from 'zod';
import { taxLineSchema } from './tax';

export const regionMoveStepNames = ['stop', 'backup', 'create', 'restore', 'switch', 'remove'] as const;
export type RegionMoveStepName = (typeof regionMoveStepNames)[number];

/** What each step is called on the screen, in order. */
export const regionMoveStepLabels: Record<RegionMoveStepName, string> = {
  stop: 'Stop the server',
  backup: 'Back it up',
  create: 'Create the new server',
  restore: 'Restore the backup there',
  switch: 'Switch the address',
  remove: 'Remove the old server',
};

/** The refusals, in words (the server sends them; the client shows them as they are). */
export const regionMoveErrors = {
  subuser: 'Only the owner of this server can move it.',
  suspended: 'This server is suspended. Settle the unpaid invoice first, then move it.',
  cancelled: 'This server has been cancelled and can no longer be moved.',
  cancelling: 'This server is set to end at its renewal, so it cannot be moved. Resume it first.',
  not_ready: 'This server is not ready yet: it can be moved once it is set up.',
  same_location: 'The server is already in that location.',
  unknown_location: 'That location is not one we offer.',
  no_capacity: 'That location is full right now. Choose another one, or try again later.',
  move_open: 'This server is already being moved. Wait for that move to finish.',
  plan_change_open: 'A plan change is under way for this server. Move it once that change is done or cancelled.',
  switch_open: "This server's software is being changed. Move it once that is done.",
  renewal_open: 'This server has a renewal waiting to be paid. Settle it first, then move the server.',
  payment_required:
    'Moving there costs more for the rest of this period, and you have no saved card or enough account credit. Add a card under Billing, then try again.',
  quote_outdated: 'Prices changed since this list was shown. Look at the new price difference and confirm again.',
} as const;

/** POST /api/servers/:id/move. `catalogVersion` is the one the options were priced with. */
export const regionMoveRequestSchema = z.object({
  location: z.string().trim().min(1, 'Choose a location.').max(64),
  catalogVersion: z.number().int().positive().optional(),
});
export type RegionMoveRequest = z.infer<typeof regionMoveRequestSchema>;

/** One location the server can move to, with what the move costs. */
export const regionMoveOptionSchema = z.object({
  value: z.string(),
  label: z.string(),
  /** The prorated difference for the rest of the period: positive is charged now, negative credited, 0 the same price. */
  amountCents: z.number().int(),
  /** The same with tax. */
  grossCents: z.number().int(),
  taxLines: z.array(taxLineSchema),
  /** What each renewal charges after the move, before tax. */
  renewalCents: z.number().int(),
});
export type RegionMoveOption = z.infer<typeof regionMoveOptionSchema>;

export const regionMoveStepSchema = z.object({
  step: z.enum(regionMoveStepNames),
  label: z.string(),
  status: z.enum(['pending', 'running', 'done', 'failed', 'undone']),
  detail: z.string().nullable(),
});

export const regionMoveViewSchema = z.object({
  id: z.string(),
  serverId: z.string(),
  status: z.enum(['charging', 'running', 'rolling_back', 'completed', 'rolled_back', 'failed', 'cancelled']),
  from: z.object({ value: z.string(), label: z.string(), address: z.string().nullable() }),
  to: z.object({ value: z.string(), label: z.string(), address: z.string().nullable() }),
  steps: z.array(regionMoveStepSchema),
  /** The service's currency, which the move is charged or credited in. */
  currency: z.string(),
  amountCents: z.number().int(),
  grossCents: z.number().int(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type RegionMoveView = z.infer<typeof regionMoveViewSchema>;

/** GET /api/servers/:id/move. */
export const regionMoveOptionsSchema = z.object({
  /** The currency the service was bought in: every amount here is in it (decision 063). */
  currency: z.string(),
  current: z.object({ value: z.string(), label: z.string(), address: z.string().nullable() }),
  catalogVersion: z.number().int(),
  /** Locations with room for this server's plan. */
  locations: z.array(regionMoveOptionSchema),
  /** Locations that are full right now. */
  full: z.array(z.object({ value: z.string(), label: z.string() })),
  payment: z.object({ creditCents: z.number().int(), savedCard: z.object({ brand: z.string(), last4: z.string() }).nullable() }),
  open: regionMoveViewSchema.nullable(),
  last: regionMoveViewSchema.nullable(),
});
export type RegionMoveOptions = z.infer<typeof regionMoveOptionsSchema>;
