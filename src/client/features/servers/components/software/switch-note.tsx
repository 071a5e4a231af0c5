import { Loader2 } from 'lucide-react';
import type { ServerView } from '../../../../../shared/schemas/servers';
import { softwareSwitchProgress } from '../../../../../shared/schemas/software-switch';
import { useT } from '../../../../lib/i18n';
import { switchStepInSentence } from './step-words';

type Switching = NonNullable<ServerView['softwareSwitch']>;

/** On the card while a switch runs: where it is, and a way back to its progress. */
export function SwitchNote({ change, onOpen }: { change: Switching; onOpen: () => void }) {
  const t = useT();
  const step = softwareSwitchProgress(change).find((s) => s.state === 'current');
  const text =
    change.status === 'rolling_back'
      ? t('software.note.rollingBack', { software: change.to, step: step ? switchStepInSentence(step.key) : t('software.note.puttingBack') })
      : t('software.note.switching', { software: change.to, step: step ? switchStepInSentence(step.key) : t('software.note.starting') });
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-accent/30 bg-accent/10 px-3 py-2 text-sm">
      <p role="status" className="flex items-center gap-2">
        <Loader2 className="h-4 w-4 shrink-0 animate-spin text-accent" aria-hidden="true" />
        {text}
      </p>
      <button type="button" className="text-sm font-semibold text-accent underline-offset-2 hover:underline" onClick={onOpen}>
        {t('software.note.show')}
      </button>
    </div>
  );
}
