import { HttpError } from '../../lib/errors';
import { PanelError, type PanelRef } from '../../integrations/panel/game-panel';
import type { ServerRow } from '../servers';
import type { RegionMoveDeps } from './region-move-deps';

/**
 * Whether a server's files can reach the new location, checked before anything is charged or
 * stopped (decision 051). The new server's node downloads the backup archive and unpacks it beside
 * itself (Wings' downloader.Execute checks the archive's length against the disk, and
 * SpaceAvailableForDecompression the unpacked files beside the archive), so the plan's disk must
 * hold the files twice: a server using more than half its disk cannot move.
 */
const GIB = 1024 ** 3;

export const diskLimitBytes = (server: Pick<ServerRow, 'diskGb'>) => server.diskGb * GIB;

/** Gigabytes to one decimal; `up` rounds up (what to free must be enough). */
function gb(bytes: number, up = false): string {
  const tenths = (up ? Math.ceil : Math.round)((bytes / GIB) * 10) / 10;
  return `${tenths.toFixed(1).replace(/\.0$/, '')} GB`;
}

/** The customer's words when the archive and the files do not both fit on the plan's disk. */
export function diskTooSmallWords(usedBytes: number, archiveBytes: number, limitBytes: number, estimated: boolean): string {
  const need = usedBytes + archiveBytes;
  // Under the estimate, each byte freed also leaves the archive: half the excess is enough.
  const toFree = estimated ? (need - limitBytes) / 2 : need - limitBytes;
  return (
    `This server's files take ${gb(usedBytes)} of its ${gb(limitBytes)} disk. A move needs room for them twice in the new location, ` +
    `the backup ${estimated ? 'archive (about as large as the files)' : `archive (${gb(archiveBytes)})`} and the files unpacked from it: ` +
    `${gb(need, true)} in all, more than the plan's ${gb(limitBytes)}. Free up at least ${gb(toFree, true)} (old worlds, logs, unused plugins) ` +
    'or change to a plan with more disk, then try again.'
  );
}

/**
 * Before the charge: the server's disk usage (the panel's /resources) twice over, the archive
 * estimated at the size of the files (game worlds are mostly compressed already), must fit the
 * plan's disk; and the source node must be at an address another node may download from.
 */
export async function refuseWhatCannotMove(deps: Pick<RegionMoveDeps, 'panel' | 'log' | 'alerts'>, server: ServerRow, fromLabel: string) {
  const ref: PanelRef = { panelServerId: server.panelServerId!, identifier: server.panelIdentifier ?? server.panelServerId! };
  const ask = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof PanelError)) throw error;
      deps.log.warn({ err: error, serverId: server.id }, 'could not check a region move with the game panel');
      throw new HttpError(503, 'panel_unavailable', 'The game panel is not answering right now, so the move cannot be checked. Nothing was charged: try again in a few minutes.');
    }
  };
  const { diskBytes } = await ask(() => deps.panel.resources(ref));
  const limit = diskLimitBytes(server);
  if (limit > 0 && diskBytes * 2 > limit) {
    throw new HttpError(409, 'disk_too_small', diskTooSmallWords(diskBytes, diskBytes, limit, true));
  }
  const refused = deps.panel.privateMoveSource ? await ask(() => deps.panel.privateMoveSource!(ref)) : null;
  if (refused) {
    deps.log.error(
      { serverId: server.id, nodeHost: refused.host, nodeAddress: refused.address },
      "region moves out of this node cannot work: its FQDN resolves to a private address, and Wings refuses to download from one (make the node's FQDN public)",
    );
    // Anyone can ask again and again: one alert an hour per node.
    await deps.alerts?.raise(
      {
        kind: 'server_needs_staff',
        subject: `Region moves out of ${fromLabel} cannot work`,
        lines: [
          `The game panel's node there is at ${refused.host}, which resolves to ${refused.address}, a private or loopback address.`,
          "Wings refuses to download from such an address, so no other node can receive a backup from it. Give the node a public FQDN in the panel.",
          'Customers asking for a move out of this location are refused before anything is charged or stopped.',
        ],
        link: `/admin/servers/${server.id}`,
      },
      { throttleKey: `region-move-private-source:${refused.host}`, throttleSeconds: 3600 },
    );
    throw new HttpError(
      409,
      'move_unavailable',
      `Servers in ${fromLabel} cannot be moved to another location right now: the machine they run on cannot send files to other locations. Nothing was charged, and our team has been told.`,
    );
  }
}

/**
 * Once the move's backup is made, the exact sum: its archive plus the files (the stopped server's
 * usage). A move that does not fit stops here, before a server is made in the new location.
 */
export async function checkBackupFits(deps: Pick<RegionMoveDeps, 'panel'>, ref: PanelRef, server: Pick<ServerRow, 'diskGb'>, archiveBytes: number) {
  const limit = diskLimitBytes(server);
  if (limit <= 0) return;
  const { diskBytes } = await deps.panel.resources(ref);
  if (diskBytes + archiveBytes > limit) {
    throw new PanelError(diskTooSmallWords(diskBytes, archiveBytes, limit, false), false, 'disk_too_small');
  }
}
