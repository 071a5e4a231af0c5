import { AlertTriangle, Check, Loader2, RotateCcw, X } from 'lucide-react';
import { formatIn } from '../../../../lib/money';
import type { RegionMoveView } from '../../../../../shared/schemas/region-moves';
import { cn } from '../../../../lib/cn';
import { translate, useT } from '../../../../lib/i18n';

type Step = RegionMoveView['steps'][number];

/** A step's name in the page's language (the server sends it in English). */
function stepLabel(step: Step): string {
  return translate(`move.stepName.${step.step}`);
}

function StepIcon({ status }: { status: Step['status'] }) {
  const cls = 'h-4 w-4 shrink-0';
  if (status === 'done') return <Check className={cn(cls, 'text-accent')} aria-hidden="true" />;
  if (status === 'running') return <Loader2 className={cn(cls, 'animate-spin text-accent')} aria-hidden="true" />;
  if (status === 'failed') return <X className={cn(cls, 'text-danger')} aria-hidden="true" />;
  if (status === 'undone') return <RotateCcw className={cn(cls, 'text-muted')} aria-hidden="true" />;
  return <span className="h-4 w-4 shrink-0 rounded-full border border-line" aria-hidden="true" />;
}

export function MoveSteps({ move }: { move: RegionMoveView }) {
  const t = useT();
  return (
    <ol className="space-y-2" aria-label={t('move.steps')}>
      {move.steps.map((s) => (
        <li key={s.step} className={cn('text-sm', s.status === 'pending' && 'text-muted')}>
          <span className="flex items-center gap-2">
            <StepIcon status={s.status} />
            <span>
              {stepLabel(s)}
              <span className="sr-only">
                {' '}
                {t(`move.step.${s.status}`)}
              </span>
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
  if (move.status === 'charging') return translate('move.progress.charging', { location: move.to.label });
  if (move.status === 'rolling_back') return translate('move.progress.rollingBack', { location: move.from.label });
  const current = move.steps.find((s) => s.status === 'running');
  return current ? translate('move.progress.step', { step: stepLabel(current) }) : translate('move.progress.moving', { location: move.to.label });
}

/** A move under way, step by step. */
export function MoveProgress({ move }: { move: RegionMoveView }) {
  const t = useT();
  return (
    <div className="space-y-3">
      <p role="status" className="font-semibold">
        {moveProgressText(move)}
      </p>
      <MoveSteps move={move} />
      {/* A charge whose answer was lost stays 'charging' until the sweep asks again (decision 084). */}
      <p className="text-xs text-muted">{move.status === 'charging' ? t('move.progress.chargingNote', { location: move.to.label }) : t('move.progress.note')}</p>
    </div>
  );
}

/** How a move ended: the new address, or why it was rolled back. */
export function MoveOutcome({ serverName, move }: { serverName: string; move: RegionMoveView }) {
  const t = useT();
  if (move.status === 'completed') {
    const money =
      move.grossCents < 0
        ? t('move.outcome.credit', { amount: formatIn(-move.grossCents, move.currency) })
        : move.grossCents > 0
          ? t('move.outcome.charged', { amount: formatIn(move.grossCents, move.currency) })
          : null;
    return (
      <div className="space-y-3">
        <p role="status" className="flex items-start gap-2 font-semibold">
          <Check className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
          {t('move.outcome.done', { server: serverName, location: move.to.label })}
        </p>
        <p className="text-sm">
          {t('move.outcome.address')} <span className="font-mono font-semibold">{move.to.address ?? t('move.outcome.onCard')}</span>
        </p>
        <p className="text-sm text-muted">
          {move.from.address ? t('move.outcome.tellOld', { address: move.from.address }) : t('move.outcome.tell')}
        </p>
        {money && <p className="text-sm text-muted">{money}</p>}
      </div>
    );
  }
  const title = move.status === 'cancelled' ? t('move.outcome.notStarted') : t('move.outcome.stays', { server: serverName, location: move.from.label });
  return (
    <div className="space-y-3">
      <p role="alert" className="flex items-start gap-2 rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm">
        <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0 text-danger" aria-hidden="true" />
        <span>
          <strong className="block">{title}</strong>
          {move.reason ?? t('move.outcome.stepFailed')}
          {move.status === 'rolled_back' && move.grossCents > 0 && ` ${t('move.outcome.refunded', { amount: formatIn(move.grossCents, move.currency) })}`}
        </span>
      </p>
      {move.status !== 'cancelled' && <MoveSteps move={move} />}
    </div>
  );
}
