import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { orders } from './orders';
import { servers } from './servers';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const deliveryTaskStatuses = ['open', 'done', 'refused'] as const;
export type DeliveryTaskStatus = (typeof deliveryTaskStatuses)[number];

/**
 * Work staff do by hand for an add-on or pack sold with manual delivery (decision 058): one per
 * item of a paid order, opened with the payment, closed as done or refused with a reason. The
 * customer sees its state on the server or in their upgrades.
 */
export const deliveryTasks = pgTable(
  'delivery_tasks',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The order or plan change that sold it: one task per item of it. */
    sourceId: uuid('source_id').notNull(),
    /** The paid order, when there was one (a plan change paid from credit has none). */
    orderId: uuid('order_id').references(() => orders.id),
    serverId: uuid('server_id').references(() => servers.id, { onDelete: 'set null' }),
    itemKind: text('item_kind').$type<'addon' | 'pack'>().notNull(),
    itemKey: text('item_key').notNull(),
    itemName: text('item_name').notNull(),
    quantity: integer('quantity').notNull().default(1),
    status: text('status').$type<DeliveryTaskStatus>().notNull().default('open'),
    /** What staff told the customer when closing it; required to refuse. */
    note: text('note'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedByEmail: text('decided_by_email'),
    decidedAt: at('decided_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    check('delivery_tasks_status_check', sql`${t.status} in ('open','done','refused')`),
    check('delivery_tasks_kind_check', sql`${t.itemKind} in ('addon','pack')`),
    uniqueIndex('delivery_tasks_item_idx').on(t.sourceId, t.itemKind, t.itemKey),
    index('delivery_tasks_status_idx').on(t.status, t.createdAt),
    index('delivery_tasks_user_idx').on(t.userId, t.createdAt),
  ],
);
