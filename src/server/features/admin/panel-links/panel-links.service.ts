import type { LinkedPanelServer, LinkPanelServerInput, UnlinkedPanelServer } from '../../../../shared/schemas/admin/panel-links';
import { serverActionErrors } from '../../../../shared/schemas/servers';
import { applyTax } from '../../../../shared/tax';
import type { Db } from '../../../db/client';
import { PanelError, type GamePanel, type PanelListedServer } from '../../../integrations/panel/game-panel';
import { logActivity, said } from '../../../lib/activity';
import { audited, type StaffActor } from '../../../lib/audit';
import { isUniqueViolation } from '../../../lib/db-errors';
import { badRequest, conflict, HttpError, notFound } from '../../../lib/errors';
import type { EventBus } from '../../../lib/events';
import type { Logger } from '../../../lib/logger';
import { addMonthsClamped } from '../../../lib/renewal-dates';
import type { Clock, Ids } from '../../../lib/runtime';
import { findUserByEmail, findUserById } from '../../auth';
import { priceServerOrder, serverSize, type CatalogService } from '../../catalog';
import { taxColumns, taxContextFor } from '../../tax';
import { accountsByEmail, insertLinkedService, ourServerIds, panelServerIdsInUse, panelServerTaken, rememberPanelAccount } from './panel-links.repository';
import { lineText } from '../../../../shared/line-text';

export interface PanelLinkDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  panel: GamePanel;
  catalog: CatalogService;
  events: EventBus;
  log: Logger;
}

/** The provider of a linked service's first order: nothing was paid here for the period it covers. */
export const PANEL_LINK_PROVIDER = 'panel-link';

export const panelLinkMessages = {
  alreadyLinked: 'This panel server is already linked to a service here.',
  notOnPanel: 'The game panel has no such server (it may have been deleted).',
  pastDate: 'The next renewal date must be in the future.',
  farDate: 'The next renewal date must be within two years.',
  unknownPlan: 'Choose a plan from the catalog.',
  unknownPeriod: 'Choose a billing period from the catalog.',
  noLocation: 'Choose the location this server runs in: its node is not mapped to one.',
  unknownLocation: 'Choose a location from the catalog.',
  noCustomer: 'Choose the customer: no account here has the panel owner’s email.',
  unknownCustomer: 'That customer no longer exists.',
} as const;

async function fromPanel<T>(deps: PanelLinkDeps, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof PanelError)) throw error;
    deps.log.warn({ err: error }, 'panel links: the game panel call failed');
    throw new HttpError(503, 'panel_unavailable', serverActionErrors.panel_unavailable);
  }
}

/** Servers on the panel not behind any service here: not linked, and not made by a checkout. */
async function unlinked(deps: PanelLinkDeps): Promise<PanelListedServer[]> {
  return unlinkedFrom(deps, await fromPanel(deps, () => deps.panel.listServers()));
}

export async function listUnlinkedPanelServers(deps: PanelLinkDeps): Promise<UnlinkedPanelServer[]> {
  const servers = await unlinked(deps);
  const accounts = await accountsByEmail(deps.db, servers.map((s) => s.ownerEmail).filter((e): e is string => e !== null));
  return servers.map((s) => ({
    panelServerId: s.panelServerId,
    identifier: s.identifier,
    name: s.name,
    ownerEmail: s.ownerEmail,
    customer: s.ownerEmail ? (accounts.get(s.ownerEmail.trim().toLowerCase()) ?? null) : null,
    location: s.location,
    memoryMb: s.memoryMb,
    diskMb: s.diskMb,
    cpuPercent: s.cpuPercent,
    address: s.ip && s.port ? `${s.ip}:${s.port}` : null,
    suspended: s.suspended,
  }));
}

/**
 * The linked order's paid date: a period (or a month more) before the first renewal, on the same
 * day of the month. Renewals count their dates from it, as from a paid order's (lib/renewal-dates),
 * so a service renewing on the 31st stays on the 31st, not on the 28th after a February.
 */
