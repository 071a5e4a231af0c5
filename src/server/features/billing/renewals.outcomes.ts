import { and, eq } from 'drizzle-orm';
import { formatMoney } from '../../../shared/money';
import { policy } from '../../../shared/policy';
import type { Db } from '../../db/client';
import { invoices, orders, purchases, servers } from '../../db/schema';
import type { GamePanel } from '../../integrations/panel/game-panel';
import type { PaymentProvider } from '../../integrations/payments/payment-provider';
import { logActivity, said } from '../../lib/activity';
import type { EventBus } from '../../lib/events';
import type { Clock, Ids } from '../../lib/runtime';
import type { StaffAlerter } from '../../lib/staff-alert';
import { announceCommission, recordReferralCommission } from '../affiliate';
import { dunningRulesFrom, nextDunningStep, retryDateAfterFailure, type DunningState } from './dunning';
import { getBusinessRules } from '../brand';
import { addLedgerEntry } from '../../lib/credit-ledger';
import { sendRenewalNotice, type RenewalMailDeps } from './renewals.emails';
import { advanceServer, grossOf, setServerStatus, transition, type RenewalRow, type renewalWithServer } from './renewals.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RenewalDeps extends RenewalMailDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  payments: PaymentProvider;
  panel: Pick<GamePanel, 'deleteServer' | 'suspendServer' | 'unsuspendServer' | 'listBackups'>;
  events: EventBus;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** Before a period is priced: a downgrade scheduled for it takes effect (features/plan-changes). */
  applyPlanChanges?: (server: typeof servers.$inferSelect, cancelAt: Date | null) => Promise<void>;
  /** Before a renewal's invoice: a VAT ID last verified over 30 days ago is checked with VIES again (features/tax). */
  vatIds?: { refreshBeforeRenewal(userId: string): Promise<void> };
  /** Tells billing staff of a renewal that could not be charged (docs/decisions/046). */
  alerts?: StaffAlerter;
}

type Row = NonNullable<Awaited<ReturnType<typeof renewalWithServer>>>;

function stateOf(r: RenewalRow): DunningState {
  return { dueAt: r.periodStart, attempts: r.attempts, lastAttemptAt: r.lastAttemptAt, suspended: r.suspendedAt !== null };
}

const daysAfter = (d: Date, days: number) => new Date(d.getTime() + days * DAY_MS);

/** Side effects after the books are right: a failure here is logged, never undoes the renewal. */
async function quietly(deps: RenewalDeps, what: string, renewalId: string, fn: () => Promise<unknown>) {
  try {
    await fn();
  } catch (error) {
    deps.log.warn({ err: error, renewalId }, `renewal: could not ${what}`);
  }
}

function publish(deps: RenewalDeps, userId: string, serverId: string, extra: { purchaseId?: string; invoice?: string } = {}) {
  deps.events.publish(userId, { topic: 'billing', id: extra.invoice ?? serverId });
  if (extra.purchaseId) deps.events.publish(userId, { topic: 'purchases', id: extra.purchaseId });
  deps.events.publish(userId, { topic: 'servers', id: serverId });
}

