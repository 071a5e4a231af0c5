import { describe, expect, it } from 'vitest';
import { PanelError, type GamePanel } from '../../integrations/panel/game-panel';
import type { StaffAlert } from '../../lib/staff-alert';
import type { ServerRow } from '../servers';
import { checkBackupFits, diskTooSmallWords, refuseWhatCannotMove } from './region-move-fit';

const GIB = 1024 ** 3;
const server = { id: 'srv-1', diskGb: 20, panelServerId: '7', panelIdentifier: 'abcd1234' } as ServerRow;
const quiet = { info: () => {}, warn: () => {}, error: () => {} } as never;

function panelWith(diskBytes: number | Error, privateSource: { host: string; address: string } | null = null) {
  return {
    resources: async () => {
      if (diskBytes instanceof Error) throw diskBytes;
      return { state: 'online', cpuPercent: 0, memoryBytes: 0, diskBytes, uptimeSeconds: 0 };
    },
    privateMoveSource: async () => privateSource,
  } as unknown as GamePanel;
}

describe('what a region move checks before the charge (decision 051)', () => {
  it('lets a server using half its disk or less move', async () => {
    await expect(refuseWhatCannotMove({ panel: panelWith(10 * GIB), log: quiet }, server, 'US West')).resolves.toBeUndefined();
  });

  it('refuses one using more than half, with what it takes, what the move needs and how much to free', async () => {
    const error = await refuseWhatCannotMove({ panel: panelWith(12 * GIB), log: quiet }, server, 'US West').catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 409, code: 'disk_too_small' });
    expect((error as Error).message).toBe(
      "This server's files take 12 GB of its 20 GB disk. A move needs room for them twice in the new location, the backup archive (about as large as the files) and the files unpacked from it: 24 GB in all, more than the plan's 20 GB. Free up at least 2 GB (old worlds, logs, unused plugins) or change to a plan with more disk, then try again.",
    );
  });

  it('after the backup, counts its real size: the archive plus the files must fit', async () => {
    await expect(checkBackupFits({ panel: panelWith(9 * GIB) }, { panelServerId: '7', identifier: 'x' }, server, 11 * GIB)).resolves.toBeUndefined();
    const error = await checkBackupFits({ panel: panelWith(9.5 * GIB) }, { panelServerId: '7', identifier: 'x' }, server, 10.75 * GIB).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PanelError);
    expect(error).toMatchObject({ code: 'disk_too_small', retryable: false });
    expect((error as Error).message).toContain('the backup archive (10.8 GB) and the files unpacked from it: 20.3 GB in all');
    expect((error as Error).message).toContain('Free up at least 0.3 GB');
  });

  it('refuses a move out of a node at a private address and tells staff, and answers 503 when the panel cannot be asked', async () => {
    const alerts: StaffAlert[] = [];
    const raise = async (alert: StaffAlert) => void alerts.push(alert);
    const refused = await refuseWhatCannotMove({ panel: panelWith(GIB, { host: 'node1.lan', address: '192.168.0.4' }), log: quiet, alerts: { raise } }, server, 'US West').catch((e: unknown) => e);
    expect(refused).toMatchObject({ statusCode: 409, code: 'move_unavailable' });
    expect(alerts).toEqual([expect.objectContaining({ kind: 'server_needs_staff', link: '/admin/servers/srv-1' })]);

    const down = await refuseWhatCannotMove({ panel: panelWith(new PanelError('unreachable', true, 'panel_unreachable')), log: quiet }, server, 'US West').catch((e: unknown) => e);
    expect(down).toMatchObject({ statusCode: 503, code: 'panel_unavailable' });
  });

  it('words the exact check with the archive’s own size', () => {
    expect(diskTooSmallWords(6 * GIB, 5 * GIB, 10 * GIB, false)).toContain('Free up at least 1 GB');
  });
});