export function billingAnchor(renewsAt: Date, months: number): Date {
  let back = months;
  while (addMonthsClamped(renewsAt, -back).getUTCDate() !== renewsAt.getUTCDate()) back += 1;
  return addMonthsClamped(renewsAt, -back);
}

/** A date alone renews at midnight UTC. */
function renewalDate(value: string): Date {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
}

/**
 * Links a server the host already had on the panel to a customer: an order that stands for what
 * was agreed (the plan, the period and its price), the servers row (online, with the panel's ids
 * and address) and the link, in one transaction with its audit record. From then on the service
 * renews, shows in My Services and is managed like one bought here (decision 050).
 */
export async function linkPanelServer(deps: PanelLinkDeps, actor: StaffActor, input: LinkPanelServerInput): Promise<LinkedPanelServer> {
  const now = deps.clock.now();
  const renewsAt = renewalDate(input.renewsAt);
  if (!(renewsAt.getTime() > now.getTime())) throw badRequest(panelLinkMessages.pastDate, { renewsAt: panelLinkMessages.pastDate });
  // A slip of the keyboard (2062 for 2026) would give a service away for decades.
  if (renewsAt.getTime() > addMonthsClamped(now, 24).getTime()) throw badRequest(panelLinkMessages.farDate, { renewsAt: panelLinkMessages.farDate });

  const { version, catalog } = await deps.catalog.atVersion(null);
  const onSale = await deps.catalog.get();
  const plan = onSale.plans.find((p) => p.id === input.planId);
  if (!plan) throw badRequest(panelLinkMessages.unknownPlan, { planId: panelLinkMessages.unknownPlan });
  const period = onSale.periods.find((p) => p.value === input.period);
  if (!period) throw badRequest(panelLinkMessages.unknownPeriod, { period: panelLinkMessages.unknownPeriod });

  const listed = (await unlinkedOrAll(deps)).find((s) => s.server.panelServerId === input.panelServerId);
  if (!listed) throw notFound(panelLinkMessages.notOnPanel);
  if (listed.inUse) throw conflict(panelLinkMessages.alreadyLinked);
  const server = listed.server;

  const location = input.location ?? server.location;
  if (!location) throw badRequest(panelLinkMessages.noLocation, { location: panelLinkMessages.noLocation });
  if (!catalog.locations.some((l) => l.value === location)) throw badRequest(panelLinkMessages.unknownLocation, { location: panelLinkMessages.unknownLocation });

  const customer = input.customerId
    ? await findUserById(deps.db, input.customerId)
    : server.ownerEmail
      ? await findUserByEmail(deps.db, server.ownerEmail.trim().toLowerCase())
      : undefined;
  if (!customer) {
    const message = input.customerId ? panelLinkMessages.unknownCustomer : panelLinkMessages.noCustomer;
    throw badRequest(message, { customerId: message });
  }

  const name = (input.serverName || server.name).slice(0, 100);
  const priced = priceServerOrder(catalog, { kind: 'server', game: plan.game, plan: plan.id, period: period.value, location, addons: {}, serverName: name, coupon: '' });
  const priceCents = input.priceCents ?? priced.totalCents;
  const agreed = priceCents === priced.totalCents;
  const lines = agreed
    ? priced.lines
    : [
        {
          description: `${priced.planName} server (${period.label}), price agreed when linked from the game panel`,
          // Read in the customer's language on their invoice (decision 069).
          text: lineText('line.linked', { plan: priced.planName, months: period.months }),
          quantity: 1,
          unitCents: priceCents,
          amountCents: priceCents,
        },
      ];
  const serverId = deps.ids.uuid();
  const orderId = deps.ids.uuid();
  const periodStart = billingAnchor(renewsAt, period.months);

  try {
    await audited(deps, actor, async (tx) => {
      if (await panelServerTaken(tx, deps.panel.id, server.panelServerId)) throw conflict(panelLinkMessages.alreadyLinked);
      const tax = await taxContextFor(tx, customer.id);
      const breakdown = applyTax(priceCents, tax.treatment);
      await insertLinkedService(tx, {
        order: {
          id: orderId,
          userId: customer.id,
          kind: 'server',
          status: 'paid',
          game: plan.game,
          planId: plan.id,
          period: period.value,
          months: period.months,
          location,
          addons: {},
          serverName: name,
          planName: priced.planName,
          lines,
          subtotalCents: agreed ? priced.subtotalCents : priceCents,
          discountCents: agreed ? priced.discountCents : 0,
          totalCents: priceCents,
          ...taxColumns(breakdown),
          buyer: tax.buyer,
          catalogVersion: version,
          currency: catalog.currency,
          provider: PANEL_LINK_PROVIDER,
          providerSessionId: null,
          createdAt: now,
          expiresAt: now,
          paidAt: periodStart,
        },
        server: {
          id: serverId,
          userId: customer.id,
          orderId,
          name,
          game: plan.game,
          planId: plan.id,
          planName: priced.planName,
          ...serverSize(catalog, plan.id, {}),
          location,
          addons: {},
          // Suspended on the panel stays suspended here, as staff's own, until staff lift it.
          status: server.suspended ? 'suspended' : 'online',
          suspendedBy: server.suspended ? 'staff' : null,
          panelServerId: server.panelServerId,
          panelIdentifier: server.identifier,
          panelUrl: server.panelUrl,
          ip: server.ip,
          port: server.port,
          period: period.value,
          catalogVersion: version,
          currency: catalog.currency,
          renewsAt,
          createdAt: now,
          updatedAt: now,
        },
        link: { serverId, panel: deps.panel.id, panelServerId: server.panelServerId, linkedBy: actor.id, createdAt: now },
      });
      // Only the panel user with the customer's own email becomes their panel account: another
      // person's would receive the customer's next servers.
      if (server.ownerEmail?.trim().toLowerCase() === customer.email) await rememberPanelAccount(tx, customer.id, server.ownerPanelUserId, now);
      return {
        result: null,
        audit: {
          action: 'server.linked',
          targetType: 'server',
          targetId: serverId,
          targetLabel: `${name} (${customer.email})`,
          after: {
            panel: deps.panel.id,
            panelServerId: server.panelServerId,
            customer: customer.email,
            plan: plan.id,
            period: period.value,
            priceCents,
            renewsAt: renewsAt.toISOString(),
          },
          reason: input.reason,
        },
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(panelLinkMessages.alreadyLinked);
    throw error;
  }

  deps.events.publish(customer.id, { topic: 'servers', id: serverId });
  try {
    await logActivity(deps, {
      userId: customer.id,
      kind: 'server',
      text: said(
        'activity.server.linked',
        { server: name, plan: priced.planName, months: period.months },
        { money: { amount: { cents: priceCents, currency: catalog.currency } }, dates: { date: renewsAt.toISOString() } },
      ),
      subjectId: serverId,
    });
  } catch (error) {
    deps.log.warn({ err: error, serverId }, 'could not log the linked server in the activity list');
  }
  deps.log.info({ serverId, panelServerId: server.panelServerId, userId: customer.id }, 'panel server linked');
  return { serverId, customerEmail: customer.email, planName: priced.planName, priceCents, renewsAt: renewsAt.toISOString() };
}

/** Every server on the panel, each saying whether a service here already stands on it. */
async function unlinkedOrAll(deps: PanelLinkDeps): Promise<{ server: PanelListedServer; inUse: boolean }[]> {
  const listed = await fromPanel(deps, () => deps.panel.listServers());
  const free = new Set((await unlinkedFrom(deps, listed)).map((s) => s.panelServerId));
  return listed.map((server) => ({ server, inUse: !free.has(server.panelServerId) }));
}

async function unlinkedFrom(deps: PanelLinkDeps, listed: PanelListedServer[]): Promise<PanelListedServer[]> {
  const [inUse, ours] = await Promise.all([
    panelServerIdsInUse(deps.db, deps.panel.id),
    ourServerIds(deps.db, listed.map((s) => s.externalId).filter((id): id is string => id !== null)),
  ]);
  return listed.filter((s) => !inUse.has(s.panelServerId) && !(s.externalId && ours.has(s.externalId)));
}
