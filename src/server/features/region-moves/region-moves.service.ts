import type { Locale } from '../../../shared/i18n/locales';
import { regionMoveErrors, regionMoveStepLabels, regionMoveStepNames, type RegionMoveOptions, type RegionMoveRequest, type RegionMoveView } from '../../../shared/schemas/region-moves';
import { logActivity, said } from '../../lib/activity';
import { badRequest, forbidden, HttpError } from '../../lib/errors';
import { serverFor } from '../servers';
import type { RegionMoveDeps } from './region-move-deps';
import { claimMove, MOVE_CHARGE_LEASE_MS, payForMove, settleStaleMoveCharge } from './region-move-payment';
import { refuseWhatCannotMove } from './region-move-fit';
import { hasRoomFor, priceMoves, refuseWhileBusy } from './region-move-pricing';
import { address } from './region-move-run';
import { lastEndedMoveOf, movesUnderWay, openMoveOf, stepsOf, type RegionMoveRow } from './region-moves.repository';
import { and, eq, lte } from 'drizzle-orm';
import { regionMoves } from '../../db/schema';

export async function toMoveView(deps: Pick<RegionMoveDeps, 'db'>, move: RegionMoveRow): Promise<RegionMoveView> {
  const logged = new Map((await stepsOf(deps.db, move.id)).map((s) => [s.step, s]));
  return {
    id: move.id,
    serverId: move.serverId,
    status: move.status,
    from: { value: move.fromLocation, label: move.fromLabel, address: address(move.oldIp, move.oldPort) },
    to: { value: move.toLocation, label: move.toLabel, address: move.status === 'completed' ? address(move.newIp, move.newPort) : null },
    steps: regionMoveStepNames.map((step) => {
      const row = logged.get(step);
      return { step, label: regionMoveStepLabels[step], status: row?.status ?? 'pending', detail: row?.detail ?? null };
    }),
    currency: move.currency,
    amountCents: move.amountCents,
    grossCents: move.grossCents,
    reason: move.reason,
    createdAt: move.createdAt.toISOString(),
    completedAt: move.completedAt?.toISOString() ?? null,
  };
}

/** GET /api/servers/:id/move: the locations with room for this server, each priced, and any move under way. */
export async function moveOptions(deps: RegionMoveDeps, userId: string, serverId: string): Promise<RegionMoveOptions> {
  const access = await serverFor(deps.db, userId, serverId, 'view');
  if (access.role !== 'owner') throw forbidden(regionMoveErrors.subuser);
  const [open, last] = await Promise.all([openMoveOf(deps.db, serverId), lastEndedMoveOf(deps.db, serverId)]);
  // While a move is open the dialog polls this, and shows the move, not the card: the provider is not asked.
  const pricing = await priceMoves(deps, userId, serverId, { card: !open });
  const others = pricing.locations.filter((l) => l.value !== pricing.server.location);
  const room = await Promise.all(others.map((l) => hasRoomFor(deps, pricing.server, l.value)));
  return {
    currency: pricing.server.currency,
    current: { ...pricing.current, address: address(pricing.server.ip, pricing.server.port) },
    catalogVersion: pricing.catalogVersion,
    locations: others
      .filter((_, i) => room[i])
      .map((l) => {
        const priced = pricing.price(l.value);
        return {
          value: l.value,
          label: l.label,
          amountCents: priced.amountCents,
          grossCents: priced.grossCents,
          taxLines: priced.breakdown.lines.map((line) => ({ ...line, amountCents: Math.sign(priced.amountCents) * line.amountCents })),
          renewalCents: priced.renewalCents,
        };
      }),
    full: others.filter((_, i) => !room[i]).map((l) => ({ value: l.value, label: l.label })),
    payment: { creditCents: pricing.creditCents, savedCard: pricing.savedCard ? { brand: pricing.savedCard.brand, last4: pricing.savedCard.last4 } : null },
    open: open ? await toMoveView(deps, open) : null,
    last: last ? await toMoveView(deps, last) : null,
  };
}

/**
 * POST /api/servers/:id/move. Refuses what cannot move; a move that costs more is paid first
 * (account credit, then the saved card; without either it is refused); then the durable job runs
 * the steps. A move that costs less is credited when it completes.
 */
export async function requestMove(deps: RegionMoveDeps, userId: string, serverId: string, body: RegionMoveRequest, requestLocale?: Locale): Promise<RegionMoveView> {
  const pricing = await priceMoves(deps, userId, serverId);
  const { server } = pricing;
  if (body.location === server.location) throw badRequest(regionMoveErrors.same_location, { location: regionMoveErrors.same_location });
  const target = pricing.locations.find((l) => l.value === body.location);
  if (!target) throw badRequest(regionMoveErrors.unknown_location, { location: regionMoveErrors.unknown_location });
  if (body.catalogVersion !== undefined && body.catalogVersion !== pricing.catalogVersion) {
    throw new HttpError(409, 'quote_outdated', regionMoveErrors.quote_outdated);
  }
  await refuseWhileBusy(deps.db, serverId);
  if (!(await hasRoomFor(deps, server, target.value))) throw new HttpError(409, 'no_capacity', regionMoveErrors.no_capacity);
  // Before anything is charged or stopped: the files must fit twice on the plan's disk, and the node must be able to send them.
  await refuseWhatCannotMove(deps, server, pricing.current.label);
  const priced = pricing.price(target.value);
  if (priced.grossCents > 0 && pricing.creditCents < priced.grossCents && !pricing.savedCard) {
    throw new HttpError(402, 'payment_required', regionMoveErrors.payment_required);
  }
  let move = await claimMove(deps, pricing, priced, requestLocale);
  if (move.status === 'charging') move = await payForMove(deps, move);
  if (move.status === 'charging') {
    // The charge's outcome is unknown: the sweep settles it with the same key and queues the move then (decision 084).
    deps.events.publish(userId, { topic: 'servers', id: serverId });
    return toMoveView(deps, move);
  }
  await logActivity(deps, { userId, kind: 'server', text: said('activity.move.started', { server: server.name, from: pricing.current.label, to: target.label }, { texts: { from: pricing.labelsIn(server.location), to: pricing.labelsIn(target.value) } }), subjectId: serverId });
  try {
    await deps.moves.enqueue(move.id);
  } catch (error) {
    deps.log.error({ err: error, moveId: move.id }, 'could not queue the region move; the sweep will');
  }
  deps.events.publish(userId, { topic: 'servers', id: serverId });
  return toMoveView(deps, move);
}

/** What a stopped process may have left: moves with no job, charges claimed but never settled. */
export async function sweepMoves(deps: RegionMoveDeps): Promise<number> {
  let touched = 0;
  for (const id of await movesUnderWay(deps.db)) {
    await deps.moves.enqueue(id);
    touched += 1;
  }
  const before = new Date(deps.clock.now().getTime() - MOVE_CHARGE_LEASE_MS);
  const stale = await deps.db.select().from(regionMoves).where(and(eq(regionMoves.status, 'charging'), lte(regionMoves.updatedAt, before)));
  for (const move of stale) {
    const running = await settleStaleMoveCharge(deps, move);
    if (running) await deps.moves.enqueue(running.id);
    touched += 1;
  }
  return touched;
}
