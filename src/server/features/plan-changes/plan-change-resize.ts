import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import { panelEffects } from '../../../shared/delivery';
import { effectiveMapping, mappingWithAddons } from '../../../shared/panel-mapping';
import type { Tx } from '../../db/client';
import { invoices, purchases, servers, servicePriceChanges, type OrderLine, type PlanChangeStatus } from '../../db/schema';
import { withdrawAnnouncedChanges } from '../catalog';
import { manualAddons, openTasks } from '../delivery';
import { priceBeforeCoupon } from '../coupons';
import { panelBackupAllowance } from '../../integrations/panel/backup-policy';
import { PanelError } from '../../integrations/panel/game-panel';
import { logActivity, said, type ActivityText } from '../../lib/activity';
import { refundRemainder, serverWithOrder } from '../billing';
import type { PlanChangeDeps } from './plan-change-deps';
import { formatGb, sameAddons } from './plan-change-pricing';
import { afterPaid } from './plan-change-payment';
import { findChange, findChangeByOrder, moveChange, openChangeOf, type PlanChangeRow } from './plan-changes.repository';
import { lockServer, moveUnderWay, switchUnderWay, type ServerRow } from '../servers';

const GIB = 1024 ** 3;

function publish(deps: PlanChangeDeps, change: PlanChangeRow) {
  for (const topic of ['servers', 'billing'] as const) deps.events.publish(change.userId, { topic, id: change.serverId });
}

async function activity(deps: PlanChangeDeps, change: PlanChangeRow, text: ActivityText, kind: 'server' | 'refund' = 'server') {
  await logActivity(deps, { userId: change.userId, kind, text, subjectId: change.serverId }).catch((error: unknown) =>
    deps.log.warn({ err: error, planChangeId: change.id }, 'could not log plan change activity'),
  );
}

/** The server takes the new plan's size, and renewals its price (a price change row applied at once, never announced). */
async function takeNewPlan(tx: Tx, deps: PlanChangeDeps, change: PlanChangeRow, server: ServerRow, oldCents: number) {
  const now = deps.clock.now();
  await tx
    .update(servers)
    .set({
      planId: change.toPlanId,
      planName: change.toPlanName,
      ramGb: change.toRamGb,
      vcpu: change.toVcpu,
      diskGb: change.toDiskGb,
      playerCap: change.toPlayerCap,
      addons: change.toAddons,
      catalogVersion: change.catalogVersion,
      updatedAt: now,
    })
    .where(eq(servers.id, server.id));
  await withdrawAnnouncedChanges(tx, server.id, now);
  await tx.insert(servicePriceChanges).values({
    id: deps.ids.uuid(),
    serverId: server.id,
    userId: change.userId,
    catalogVersion: change.catalogVersion,
    kind: change.renewalCents >= oldCents ? 'increase' : 'decrease',
    oldCents,
    newCents: change.renewalCents,
    lines: change.renewalLines,
    subtotalCents: change.renewalSubtotalCents,
    discountCents: change.renewalDiscountCents,
    noticeAt: now,
    appliesFrom: server.renewsAt,
    status: 'applied',
    appliedAt: now,
    emailedAt: now,
    planChangeId: change.id,
  });
}

/** The ports the new plan's panel set-up added or took back, for the customer's server card. */
async function saveExtraPorts(deps: PlanChangeDeps, panelServerId: string, serverId: string) {
  const onPanel = await deps.panel.getServer(panelServerId);
  if (onPanel.extraPorts) await deps.db.update(servers).set({ extraPorts: onPanel.extraPorts }).where(eq(servers.id, serverId));
}

async function resizeDone(deps: PlanChangeDeps, change: PlanChangeRow) {
  const now = deps.clock.now();
  // Read before the transaction: on PGlite a query outside it would wait for it to end.
  const { catalog } = await deps.catalog.atVersion(change.catalogVersion);
  const done = await deps.db.transaction(async (tx) => {
    const server = await lockServer(tx, change.serverId);
    if (!server) return null;
    if (change.status === 'paid') {
      const found = await serverWithOrder(tx, server.id);
      await takeNewPlan(tx, deps, change, server, found ? await renewalBaseOf(tx, server, found.order) : 0);
      // Add-ons delivered by hand that the change adds open their staff tasks (decision 058).
      const sale = { sourceId: change.id, orderId: change.orderId, userId: change.userId, serverId: server.id };
      await openTasks(tx, deps, sale, manualAddons(catalog, change.toAddons, change.fromAddons));
    }
    return moveChange(tx, change.id, [change.status], { status: 'completed', completedAt: now, updatedAt: now });
  });
  if (!done) return;
  const size = { from: change.fromPlanName, plan: change.toPlanName, ram: change.toRamGb, disk: change.toDiskGb };
  await activity(deps, change, said(change.kind === 'upgrade' ? 'activity.plan.upgraded' : 'activity.plan.downgraded', size));
  publish(deps, done);
  deps.log.info({ planChangeId: change.id, serverId: change.serverId }, 'plan change applied on the panel');
}

