import type { BusinessRules } from '../../../shared/business-rules';
import type { SlaCreditGrantInput, SlaCreditPreview, SlaCreditQuery, SlaNodeMeasure } from '../../../shared/schemas/admin/sla-credits';
import { formatMoney } from '../../../shared/money';
import type { Executor } from '../../db/client';
import { slaCredits } from '../../db/schema';
import { audited, type StaffActor } from '../../lib/audit';
import { addLedgerEntry, lockedBalanceCents } from '../../lib/credit-ledger';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { BillingDeps } from './billing-deps';
import { isUuid } from './billing-deps';
import { claimClosesAt, measureNode, monthFee, monthLabel, monthRange, slaCapCents, slaCredit, type Range } from './sla-credit';
import { announcedMaintenance, grantedFor, locationDuring, nodeDays, paidPeriods, serverForSla, ticketForClaim } from './sla-credit.repository';

type SlaRules = Pick<BusinessRules, 'slaCredits' | 'slaCreditCapPercent' | 'slaClaimWithinDays'>;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The panel's nodes (`node:<id>`) by the location they serve, as the game panel lists them now;
 * null when the panel did not answer. A node without checks is not in the status history, so the
 * panel is what tells whether the location has more nodes than the checks show.
 */
export type PanelNodesByLocation = ReadonlyMap<string, readonly string[]> | null;

/** Everything the staff panel shows for a server and month, and why it cannot be granted, if so. */
async function assess(db: Executor, deps: Pick<BillingDeps, 'clock'>, rules: SlaRules, serverId: string, query: SlaCreditQuery, panelNodes: PanelNodesByLocation) {
  const found = isUuid(serverId) ? await serverForSla(db, serverId) : undefined;
  if (!found) throw notFound('That server was not found.');
  const { server, order } = found;
  const month = monthRange(query.month);
  const label = monthLabel(query.month);
  const now = deps.clock.now();
  const closes = claimClosesAt(query.month, rules.slaClaimWithinDays);
  const service: Range = {
    start: new Date(Math.max(month.start.getTime(), server.createdAt.getTime())),
    end: new Date(Math.min(month.end.getTime(), (server.deletedAt ?? month.end).getTime(), now.getTime())),
  };
  const existed = service.end > service.start;
  const location = await locationDuring(db, server, month);
  const [periods, days, maintenance, granted] = await Promise.all([
    paidPeriods(db, server, order),
    existed ? nodeDays(db, location, utcDay(service.start), utcDay(new Date(service.end.getTime() - 1))) : Promise.resolve([]),
    announcedMaintenance(db, month),
    grantedFor(db, server.id, query.month),
  ]);
  const fee = existed ? monthFee(periods, service) : { paidCents: 0, refundedCents: 0, feeCents: 0 };
  const { feeCents } = fee;
  const components = [...new Set(days.map((d) => d.component))];
  const nodes: SlaNodeMeasure[] = components.map((component) => {
    const rows = days.filter((d) => d.component === component);
    const windows = maintenance
      .filter((m) => m.locations.includes(location) || m.components.includes(component))
      .map((m) => ({ start: m.startsAt!, end: m.endsAt! }));
    return { component, label: rows.at(-1)!.label, ...measureNode(rows, service, windows) };
  });
  if (query.node && !nodes.some((n) => n.component === query.node)) {
    throw badRequest('Choose one of the nodes listed for the location.', { node: 'That node has no checks for this location in that month' });
  }
  const withChecks = nodes.filter((n) => n.uptimePercent !== null);
  const nodesWithoutChecks = (panelNodes?.get(location) ?? []).filter((c) => !withChecks.some((n) => n.component === c)).length;
  const measured = query.node
    ? nodes.find((n) => n.component === query.node)!
    : withChecks.length === 1 && nodesWithoutChecks === 0
      ? withChecks[0]!
      : null;
  const credit = measured?.uptimePercent != null ? slaCredit(feeCents, measured.uptimePercent, rules) : { percent: 0, cents: 0 };

  const windowClosed = now >= closes;
  let refusal: string | null = null;
  if (granted) refusal = `An SLA credit for ${label} was already granted for this server.`;
  else if (now < month.end) refusal = `${label} is not over yet; a credit for it can be granted from ${utcDay(month.end)}.`;
  else if (!existed) refusal = `The server was not this customer's in ${label}: it did not exist then.`;
  else if (fee.paidCents === 0) refusal = `Nothing was paid for this server for ${label}.`;
  else if (feeCents === 0) refusal = `What was paid for this server for ${label} was refunded in full, so no credit is owed.`;
  else if (withChecks.length === 0) refusal = `There are no measurements of the location's nodes for ${label}, so no uptime is known and no credit is granted automatically.`;
  else if (!measured && nodesWithoutChecks > 0)
    refusal = `The panel lists ${nodesWithoutChecks} more node(s) in this location without checks: choose the node the server ran on.`;
  else if (!measured) refusal = 'Several nodes serve this location: choose the one the server ran on.';
  else if (measured.uptimePercent === null) refusal = `${measured.label} has no checks for ${label}, so no uptime is known.`;
  // With maintenance and down checks on the same day the measure may have hidden an outage, so
  // staff may still grant an amount of their own (grantSlaCredit asks for it).
  else if (credit.cents === 0 && measured.maintenanceDownDays.length === 0) refusal = `Measured uptime of ${measured.uptimePercent}% earns no credit under the current tiers.`;

  const preview: SlaCreditPreview = {
    serverId: server.id,
    serverName: server.name,
    userId: server.userId,
    location,
    month: query.month,
    currency: server.currency,
    feeCents,
    paidCents: fee.paidCents,
    refundedCents: fee.refundedCents,
    nodes,
    measured,
    creditPercent: credit.percent,
    capPercent: rules.slaCreditCapPercent,
    computedCents: credit.cents,
    capCents: slaCapCents(feeCents, rules),
    claimBy: utcDay(new Date(closes.getTime() - 1)),
    claimWindowClosed: windowClosed,
    nodesWithoutChecks,
    maintenance: maintenance
      .filter((m) => m.locations.includes(location) || m.components.some((c) => components.includes(c)))
      .map((m) => ({ title: m.title, startsAt: m.startsAt!.toISOString(), endsAt: m.endsAt!.toISOString() })),
    refusal,
    granted: granted
      ? { amountCents: granted.grant.amountCents, createdAt: granted.grant.createdAt.toISOString(), createdByEmail: granted.createdByEmail, reason: granted.grant.reason }
      : null,
  };
  return { preview, server, label, month, closes };
}

