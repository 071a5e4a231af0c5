import type { MailMessage } from '../../integrations/mail/mailer';
import { renderEmail } from '../../integrations/mail/template';
import { formatMoney } from '../../../shared/money';
import type { RegionMoveRow } from './region-moves.repository';

interface MoveEmailInput {
  brand: string;
  url: string;
  serverName: string;
  move: RegionMoveRow;
}

const addressOf = (ip: string | null, port: number | null) => (ip && port ? `${ip}:${port}` : 'shown on My Services');

/** The move is done: the new address, since players must use it from now on. */
export function moveDoneEmail(input: MoveEmailInput): Omit<MailMessage, 'to'> {
  const { move } = input;
  const money =
    move.grossCents > 0
      ? `The difference for the rest of this period, ${formatMoney(move.grossCents, move.currency)}, was charged when the move began.`
      : move.grossCents < 0
        ? `The new location costs less: ${formatMoney(-move.grossCents, move.currency)} for the rest of this period was added to your account credit.`
        : 'The price stays the same.';
  return {
    subject: `${input.serverName} now runs in ${move.toLabel}`,
    ...renderEmail({
      brand: input.brand,
      heading: `${input.serverName} moved to ${move.toLabel}`,
      paragraphs: [
        `Your server moved from ${move.fromLabel} to ${move.toLabel} with its files and worlds.`,
        `Its new address is ${addressOf(move.newIp, move.newPort)}. The old address ${addressOf(move.oldIp, move.oldPort)} no longer answers: tell your players to use the new one.`,
        money,
      ],
      action: { label: 'Open My Services', url: input.url },
    }),
  };
}

/** A step failed and everything was put back. */
export function moveRolledBackEmail(input: MoveEmailInput): Omit<MailMessage, 'to'> {
  const { move } = input;
  return {
    subject: `${input.serverName} could not be moved to ${move.toLabel}`,
    ...renderEmail({
      brand: input.brand,
      heading: `${input.serverName} stays in ${move.fromLabel}`,
      paragraphs: [
        move.reason ?? 'A step of the move failed.',
        `We put everything back: the server runs in ${move.fromLabel} at ${addressOf(move.oldIp, move.oldPort)}, as before.${move.invoiceId && move.grossCents > 0 ? ` The ${formatMoney(move.grossCents, move.currency)} paid for the move was refunded.` : ''}`,
        'You can try the move again later, or contact support if it keeps failing.',
      ],
      action: { label: 'Open My Services', url: input.url },
    }),
  };
}
