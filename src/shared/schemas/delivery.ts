import { z } from 'zod';
import { addonDeliverySchema } from '../delivery';

export const deliveryTaskStatusSchema = z.enum(['open', 'done', 'refused']);

/** A manual delivery task as the customer sees it: what, for which server, and where it stands. */
export const deliveryTaskViewSchema = z.object({
  id: z.string(),
  itemKind: z.enum(['addon', 'pack']),
  itemName: z.string(),
  quantity: z.number().int(),
  serverId: z.string().nullable(),
  status: deliveryTaskStatusSchema,
  /** What staff said when they closed it. */
  note: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type DeliveryTaskView = z.infer<typeof deliveryTaskViewSchema>;

/** An upgrade pack the customer bought, and what it delivers. */
export const packPurchaseViewSchema = z.object({
  orderId: z.string(),
  name: z.string(),
  paidAt: z.string(),
  /** The month it was bought for ends here. */
  activeUntil: z.string(),
  active: z.boolean(),
  delivery: z.enum(['priority-support', 'manual']),
  /** The staff task of a manual pack. */
  task: deliveryTaskViewSchema.nullable(),
});

/**
 * Where an add-on on a server stands: 'applied' (its panel or support effect is on), 'pending' (the
 * server is still being set up), 'waiting' (staff have a task open), 'done' or 'refused' (staff
 * closed it; `note` says why), 'retired' (no longer offered: it drops from the price at renewal).
 */
export const addonStates = ['applied', 'pending', 'waiting', 'done', 'refused', 'retired'] as const;
export type AddonState = (typeof addonStates)[number];

export const serverAddonViewSchema = z.object({
  key: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  delivery: addonDeliverySchema,
  state: z.enum(addonStates),
  note: z.string().nullable(),
});
export type ServerAddonView = z.infer<typeof serverAddonViewSchema>;

/** GET /api/upgrades: the customer's packs, manual tasks, each server's add-ons and whether their tickets go first. */
export const upgradesViewSchema = z.object({
  prioritySupport: z.boolean(),
  packs: z.array(packPurchaseViewSchema),
  tasks: z.array(deliveryTaskViewSchema),
  servers: z.array(z.object({ serverId: z.string(), serverName: z.string(), addons: z.array(serverAddonViewSchema) })),
});
export type UpgradesView = z.infer<typeof upgradesViewSchema>;

export const staffTaskSchema = deliveryTaskViewSchema.extend({
  customer: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  serverName: z.string().nullable(),
  orderId: z.string().nullable(),
  decidedByEmail: z.string().nullable(),
});
export type StaffTask = z.infer<typeof staffTaskSchema>;

export const staffTaskListQuerySchema = z.object({ status: deliveryTaskStatusSchema.optional() });
export const staffTaskListSchema = z.object({ tasks: z.array(staffTaskSchema) });

/** POST /api/admin/tasks/:id/decision: done (a note for the customer is optional) or refused with the reason. */
export const decideTaskSchema = z.discriminatedUnion(
  'status',
  [
    z.object({ status: z.literal('done'), note: z.string().trim().max(1000, 'At most 1000 characters').optional() }),
    z.object({ status: z.literal('refused'), note: z.string().trim().min(3, 'Say in a few words why').max(1000, 'At most 1000 characters') }),
  ],
  'Choose done or refused',
);
export type DecideTaskInput = z.infer<typeof decideTaskSchema>;
