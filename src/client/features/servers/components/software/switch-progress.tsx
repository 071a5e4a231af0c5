import { AlertTriangle, Check, Loader2 } from 'lucide-react';
import { softwareSwitchProgress, type SoftwareSwitchView } from '../../../../../shared/schemas/software-switch';
import { cn } from '../../../../lib/cn';

const stepWords = { done: ' (done)', current: ' (in progress)', pending: ' (next)' } as const;

const named = (s: SoftwareSwitchView['to']) => `${s.name}${s.version ? ` ${s.version}` : ''}`;

export function SwitchSteps({ change }: { change: SoftwareSwitchView }) {
  return (
    <ol className="space-y-2" aria-label={change.status === 'rolling_back' || change.status === 'rolled_back' ? 'Steps of the rollback' : 'Steps of the switch'}>
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
            {s.label}
            <span className="sr-only">{stepWords[s.state]}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** What a switch under way is doing, in one sentence (the live region reads it). */
export function switchProgressText(change: Pick<SoftwareSwitchView, 'status' | 'step' | 'to'>): string {
  const current = softwareSwitchProgress(change).find((s) => s.state === 'current');
  if (change.status === 'rolling_back') return `Something went wrong, so the server goes back as it was: ${current ? current.label.toLowerCase() : 'undoing the switch'}...`;
  return current ? `${current.label}...` : `Switching to ${named(change.to)}...`;
}

export function SwitchProgress({ change }: { change: SoftwareSwitchView }) {
  return (
    <div className="space-y-3">
      <p role="status" className="font-semibold">
        {switchProgressText(change)}
      </p>
      <SwitchSteps change={change} />
      <p className="text-xs text-muted">
        The server is offline for a few minutes while its software changes. You can close this window: the card shows the software when it is done.
      </p>
    </div>
  );
}

/** How a switch ended: the new software, or why the server is back on the old one. */
export function SwitchOutcome({ serverName, change }: { serverName: string; change: SoftwareSwitchView }) {
  if (change.status === 'succeeded') {
    return (
      <div className="space-y-2">
        <p role="status" className="flex items-start gap-2 font-semibold">
          <Check className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
          {serverName} is back online on {named(change.to)}.
        </p>
        <p className="text-sm text-muted">Your world and configs were kept. A backup from just before the switch is in Backups if you want to go back.</p>
      </div>
    );
  }
  const title = change.status === 'failed' ? 'The switch failed and needs a hand from support.' : `${serverName} is back on ${named(change.from)}.`;
  return (
    <div className="space-y-3">
      <p role="alert" className="flex items-start gap-2 rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm">
        <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0 text-danger" aria-hidden="true" />
        <span>
          <strong className="block">{title}</strong>
          {change.reason ?? 'A step of the switch failed.'}
          {change.status === 'rolled_back' && ' The backup taken first was restored, so nothing was lost.'}
        </span>
      </p>
      {change.status === 'rolled_back' && <SwitchSteps change={change} />}
    </div>
  );
}