export async function slaCreditPreview(
  deps: Pick<BillingDeps, 'db' | 'clock'>,
  rules: SlaRules,
  serverId: string,
  query: SlaCreditQuery,
  panelNodes: PanelNodesByLocation = null,
): Promise<SlaCreditPreview> {
  return (await assess(deps.db, deps, rules, serverId, query, panelNodes)).preview;
}

/**
 * When the claim was made: its ticket's opening (the ticket must be the owner's, and about this
 * server if it names one), else the day staff give (not in the future, not before the month
 * ended), else now. In time when before the window closes; a ticket opened during the month counts
 * (customers report the outage while it happens).
 */
async function claimMadeAt(db: Executor, now: Date, input: SlaCreditGrantInput, server: { id: string; userId: string }, month: Range): Promise<Date> {
  if (input.ticketId) {
    const ticket = await ticketForClaim(db, input.ticketId);
    if (!ticket || ticket.userId !== server.userId) {
      throw badRequest("That ticket is not one of this server's owner's.", { ticketId: "Enter a ticket of the server's owner" });
    }
    if (ticket.serverId && ticket.serverId !== server.id) {
      throw badRequest('That ticket is about another server.', { ticketId: 'Enter the ticket about this server' });
    }
    if (ticket.createdAt < month.start) {
      throw badRequest('That ticket was opened before the month began, so it is not a claim for it.', { ticketId: 'Opened before the month' });
    }
    return ticket.createdAt;
  }
  if (input.claimedOn) {
    const day = new Date(`${input.claimedOn}T00:00:00Z`);
    if (day > now) throw badRequest('The day of the claim cannot be in the future.', { claimedOn: 'That day is in the future' });
    if (day < month.end) throw badRequest('A claim is made once the month is over.', { claimedOn: `On or after ${utcDay(month.end)}` });
    return day;
  }
  return now;
}

