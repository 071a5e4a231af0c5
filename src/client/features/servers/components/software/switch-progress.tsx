import { AlertTriangle, Check, Loader2 } from 'lucide-react';
import { softwareSwitchProgress, type SoftwareSwitchView } from '../../../../../shared/schemas/software-switch';
import { cn } from '../../../../lib/cn';
import { translate, useT } from '../../../../lib/i18n';
import { switchStepInSentence, switchStepLabel } from './step-words';

const named = (s: SoftwareSwitchView['to']) => `${s.name}${s.version ? ` ${s.version}` : ''}`;

export function SwitchSteps({ change }: { change: SoftwareSwitchView }) {
  const t = useT();
  return (
    <ol
      className="space-y-2"
      aria-label={change.status === 'rolling_back' || change.status === 'rolled_back' ? t('software.stepsRollback') : t('software.stepsSwitch')}
    >
      {softwareSwitchProgress(change).map((s) => (
        <li key={s.key} className={cn('flex items-center gap-2 text-sm', s.state === 'pending' && 'text-muted')}>
          {s.state === 'done' ? (
            <Check className="h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
          ) : s.state === 'current' ? (
            <Loader2 className="h-4 w-4 shrink-0 animate-spin text-accent" aria-hidden="true" />
          ) : (
            <span className="h-4 w-4 shrink-0 rounded-full border border-line" aria-hidden="true" />
          )}
          <span>
            {switchStepLabel(s.key)}
            <span className="sr-only">
              {' '}
              {t(`software.state.${s.state}`)}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** What a switch under way is doing, in one sentence (the live region reads it). */
export function switchProgressText(change: Pick<SoftwareSwitchView, 'status' | 'step' | 'to'>): string {
  const current = softwareSwitchProgress(change).find((s) => s.state === 'current');
  if (change.status === 'rolling_back') {
    return translate('software.progress.rollingBack', { step: current ? switchStepInSentence(current.key) : translate('software.progress.undoing') });
  }
  return current ? translate('software.progress.step', { step: switchStepLabel(current.key) }) : translate('software.progress.switching', { software: named(change.to) });
}

export function SwitchProgress({ change }: { change: SoftwareSwitchView }) {
  const t = useT();
  return (
    <div className="space-y-3">
      <p role="status" className="font-semibold">
        {switchProgressText(change)}
      </p>
      <SwitchSteps change={change} />
      <p className="text-xs text-muted">{t('software.progress.note')}</p>
    </div>
  );
}

/** How a switch ended: the new software, or why the server is back on the old one. */
export function SwitchOutcome({ serverName, change }: { serverName: string; change: SoftwareSwitchView }) {
  const t = useT();
  if (change.status === 'succeeded') {
    return (
      <div className="space-y-2">
        <p role="status" className="flex items-start gap-2 font-semibold">
          <Check className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
          {t('software.outcome.done', { server: serverName, software: named(change.to) })}
        </p>
        <p className="text-sm text-muted">{t('software.outcome.kept')}</p>
      </div>
    );
  }
  const title = change.status === 'failed' ? t('software.outcome.failed') : t('software.outcome.backOn', { server: serverName, software: named(change.from) });
  return (
    <div className="space-y-3">
      <p role="alert" className="flex items-start gap-2 rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm">
        <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0 text-danger" aria-hidden="true" />
        <span>
          <strong className="block">{title}</strong>
          {change.reason ?? t('software.outcome.stepFailed')}
          {change.status === 'rolled_back' && ` ${t('software.outcome.restored')}`}
        </span>
      </p>
      {change.status === 'rolled_back' && <SwitchSteps change={change} />}
    </div>
  );
}