/** What the next renewal would charge before the change, before any coupon (as priceInForce reads it). */
async function renewalBaseOf(tx: Tx, server: ServerRow, order: { totalCents: number; lines: readonly OrderLine[] }) {
  const [row] = await tx
    .select({ cents: servicePriceChanges.newCents })
    .from(servicePriceChanges)
    .where(
      and(
        eq(servicePriceChanges.serverId, server.id),
        inArray(servicePriceChanges.status, ['scheduled', 'applied']),
        lte(servicePriceChanges.appliesFrom, server.renewsAt),
      ),
    )
    .orderBy(desc(servicePriceChanges.appliesFrom), desc(servicePriceChanges.noticeAt))
    .limit(1);
  return row?.cents ?? priceBeforeCoupon(order);
}

/** The panel would not resize: an upgrade is refunded in full, a downgrade is left for staff. */
async function resizeFailed(deps: PlanChangeDeps, change: PlanChangeRow, error: unknown) {
  const now = deps.clock.now();
  const detail = error instanceof Error ? error.message : String(error);
  deps.log.error({ err: error, planChangeId: change.id, serverId: change.serverId }, 'plan change: the panel did not resize the server');
  if (change.kind === 'downgrade') {
    const failed = await moveChange(deps.db, change.id, ['applying'], { status: 'failed', reason: 'The game panel did not apply the smaller limits; our team has been told.', updatedAt: now });
    if (failed) {
      publish(deps, failed);
      await deps.alerts?.raise({
        kind: 'server_needs_staff',
        subject: 'Downgrade not applied: the panel refused the smaller limits',
        lines: [`The game panel did not resize the server for a downgrade: ${detail}`, 'The customer was told that our team will look at it.'],
        link: `/admin/servers/${change.serverId}`,
      });
    }
    return;
  }
  const reason = 'The game panel could not resize the server, so the upgrade was not made.';
  if (change.orderId && (change.grossCents ?? 0) > 0) {
    // Refunded first: the change is marked only once the money is back (a retry refunds nothing twice).
    await refundRemainder(deps, change.orderId, `${reason} The payment was refunded.`);
  }
  const refunded = await moveChange(deps.db, change.id, ['paid'], { status: 'refunded', reason, completedAt: now, updatedAt: now });
  if (!refunded) return;
  await activity(
    deps,
    change,
    (change.grossCents ?? 0) > 0
      ? said(
          'activity.plan.failedRefunded',
          { plan: change.toPlanName, reason: detail.slice(0, 120) },
          { money: { amount: { cents: change.grossCents ?? 0, currency: change.currency } } },
        )
      : said('activity.plan.failed', { plan: change.toPlanName }),
    'refund',
  );
  publish(deps, refunded);
}

/**
 * The new plan's panel set-up (its game's default overlaid by the plan's) at the change's catalog
 * version, with what its add-ons add; databases and ports are said outright when the change adds
 * or takes away an add-on of them, so a removed one comes off the panel.
 */
async function panelSetupOf(deps: PlanChangeDeps, change: PlanChangeRow, game: string) {
  const { draft } = await deps.catalog.atVersion(change.catalogVersion);
  const gamePanel = draft.games.find((g) => g.slug === game)?.panel;
  const planPanel = draft.plans.find((p) => p.id === change.toPlanId)?.panel;
  const base = gamePanel || planPanel ? effectiveMapping(gamePanel, planPanel) : undefined;
  const before = panelEffects(draft.addons, change.fromAddons);
  const after = panelEffects(draft.addons, change.toAddons);
  const explicit = before.databases + before.ports + after.databases + after.ports > 0;
  return { panel: mappingWithAddons(base, after, explicit), backups: panelBackupAllowance({ ramGb: change.toRamGb, addons: change.toAddons }, draft.addons) };
}

/**
 * The resize job's step: asks the panel for the new limits. A refusal that retrying cannot help, or
 * the last attempt's failure, ends the change (refunded or failed); other failures throw so the job
 * retries. Running it twice is harmless: the panel is given the same limits, the change ends once.
 */
export async function resizeForChange(deps: PlanChangeDeps, changeId: string, options: { last: boolean }): Promise<void> {
  const change = await findChange(deps.db, changeId);
  if (!change || (change.status !== 'paid' && change.status !== 'applying')) return;
  const row = await serverWithOrder(deps.db, change.serverId);
  const server = row?.server;
  if (!server || server.status === 'cancelled' || server.deletedAt || !server.panelServerId) {
    await resizeFailed(deps, change, new Error('the server is no longer on the panel'));
    return;
  }
  try {
    const { panel, backups } = await panelSetupOf(deps, change, server.game);
    await deps.panel.resizeServer(server.panelServerId, {
      ramGb: change.toRamGb,
      vcpu: change.toVcpu,
      diskGb: change.toDiskGb,
      backups,
      ...(panel ? { panel } : {}),
    });
    if (panel?.extraPorts != null) await saveExtraPorts(deps, server.panelServerId, change.serverId);
  } catch (error) {
    const final = options.last || (error instanceof PanelError && !error.retryable);
    if (!final) throw error;
    await resizeFailed(deps, change, error);
    return;
  }
  await resizeDone(deps, change);
}

