import type { Catalog } from '../../../shared/catalog';
import { localizeCatalog, type TranslatedDraft } from '../../../shared/catalog-texts';
import type { Locale } from '../../../shared/i18n/locales';
import { deliveryOf, isRetiredAddon } from '../../../shared/delivery';
import type { AddonState, DecideTaskInput, DeliveryTaskView, ServerAddonView, StaffTask, UpgradesView } from '../../../shared/schemas/delivery';
import type { Db, Executor } from '../../db/client';
import type { DeliveryTaskStatus } from '../../db/schema';
import { audited, type StaffActor } from '../../lib/audit';
import type { EventBus } from '../../lib/events';
import { conflict, notFound } from '../../lib/errors';
import { addMonthsClamped } from '../../lib/renewal-dates';
import type { Clock, Ids } from '../../lib/runtime';
import { addonServersOf, closeTask, insertTasks, lockTask, packOrdersOf, staffTasks, tasksOfUser, type DeliveryTaskRow } from './delivery.repository';
import { hasPrioritySupport } from './priority-support';

export interface DeliveryDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  events: EventBus;
  catalog: { atVersion(version: number | null | undefined): Promise<{ catalog: Catalog; draft: TranslatedDraft }> };
}

/** Who sold it: the order (or plan change) the tasks belong to. */
export interface Sale {
  sourceId: string;
  orderId: string | null;
  userId: string;
  serverId: string | null;
}

/**
 * The manual-delivery add-ons a sale adds to a server: each add-on whose delivery is 'manual',
 * taken more times than before (`before` is the server's add-ons ahead of a plan change).
 */
export function manualAddons(catalog: Catalog, addons: Record<string, number>, before: Record<string, number> = {}) {
  return Object.entries(addons).flatMap(([key, quantity]) => {
    const addon = catalog.addons.find((a) => a.key === key);
    const added = quantity - (before[key] ?? 0);
    if (!addon || added <= 0 || deliveryOf(addon).type !== 'manual') return [];
    return [{ kind: 'addon' as const, key, name: addon.name, quantity: added }];
  });
}

export function manualPack(catalog: Catalog, packId: string | null) {
  const pack = catalog.packs.find((p) => p.id === packId);
  if (!pack || (pack.delivery?.type ?? 'manual') !== 'manual') return [];
  return [{ kind: 'pack' as const, key: pack.id, name: pack.name, quantity: 1 }];
}

/** Opens a staff task per manual item, in the sale's own transaction (so a paid sale always has them). */
export async function openTasks(
  tx: Executor,
  deps: { ids: Ids; clock: Clock },
  sale: Sale,
  items: { kind: 'addon' | 'pack'; key: string; name: string; quantity: number }[],
): Promise<number> {
  const now = deps.clock.now();
  await insertTasks(
    tx,
    items.map((item) => ({
      id: deps.ids.uuid(),
      userId: sale.userId,
      sourceId: sale.sourceId,
      orderId: sale.orderId,
      serverId: sale.serverId,
      itemKind: item.kind,
      itemKey: item.key,
      itemName: item.name,
      quantity: item.quantity,
      createdAt: now,
    })),
  );
  return items.length;
}