/**
 * Grants the month's SLA credit to the server's owner, in the service's currency, audited in the
 * same transaction; the unique (server, month) makes a second grant a 409 however it races.
 */
export async function grantSlaCredit(
  deps: Pick<BillingDeps, 'db' | 'clock' | 'ids' | 'events'>,
  actor: StaffActor,
  rules: SlaRules,
  serverId: string,
  input: SlaCreditGrantInput,
  panelNodes: PanelNodesByLocation = null,
): Promise<SlaCreditPreview> {
  let userId = '';
  try {
    await audited(deps, actor, async (tx) => {
      const { preview, server, label, month, closes } = await assess(tx, deps, rules, serverId, input, panelNodes);
      // Already granted, or the month not over: nothing about the claim changes that.
      if (preview.refusal && (preview.granted || deps.clock.now() < month.end)) throw conflict(preview.refusal);
      const claimedAt = await claimMadeAt(tx, deps.clock.now(), input, server, month);
      if (claimedAt >= closes) {
        const window = `the claim window for ${label} closed on ${preview.claimBy} (${rules.slaClaimWithinDays} days after the month)`;
        if (input.ticketId) throw conflict(`That ticket was opened after ${window}.`);
        if (input.claimedOn) throw conflict(`That claim was made after ${window}.`);
        throw conflict(`The claim window for ${label} closed on ${preview.claimBy} (${rules.slaClaimWithinDays} days after the month): give the ticket the customer claimed on, or the day they claimed, if it was in time.`);
      }
      if (preview.refusal) throw conflict(preview.refusal);
      if (input.amountCents === undefined && preview.computedCents === 0) {
        throw badRequest('The rules give nothing for this month: enter the amount to grant.', { amountCents: 'Enter the amount' });
      }
      const amountCents = input.amountCents ?? preview.computedCents;
      if (amountCents > preview.capCents) {
        const most = formatMoney(preview.capCents, preview.currency);
        throw badRequest(`The credit can be at most ${most}, the cap of the month's fee.`, { amountCents: `At most ${most}` });
      }
      userId = server.userId;
      const before = await lockedBalanceCents(tx, server.userId, preview.currency);
      const id = deps.ids.uuid();
      const now = deps.clock.now();
      const entry = await addLedgerEntry(tx, {
        userId: server.userId,
        amountCents,
        currency: preview.currency,
        kind: 'sla_credit',
        reason: `SLA credit for ${server.name}, ${label}`,
        referenceId: id,
        createdBy: actor.id,
        createdAt: now,
      });
      const measured = preview.measured!;
      await tx.insert(slaCredits).values({
        id,
        serverId: server.id,
        userId: server.userId,
        month: input.month,
        serverName: server.name,
        component: measured.component,
        uptimePercent: String(measured.uptimePercent),
        feeCents: preview.feeCents,
        creditPercent: preview.creditPercent,
        computedCents: preview.computedCents,
        amountCents,
        currency: preview.currency,
        ledgerEntryId: entry.id,
        reason: input.reason,
        createdBy: actor.id,
        createdAt: now,
      });
      return {
        result: null,
        audit: {
          action: 'server.sla_credited',
          targetType: 'server',
          targetId: server.id,
          targetLabel: server.name,
          before: { balanceCents: before },
          after: {
            balanceCents: before + amountCents,
            month: input.month,
            node: measured.component,
            uptimePercent: measured.uptimePercent,
            feeCents: preview.feeCents,
            creditPercent: preview.creditPercent,
            computedCents: preview.computedCents,
            amountCents,
            capCents: preview.capCents,
            refundedCents: preview.refundedCents,
            claimedAt: claimedAt.toISOString(),
            ticketId: input.ticketId ?? null,
            currency: preview.currency,
            ledgerEntryId: entry.id,
          },
          reason: input.reason,
        },
      };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'sla_credits_server_month_idx')) throw conflict(`An SLA credit for ${monthLabel(input.month)} was already granted for this server.`);
    throw error;
  }
  deps.events.publish(userId, { topic: 'billing', id: serverId });
  return slaCreditPreview(deps, rules, serverId, { month: input.month, node: input.node }, panelNodes);
}