/**
 * At a renewal (before it is priced): a downgrade scheduled for it takes effect. The service takes
 * the smaller plan, so the renewal charges its price, and the resize is queued. If the data has
 * grown past the smaller disk since, the downgrade is called off and the renewal charges the plan
 * the server has. A service ending at this date is left alone.
 */
export async function applyDueDowngrade(deps: PlanChangeDeps, server: ServerRow, cancelAt: Date | null): Promise<void> {
  const change = await openChangeOf(deps.db, server.id);
  if (!change || change.status !== 'scheduled' || change.periodEnd.getTime() > server.renewsAt.getTime()) return;
  if (cancelAt && cancelAt.getTime() <= server.renewsAt.getTime()) return;
  const now = deps.clock.now();
  if (server.panelServerId && change.toDiskGb < server.diskGb) {
    const used = await deps.panel
      .resources({ panelServerId: server.panelServerId, identifier: server.panelIdentifier ?? server.panelServerId })
      .then((r) => r.diskBytes)
      .catch(() => null);
    if (used !== null && used > change.toDiskGb * GIB) {
      const reason = `The server's data (${formatGb(used)}) no longer fits the ${change.toDiskGb} GB disk of ${change.toPlanName}, so it stays on ${change.fromPlanName}.`;
      const cancelled = await moveChange(deps.db, change.id, ['scheduled'], { status: 'cancelled', reason, updatedAt: now });
      if (cancelled) {
        await activity(deps, change, said('activity.plan.calledOff', { plan: change.toPlanName, from: change.fromPlanName, used: formatGb(used), disk: change.toDiskGb }));
        publish(deps, cancelled);
      }
      return;
    }
  }
  const applied = await deps.db.transaction(async (tx) => {
    const locked = await lockServer(tx, server.id);
    if (!locked || locked.planId !== change.fromPlanId || !sameAddons(locked.addons, change.fromAddons)) {
      await moveChange(tx, change.id, ['scheduled'], { status: 'cancelled', reason: 'The server changed plan meanwhile.', updatedAt: now });
      return null;
    }
    const found = await serverWithOrder(tx, locked.id);
    await takeNewPlan(tx, deps, change, locked, found ? await renewalBaseOf(tx, locked, found.order) : 0);
    return moveChange(tx, change.id, ['scheduled'], { status: 'applying', updatedAt: now });
  });
  if (!applied) return;
  try {
    await deps.resizes.enqueue(applied.id);
  } catch (error) {
    deps.log.error({ err: error, planChangeId: applied.id }, 'could not queue the resize; the sweep will');
  }
  publish(deps, applied);
}

/**
 * Fulfilment's hook for an upgrade paid through a checkout: the change is paid and its resize
 * queued. A payment that arrives for a change that can no longer be made (it was cancelled, its
 * checkout expired and another change began, or the server moved on) is refunded.
 */
export async function planChangePaid(deps: PlanChangeDeps, orderId: string): Promise<void> {
  const change = await findChangeByOrder(deps.db, orderId);
  if (!change || !(['awaiting_payment', 'cancelled'] as PlanChangeStatus[]).includes(change.status)) return;
  const now = deps.clock.now();
  const [purchase] = await deps.db.select().from(purchases).where(eq(purchases.orderId, orderId));
  const [invoice] = await deps.db.select({ id: invoices.id, number: invoices.number }).from(invoices).where(eq(invoices.orderId, orderId));
  let paid: PlanChangeRow | null | undefined = null;
  try {
    paid = await deps.db.transaction(async (tx) => {
      const server = await lockServer(tx, change.serverId);
      const still = server && server.status !== 'cancelled' && server.planId === change.fromPlanId && sameAddons(server.addons, change.fromAddons);
      const other = await openChangeOf(tx, change.serverId);
      if (!still || (other && other.id !== change.id)) return null;
      // A server being moved or reinstalled is not resized: the payment is refunded instead.
      if ((await moveUnderWay(tx, change.serverId)) || (await switchUnderWay(tx, change.serverId))) return null;
      return moveChange(tx, change.id, ['awaiting_payment', 'cancelled'], {
        status: 'paid',
        reason: null,
        invoiceId: invoice?.id ?? null,
        providerPaymentId: purchase?.providerPaymentId ?? null,
        updatedAt: now,
      });
    });
  } catch (error) {
    deps.log.warn({ err: error, planChangeId: change.id }, 'plan change: a late payment could not be applied');
  }
  if (paid) {
    await afterPaid(deps, paid, invoice?.number ?? null);
    return;
  }
  const reason = 'The upgrade was paid after it could no longer be made, so the payment was refunded.';
  await refundRemainder(deps, orderId, reason);
  const refunded = await moveChange(deps.db, change.id, ['awaiting_payment', 'cancelled'], { status: 'refunded', reason, completedAt: now, updatedAt: now });
  if (refunded) {
    await activity(deps, change, said('activity.plan.lateRefund', { plan: change.toPlanName }), 'refund');
    publish(deps, refunded);
  }
}