/** The paid renewal: its own order, a purchase, the invoice paid, the period advanced, a suspension lifted. */
export async function completeRenewal(deps: RenewalDeps, row: Row, claimed: RenewalRow, paymentId: string | null) {
  const { order, server } = row;
  const now = deps.clock.now();
  const paidOrderId = deps.ids.uuid();
  const purchaseId = deps.ids.uuid();
  const gross = grossOf(claimed);
  const charged = gross - claimed.creditCents - claimed.waivedCents;
  // Read before the transaction: on PGlite a query outside it would wait for it to end.
  const businessRules = await getBusinessRules(deps.db);
  const done = await deps.db.transaction(async (tx) => {
    const won = await transition(tx, claimed, {
      status: 'paid',
      nextAttemptAt: null,
      lastError: null,
      providerPaymentId: paymentId,
      updatedAt: now,
    });
    if (!won || !claimed.invoiceId) return null;
    // Purchases are one per order, so each paid period gets an order of its own, priced as the
    // original or as the price change this period was charged at.
    const change = row.priceChange;
    // Its lines and taxes are the invoice's: this period's items and coupon, if any.
    const [billed] = await tx
      .select({
        lines: invoices.lines,
        taxInclusive: invoices.taxInclusive,
        netCents: invoices.netCents,
        taxCents: invoices.taxCents,
        grossCents: invoices.grossCents,
        taxLines: invoices.taxLines,
        reverseCharge: invoices.reverseCharge,
        buyer: invoices.buyer,
      })
      .from(invoices)
      .where(eq(invoices.id, claimed.invoiceId));
    await tx.insert(orders).values({
      ...order,
      ...(change && { lines: change.lines, subtotalCents: change.subtotalCents, discountCents: change.discountCents, catalogVersion: change.catalogVersion }),
      ...(billed && billed),
      id: paidOrderId,
      status: 'paid',
      serverName: server.name,
      totalCents: claimed.amountCents,
      provider: deps.payments.id,
      providerSessionId: null,
      createdAt: now,
      expiresAt: now,
      paidAt: now,
    });
    await tx.insert(purchases).values({
      id: purchaseId,
      userId: claimed.userId,
      orderId: paidOrderId,
      planName: order.planName,
      amountCents: gross,
      waivedCents: claimed.waivedCents,
      status: 'paid',
      provider: deps.payments.id,
      providerPaymentId: paymentId,
      createdAt: now,
    });
    const [invoice] = await tx
      .update(invoices)
      .set({ status: 'paid', purchaseId, orderId: paidOrderId })
      .where(eq(invoices.id, claimed.invoiceId))
      .returning({ number: invoices.number });
    await transition(tx, won, { paidOrderId, updatedAt: now });
    await advanceServer(tx, server.id, claimed.periodStart, claimed.periodEnd, now);
    // Commission on what the card paid of the net: credit counts against the net first, tax never earns.
    const commissionable = Math.min(charged, Math.max(0, (billed?.netCents ?? claimed.amountCents) - claimed.creditCents));
    const commission =
      commissionable > 0
        ? await recordReferralCommission(
            tx,
            deps.ids,
            { purchaseId, customerUserId: claimed.userId, planName: order.planName, paymentCents: commissionable, currency: server.currency, paidAt: now },
            businessRules,
          )
        : null;
    return { invoiceNumber: invoice?.number ?? '', commission };
  });
  if (!done) return;
  if (claimed.suspendedAt) {
    if (server.panelServerId && deps.panel.unsuspendServer) {
      const panelId = server.panelServerId;
      await quietly(deps, 'unsuspend on the panel', claimed.id, () => deps.panel.unsuspendServer!(panelId));
    }
    const resumed = await deps.db
      .update(servers)
      .set({ status: 'offline', updatedAt: now })
      .where(and(eq(servers.id, server.id), eq(servers.status, 'suspended')))
      .returning({ id: servers.id });
    if (resumed.length) await sendRenewalNotice(deps, claimed.userId, { kind: 'resumed', renewalId: claimed.id, service: server.name });
  }
  if (done.commission) await quietly(deps, 'announce the commission', claimed.id, () => announceCommission(deps, done.commission!));
  await quietly(deps, 'log activity', claimed.id, () =>
    logActivity(deps, {
      userId: claimed.userId,
      kind: 'payment',
      text: said('activity.renewal.paid', { server: server.name, invoice: done.invoiceNumber }, { money: { amount: { cents: gross, currency: server.currency } } }),
      subjectId: server.id,
    }),
  );
  publish(deps, claimed.userId, server.id, { purchaseId, invoice: done.invoiceNumber });
  await sendRenewalNotice(deps, claimed.userId, {
    kind: 'receipt',
    service: server.name,
    amountCents: gross,
    currency: server.currency,
    creditCents: claimed.creditCents,
    invoiceNumber: done.invoiceNumber,
    renewsAt: claimed.periodEnd,
  });
  deps.log.info({ renewalId: claimed.id, serverId: server.id, invoice: done.invoiceNumber }, 'renewal paid');
}

/** A declined charge: the invoice is marked failed and the next step scheduled by the dunning rules. */
export async function failRenewal(deps: RenewalDeps, row: Row, claimed: RenewalRow, reason: string, staffNote?: string) {
  const { server } = row;
  const now = deps.clock.now();
  const state = stateOf(claimed);
  const rules = dunningRulesFrom(await getBusinessRules(deps.db));
  const won = await deps.db.transaction(async (tx) => {
    const next = await transition(tx, claimed, {
      status: 'failed',
      // What staff read on the server (admin/servers): the provider's own words when it refused the request.
      lastError: staffNote ?? reason,
      nextAttemptAt: nextDunningStep(state, rules).at,
      updatedAt: now,
    });
    if (next && claimed.invoiceId) {
      await tx
        .update(invoices)
        .set({ status: 'failed' })
        .where(and(eq(invoices.id, claimed.invoiceId), eq(invoices.status, 'pending')));
    }
    return next;
  });
  if (!won) return;
  await quietly(deps, 'log activity', claimed.id, () =>
    logActivity(deps, {
      userId: claimed.userId,
      kind: 'payment',
      text: said('activity.renewal.failed', { server: server.name, reason }, { money: { amount: { cents: grossOf(claimed) - claimed.creditCents, currency: server.currency } } }),
      subjectId: server.id,
    }),
  );
  publish(deps, claimed.userId, server.id);
  await sendRenewalNotice(deps, claimed.userId, {
    kind: 'payment_failed',
    service: server.name,
    amountCents: grossOf(claimed) - claimed.creditCents,
    currency: server.currency,
    reason,
    retryAt: retryDateAfterFailure(state, rules),
    suspendAt: daysAfter(claimed.periodStart, rules.suspendAfterDays),
  });
  deps.log.warn({ renewalId: claimed.id, serverId: server.id, attempts: claimed.attempts, reason }, 'renewal payment failed');
  await deps.alerts?.raise({
    kind: 'renewal_failed',
    subject: `Renewal failed: ${server.name} (${formatMoney(grossOf(claimed) - claimed.creditCents, server.currency)})`,
    lines: [
      `The renewal of ${server.name} could not be charged (attempt ${claimed.attempts}).`,
      `Reason: ${staffNote ?? reason}`,
      `The next dunning step is due ${nextDunningStep(state, rules).at.toISOString().slice(0, 10)}; the service is suspended ${rules.suspendAfterDays} days after its renewal date if it stays unpaid.`,
    ],
    link: `/admin/servers/${server.id}`,
  });
}

