import { formatMoney } from '../../../shared/money';
import { sendTemplate, type EmailSendDeps } from '../emails';
import type { RegionMoveRow } from './region-moves.repository';

const addressOf = (ip: string | null, port: number | null) => (ip && port ? `${ip}:${port}` : 'none');

/** The move is done (the new address, since players must use it from now on) or was rolled back; in the owner's language (decision 061). */
export async function sendMoveEmail(deps: EmailSendDeps, move: RegionMoveRow, serverName: string, kind: 'done' | 'rolled_back'): Promise<void> {
  if (kind === 'done') {
    await sendTemplate(deps, {
      userId: move.userId,
      template: 'moveDone',
      values: (locale) => ({
        server: serverName,
        from: move.fromLabel,
        to: move.toLabel,
        newAddress: addressOf(move.newIp, move.newPort),
        oldAddress: addressOf(move.oldIp, move.oldPort),
        change: move.grossCents > 0 ? 'charged' : move.grossCents < 0 ? 'credited' : 'same',
        amount: formatMoney(Math.abs(move.grossCents), move.currency, locale),
      }),
      actionPath: '/dashboard/services',
    });
    return;
  }
  await sendTemplate(deps, {
    userId: move.userId,
    template: 'moveRolledBack',
    values: (locale) => ({
      server: serverName,
      from: move.fromLabel,
      to: move.toLabel,
      reason: move.reason ?? '',
      oldAddress: addressOf(move.oldIp, move.oldPort),
      refund: move.invoiceId && move.grossCents > 0 ? formatMoney(move.grossCents, move.currency, locale) : 'none',
    }),
    actionPath: '/dashboard/services',
  });
}