function toView(row: DeliveryTaskRow): DeliveryTaskView {
  return {
    id: row.id,
    itemKind: row.itemKind,
    itemName: row.itemName,
    quantity: row.quantity,
    serverId: row.serverId,
    status: row.status,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** The customer's packs (each with what it delivers), their manual tasks, and their priority support; add-ons named in `locale`. */
export async function customerUpgrades(deps: DeliveryDeps, userId: string, locale?: Locale): Promise<UpgradesView> {
  const now = deps.clock.now();
  const [orders, tasks, prioritySupport] = [await packOrdersOf(deps.db, userId), await tasksOfUser(deps.db, userId), await hasPrioritySupport(deps.db, userId, now)];
  const packs = [];
  for (const order of orders) {
    if (!order.paidAt) continue;
    const { catalog } = await deps.catalog.atVersion(order.catalogVersion);
    const pack = catalog.packs.find((p) => p.id === order.packId);
    const until = addMonthsClamped(order.paidAt, order.months);
    const task = tasks.find((t) => t.orderId === order.id && t.itemKind === 'pack');
    packs.push({
      orderId: order.id,
      name: order.planName,
      paidAt: order.paidAt.toISOString(),
      activeUntil: until.toISOString(),
      active: until.getTime() > now.getTime(),
      delivery: pack?.delivery?.type ?? 'manual',
      task: task ? toView(task) : null,
    });
  }
  return { prioritySupport, packs, tasks: tasks.map(toView), servers: await serverAddons(deps, userId, tasks, locale) };
}

const settingUp = new Set(['provisioning', 'installing']);

/**
 * Each live server's add-ons and where each stands: a panel or support effect is on once the
 * server is set up; a manual one follows its newest staff task; a retired one says it is ending.
 */
async function serverAddons(deps: DeliveryDeps, userId: string, tasks: DeliveryTaskRow[], locale?: Locale): Promise<UpgradesView['servers']> {
  const result: UpgradesView['servers'] = [];
  for (const server of await addonServersOf(deps.db, userId)) {
    const taken = Object.entries(server.addons).filter(([, quantity]) => quantity > 0);
    if (taken.length === 0) continue;
    const version = await deps.catalog.atVersion(server.catalogVersion);
    // Named from the catalog in the reader's language (decision 077), as the configurator named it.
    const catalog = locale ? localizeCatalog(version.catalog, version.draft, locale) : version.catalog;
    const addons = taken.map(([key, quantity]): ServerAddonView => {
      const addon = catalog.addons.find((a) => a.key === key);
      const delivery = deliveryOf(addon ?? { key });
      // Tasks come newest first, so the first match is where the latest sale stands.
      const task = tasks.find((t) => t.serverId === server.id && t.itemKind === 'addon' && t.itemKey === key);
      let state: AddonState;
      if (isRetiredAddon(key)) state = 'retired';
      else if (delivery.type === 'manual') state = task?.status === 'done' ? 'done' : task?.status === 'refused' ? 'refused' : 'waiting';
      else state = settingUp.has(server.status) ? 'pending' : 'applied';
      const note = state === 'done' || state === 'refused' ? (task?.note ?? null) : null;
      return { key, name: addon?.name ?? key, quantity, delivery, state, note };
    });
    result.push({ serverId: server.id, serverName: server.name, addons });
  }
  return result;
}

export async function listStaffTasks(deps: DeliveryDeps, status?: DeliveryTaskStatus): Promise<StaffTask[]> {
  const rows = await staffTasks(deps.db, status);
  return rows.map((r) => ({
    ...toView(r.task),
    customer: { id: r.task.userId, email: r.email, name: `${r.firstName} ${r.lastName}`.trim() || r.email },
    serverName: r.serverName,
    orderId: r.task.orderId,
    decidedByEmail: r.task.decidedByEmail,
  }));
}

/**
 * Staff close a task: done, or refused with the reason the customer reads. Audited in the same
 * transaction; a task already closed is refused (409), so two staff cannot both decide it.
 * Refusing does not refund: a refund is billing's decision, made on the order.
 */
export async function decideTask(deps: DeliveryDeps, actor: StaffActor, id: string, input: DecideTaskInput): Promise<DeliveryTaskView> {
  const closed = await audited(deps, actor, async (tx) => {
    const task = await lockTask(tx, id);
    if (!task) throw notFound('No such task.');
    if (task.status !== 'open') throw conflict(`This task was already marked ${task.status}.`);
    const note = input.note ? input.note : null;
    const row = await closeTask(tx, id, { status: input.status, note, decidedBy: actor.id, decidedByEmail: actor.email, decidedAt: deps.clock.now() });
    return {
      result: row,
      audit: {
        action: input.status === 'done' ? 'delivery.done' : 'delivery.refused',
        targetType: 'order',
        targetId: task.orderId ?? task.sourceId,
        targetLabel: task.itemName,
        before: { status: 'open' },
        after: { status: input.status, task: task.id },
        reason: note,
      },
    };
  });
  for (const topic of ['orders', 'servers'] as const) deps.events.publish(closed.userId, { topic, id: closed.serverId ?? closed.sourceId });
  return toView(closed);
}