export async function suspendForNonPayment(deps: RenewalDeps, row: Row): Promise<boolean> {
  const { renewal, server } = row;
  const now = deps.clock.now();
  const rules = dunningRulesFrom(await getBusinessRules(deps.db));
  const won = await transition(deps.db, renewal, {
    suspendedAt: now,
    nextAttemptAt: nextDunningStep({ ...stateOf(renewal), suspended: true }, rules).at,
    updatedAt: now,
  });
  if (!won) return false;
  await setServerStatus(deps.db, server.id, 'suspended', now);
  if (server.panelServerId && deps.panel.suspendServer) {
    const panelId = server.panelServerId;
    await quietly(deps, 'suspend on the panel', renewal.id, () => deps.panel.suspendServer!(panelId));
  }
  await quietly(deps, 'log activity', renewal.id, () =>
    logActivity(deps, { userId: renewal.userId, kind: 'server', text: said('activity.renewal.suspended', { server: server.name }), subjectId: server.id }),
  );
  publish(deps, renewal.userId, server.id);
  await sendRenewalNotice(deps, renewal.userId, {
    kind: 'suspended',
    renewalId: renewal.id,
    service: server.name,
    amountCents: grossOf(renewal) - renewal.creditCents,
    currency: server.currency,
    deleteAt: daysAfter(renewal.periodStart, rules.deleteAfterDays),
  });
  return true;
}

async function lastBackup(deps: RenewalDeps, server: Row['server']) {
  if (!server.panelServerId) return null;
  try {
    const list = await deps.panel.listBackups({ panelServerId: server.panelServerId, identifier: server.panelIdentifier ?? '' });
    return list.find((b) => b.successful && b.completedAt) ?? null;
  } catch (error) {
    deps.log.warn({ err: error, serverId: server.id }, 'renewal: could not list backups before deletion');
    return null;
  }
}

/**
 * Ends the service: 'terminated' after 30 days unpaid, 'cancelled' at the period end the customer
 * chose. The panel server is deleted; the newest backup's id is kept for 30 days. Credit applied
 * to a period that was never paid goes back to the customer.
 */
async function endService(deps: RenewalDeps, row: Row, status: 'terminated' | 'cancelled'): Promise<boolean> {
  const { renewal, server } = row;
  const now = deps.clock.now();
  const backup = await lastBackup(deps, server);
  const won = await deps.db.transaction(async (tx) => {
    const next = await transition(tx, renewal, {
      status,
      endedAt: now,
      nextAttemptAt: null,
      lastBackupId: backup?.id ?? null,
      backupKeptUntil: backup ? daysAfter(now, policy.backupKeptAfterCancelDays) : null,
      updatedAt: now,
    });
    if (!next) return null;
    if (renewal.creditCents > 0) {
      await addLedgerEntry(tx, {
        id: deps.ids.uuid(),
        userId: renewal.userId,
        amountCents: renewal.creditCents,
        currency: server.currency,
        kind: 'refund_credit',
        reason: `Credit returned: the ${server.name} renewal was not paid`,
        referenceId: `renewal:${renewal.id}`,
        createdAt: now,
      });
    }
    await setServerStatus(tx, server.id, 'cancelled', now);
    return next;
  });
  if (!won) return false;
  if (server.panelServerId) {
    const panelId = server.panelServerId;
    await quietly(deps, 'delete on the panel', renewal.id, () => deps.panel.deleteServer(panelId));
  }
  const text =
    status === 'terminated'
      ? said('activity.renewal.deleted', { server: server.name, days: (await getBusinessRules(deps.db)).deleteAfterDays })
      : said('activity.renewal.ended', { server: server.name });
  await quietly(deps, 'log activity', renewal.id, () =>
    logActivity(deps, { userId: renewal.userId, kind: 'server', text, subjectId: server.id }),
  );
  publish(deps, renewal.userId, server.id);
  await sendRenewalNotice(deps, renewal.userId, {
    kind: status === 'terminated' ? 'deleted' : 'cancelled',
    service: server.name,
    backupUntil: won.backupKeptUntil,
  });
  deps.log.info({ renewalId: renewal.id, serverId: server.id, status }, 'service ended');
  return true;
}

export function terminateUnpaid(deps: RenewalDeps, row: Row) {
  return endService(deps, row, 'terminated');
}

export function endCancelledService(deps: RenewalDeps, row: Row) {
  return endService(deps, row, 'cancelled');
}
