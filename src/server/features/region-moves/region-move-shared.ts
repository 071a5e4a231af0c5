import { eq } from 'drizzle-orm';
import { servers } from '../../db/schema';
import type { PanelRef } from '../../integrations/panel/game-panel';
import { logActivity, type ActivityText } from '../../lib/activity';
import type { RegionMoveDeps } from './region-move-deps';
import { sendMoveEmail } from './region-moves.emails';
import type { RegionMoveRow } from './region-moves.repository';

/** What the steps, the rollback and the run share: the panel references, names, notices and mail of a move. */
export type StepResult = 'next' | 'wait';

export const oldRef = (move: RegionMoveRow): PanelRef => ({ panelServerId: move.oldPanelServerId, identifier: move.oldIdentifier ?? move.oldPanelServerId });
export const newRef = (move: RegionMoveRow): PanelRef | null =>
  move.newPanelServerId ? { panelServerId: move.newPanelServerId, identifier: move.newIdentifier ?? move.newPanelServerId } : null;

/** The panel's external id of the server made in the new location: ours, tagged with the move. */
export function moveExternalId(move: Pick<RegionMoveRow, 'id' | 'serverId'>): string {
  return `${move.serverId}.move.${move.id.slice(0, 8)}`;
}

export function moveBackupName(move: Pick<RegionMoveRow, 'id' | 'toLabel'>): string {
  return `Before the move to ${move.toLabel} (${move.id.slice(0, 8)})`;
}

export function address(ip: string | null, port: number | null): string | null {
  return ip && port ? `${ip}:${port}` : null;
}

export function publish(deps: RegionMoveDeps, move: RegionMoveRow, topics: readonly ('servers' | 'billing')[] = ['servers']) {
  for (const topic of topics) deps.events.publish(move.userId, { topic, id: move.serverId });
}

export async function activity(deps: RegionMoveDeps, move: RegionMoveRow, text: ActivityText, kind: 'server' | 'refund' = 'server') {
  await logActivity(deps, { userId: move.userId, kind, text, subjectId: move.serverId }).catch((error: unknown) =>
    deps.log.warn({ err: error, moveId: move.id }, 'could not log region move activity'),
  );
}

export async function sendEmail(deps: RegionMoveDeps, move: RegionMoveRow, kind: 'done' | 'rolled_back') {
  try {
    const [server] = await deps.db.select({ name: servers.name }).from(servers).where(eq(servers.id, move.serverId));
    await sendMoveEmail(deps, move, server?.name ?? move.serverId, kind);
  } catch (error) {
    deps.log.warn({ err: error, moveId: move.id }, 'could not email about a region move');
  }
}

