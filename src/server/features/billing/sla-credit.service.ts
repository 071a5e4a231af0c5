import type { BusinessRules } from '../../../shared/business-rules';
import type { SlaCreditGrantInput, SlaCreditPreview, SlaCreditQuery, SlaNodeMeasure } from '../../../shared/schemas/admin/sla-credits';
import { formatMoney } from '../../../shared/money';
import type { Executor } from '../../db/client';
import { slaCredits } from '../../db/schema';
import { audited, type StaffActor } from '../../lib/audit';
import { addLedgerEntry, balanceCents } from '../../lib/credit-ledger';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { BillingDeps } from './billing-deps';
import { isUuid } from './billing-deps';
import { claimClosesAt, measureNode, monthFeeCents, monthLabel, monthRange, slaCredit, type Range } from './sla-credit';
import { announcedMaintenance, grantedFor, locationDuring, nodeDays, paidPeriods, serverForSla } from './sla-credit.repository';

type SlaRules = Pick<BusinessRules, 'slaCredits' | 'slaCreditCapPercent' | 'slaClaimWithinDays'>;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** Everything the staff panel shows for a server and month, and why it cannot be granted, if so. */
async function assess(db: Executor, deps: Pick<BillingDeps, 'clock'>, rules: SlaRules, serverId: string, query: SlaCreditQuery) {
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
  const feeCents = existed ? monthFeeCents(periods, service) : 0;
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
  const measured = query.node ? nodes.find((n) => n.component === query.node)! : withChecks.length === 1 ? withChecks[0]! : null;
  const credit = measured?.uptimePercent != null ? slaCredit(feeCents, measured.uptimePercent, rules) : { percent: 0, cents: 0 };

  let refusal: string | null = null;
  if (granted) refusal = `An SLA credit for ${label} was already granted for this server.`;
  else if (now < month.end) refusal = `${label} is not over yet; a credit for it can be granted from ${utcDay(month.end)}.`;
  else if (now >= closes) refusal = `The claim window for ${label} closed on ${utcDay(new Date(closes.getTime() - 1))} (${rules.slaClaimWithinDays} days after the month).`;
  else if (!existed) refusal = `The server was not this customer's in ${label}: it did not exist then.`;
  else if (feeCents === 0) refusal = `Nothing was paid for this server for ${label}.`;
  else if (withChecks.length === 0) refusal = `There are no measurements of the location's nodes for ${label}, so no uptime is known and no credit is granted automatically.`;
  else if (!measured) refusal = 'Several nodes serve this location: choose the one the server ran on.';
  else if (measured.uptimePercent === null) refusal = `${measured.label} has no checks for ${label}, so no uptime is known.`;
  else if (credit.cents === 0) refusal = `Measured uptime of ${measured.uptimePercent}% earns no credit under the current tiers.`;

  const preview: SlaCreditPreview = {
    serverId: server.id,
    serverName: server.name,
    location,
    month: query.month,
    currency: server.currency,
    feeCents,
    nodes,
    measured,
    creditPercent: credit.percent,
    capPercent: rules.slaCreditCapPercent,
    computedCents: credit.cents,
    claimBy: utcDay(new Date(closes.getTime() - 1)),
    maintenance: maintenance
      .filter((m) => m.locations.includes(location) || m.components.some((c) => components.includes(c)))
      .map((m) => ({ title: m.title, startsAt: m.startsAt!.toISOString(), endsAt: m.endsAt!.toISOString() })),
    refusal,
    granted: granted
      ? { amountCents: granted.grant.amountCents, createdAt: granted.grant.createdAt.toISOString(), createdByEmail: granted.createdByEmail, reason: granted.grant.reason }
      : null,
  };
  return { preview, server, label };
}

export async function slaCreditPreview(deps: Pick<BillingDeps, 'db' | 'clock'>, rules: SlaRules, serverId: string, query: SlaCreditQuery): Promise<SlaCreditPreview> {
  return (await assess(deps.db, deps, rules, serverId, query)).preview;
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
): Promise<SlaCreditPreview> {
  let userId = '';
  try {
    await audited(deps, actor, async (tx) => {
      const { preview, server, label } = await assess(tx, deps, rules, serverId, input);
      if (preview.refusal) throw conflict(preview.refusal);
      const amountCents = input.amountCents ?? preview.computedCents;
      if (amountCents > preview.computedCents) {
        const most = formatMoney(preview.computedCents, preview.currency);
        throw badRequest(`The credit can be at most ${most}, what the rules give.`, { amountCents: `At most ${most}` });
      }
      userId = server.userId;
      const before = await balanceCents(tx, server.userId, preview.currency);
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
  return slaCreditPreview(deps, rules, serverId, { month: input.month, node: input.node });
}
