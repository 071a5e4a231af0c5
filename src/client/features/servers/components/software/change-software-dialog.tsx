import { useEffect, useState } from 'react';
import type { SoftwareSwitchView } from '../../../../../shared/schemas/software-switch';
import { refusalMessage } from '../../../../lib/field-message';
import { useT } from '../../../../lib/i18n';
import type { ServerBasics } from '../../api/get-servers';
import { useSoftwareOptions } from '../../api/get-software-options';
import { SoftwareChooser } from './software-chooser';
import { SwitchOutcome, SwitchProgress } from './switch-progress';
import { TaskDialog, TaskEnded, TaskOptionsState } from '../task-dialog/task-dialog';

const running = (s: SoftwareSwitchView | null | undefined) => s?.status === 'running' || s?.status === 'rolling_back';

/**
 * 'Change software' on a Minecraft server's card (the owner, or a friend with the settings
 * permission): software and version, the memory warning with the plan upgrade, a confirmation,
 * then the switch step by step (live notices, polling every 2 s) to its result.
 */
export function ChangeSoftwareDialog({ server, open, onOpenChange }: { server: ServerBasics; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const [watching, setWatching] = useState<string | null>(null);
  const [started, setStarted] = useState<SoftwareSwitchView | null>(null);
  const options = useSoftwareOptions(server.id, open, watching !== null);
  const data = options.data;
  const latest = data?.latest ?? null;
  const current = running(latest) ? latest : started && started.id === watching && latest?.id !== watching ? started : null;
  const ended = watching && latest?.id === watching && !running(latest) ? latest : null;

  useEffect(() => {
    if (latest && running(latest) && latest.id !== watching) setWatching(latest.id);
  }, [latest, watching]);

  const view = !data ? 'loading' : ended ? `ended-${ended.id}` : current ? `switching-${current.id}` : 'choose';
  let body;
  if (!data) {
    body = (
      <TaskOptionsState
        error={options.isError ? refusalMessage(options.error) : null}
        loadingText={t('software.loading')}
        onRetry={() => void options.refetch()}
      />
    );
  } else if (ended) {
    body = (
      <TaskEnded
        outcome={<SwitchOutcome serverName={server.name} change={ended} />}
        succeeded={ended.status === 'succeeded'}
        againLabel={t('software.chooseAgain')}
        onDone={() => onOpenChange(false)}
        onAgain={() => {
          setWatching(null);
          setStarted(null);
        }}
      />
    );
  } else if (current) {
    body = <SwitchProgress change={current} />;
  } else {
    body = (
      <SoftwareChooser
        serverId={server.id}
        serverName={server.name}
        options={data}
        onStarted={(change) => {
          setStarted(change);
          setWatching(change.id);
        }}
      />
    );
  }


  return (
    <TaskDialog open={open} onOpenChange={onOpenChange} title={t('software.title', { name: server.name })} description={t('software.description')} view={view}>
      {body}
    </TaskDialog>
  );
}
