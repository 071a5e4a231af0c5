import { AlertTriangle, Check, Loader2, RotateCcw, X } from 'lucide-react';
import { formatPrice } from '../../../../lib/money';
import type { RegionMoveView } from '../../../../../shared/schemas/region-moves';
import { cn } from '../../../../lib/cn';

type Step = RegionMoveView['steps'][number];

const stepWords: Record<Step['status'], string> = {
  pending: ' (next)',
  running: ' (in progress)',
  done: ' (done)',
  failed: ' (failed)',
  undone: ' (undone)',
};

function StepIcon({ status }: { status: Step['status'] }) {
  const cls = 'h-4 w-4 shrink-0';
  if (status === 'done') return <Check className={cn(cls, 'text-accent')} aria-hidden="true" />;
  if (status === 'running') return <Loader2 className={cn(cls, 'animate-spin text-accent')} aria-hidden="true" />;
  if (status === 'failed') return <X className={cn(cls, 'text-danger')} aria-hidden="true" />;
  if (status === 'undone') return <RotateCcw className={cn(cls, 'text-muted')} aria-hidden="true" />;
  return <span className="h-4 w-4 shrink-0 rounded-full border border-line" aria-hidden="true" />;
}

export function MoveSteps({ move }: { move: RegionMoveView }) {
  return (
    <ol className="space-y-2" aria-label="Steps of the move">
      {move.steps.map((s) => (
        <li key={s.step} className={cn('text-sm', s.status === 'pending' && 'text-muted')}>
          <span className="flex items-center gap-2">
            <StepIcon status={s.status} />
            <span>
              {s.label}
              <span className="sr-only">{stepWords[s.status]}</span>
            </span>
          </span>
          {s.status === 'failed' && s.detail && <span className="ml-6 block text-xs text-danger">{s.detail}</span>}
        </li>
      ))}
    </ol>
  );
}

/** What the move is doing now, in one sentence (the live region reads it). */
export function moveProgressText(move: RegionMoveView): string {
  if (move.status === 'charging') return `Taking the payment for the move to ${move.to.label}...`;
  if (move.status === 'rolling_back') return `Something went wrong: putting the server back in ${move.from.label}...`;
  const current = move.steps.find((s) => s.status === 'running');
  return current ? `${current.label}...` : `Moving to ${move.to.label}...`;
}

/** A move under way, step by step. */
export function MoveProgress({ move }: { move: RegionMoveView }) {
  return (
    <div className="space-y-3">
      <p role="status" className="font-semibold">
        {moveProgressText(move)}
      </p>
      <MoveSteps move={move} />
      <p className="text-xs text-muted">
        The server is offline while it moves, usually for a few minutes. You can close this window: the card shows the new address when it is done.
      </p>
    </div>
  );
}

/** How a move ended: the new address, or why it was rolled back. */
export function MoveOutcome({ serverName, move }: { serverName: string; move: RegionMoveView }) {
  if (move.status === 'completed') {
    const money =
      move.grossCents < 0
        ? `${formatPrice(-move.grossCents)} was added to your account credit.`
        : move.grossCents > 0
          ? `${formatPrice(move.grossCents)} was charged for the rest of this period.`
          : null;
    return (
      <div className="space-y-3">
        <p role="status" className="flex items-start gap-2 font-semibold">
          <Check className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
          {serverName} now runs in {move.to.label}.
        </p>
        <p className="text-sm">
          New address: <span className="font-mono font-semibold">{move.to.address ?? 'shown on the card'}</span>
        </p>
        <p className="text-sm text-muted">Tell your players to use the new address: the old one{move.from.address ? ` (${move.from.address})` : ''} no longer answers.</p>
        {money && <p className="text-sm text-muted">{money}</p>}
      </div>
    );
  }
  const title = move.status === 'cancelled' ? 'The move did not start.' : `${serverName} stays in ${move.from.label}.`;
  return (
    <div className="space-y-3">
      <p role="alert" className="flex items-start gap-2 rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm">
        <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0 text-danger" aria-hidden="true" />
        <span>
          <strong className="block">{title}</strong>
          {move.reason ?? 'A step of the move failed.'}
          {move.status === 'rolled_back' && move.grossCents > 0 && ` The ${formatPrice(move.grossCents)} paid for it was refunded.`}
        </span>
      </p>
      {move.status !== 'cancelled' && <MoveSteps move={move} />}
    </div>
  );
}
