import { useEffect, useState } from 'react';
import type { PlanChangeView } from '../../../../../shared/schemas/plan-changes';
import { useT } from '../../../../lib/i18n';
import type { ServerBasics } from '../../api/get-servers';
import { usePlanChangeOptions } from '../../api/get-plan-change';
import { isWorking, planChangeErrorText } from '../../plan-change-rules';
import { AwaitingPayment, ChangeOutcome, ChangeProgress, ScheduledChange } from './change-status';
import { PlanChooser } from './plan-chooser';
import { TaskDialog, TaskEnded, TaskOptionsState } from '../task-dialog/task-dialog';

/**
 * 'Change plan' on an owned server's card: the game's plans and add-ons with the server's price of
 * the choice; then the change as it goes (payment, resize, or the scheduled downgrade) and how it
 * ended. `follow` is a change to show at once (the checkout's return link names it).
 */
export function ChangePlanDialog({
  server,
  open,
  onOpenChange,
  follow,
}: {
  server: ServerBasics;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  follow?: string;
}) {
  const t = useT();
  const [watching, setWatching] = useState<string | null>(follow ?? null);
  const [started, setStarted] = useState<PlanChangeView | null>(null);
  const options = usePlanChangeOptions(server.id, open, watching !== null);
  const data = options.data;
  const last = data?.last ?? null;
  const ended = watching && data && !data.open && last?.id === watching ? last : null;
  // Between the POST and the refetch, the change the POST answered stands in for the server's.
  const current = data?.open ?? (started && started.id === watching && !ended ? started : null);

  useEffect(() => {
    if (data?.open && data.open.id !== watching) setWatching(data.open.id);
  }, [data?.open, watching]);

  const view = !data ? 'loading' : ended ? `ended-${ended.id}` : current ? `${current.status}-${current.id}` : 'choose';
  let body;
  if (!data) {
    body = (
      <TaskOptionsState
        error={options.isError ? planChangeErrorText(options.error) : null}
        loadingText={t('plan.loading')}
        onRetry={() => void options.refetch()}
      />
    );
  } else if (ended) {
    body = (
      <TaskEnded
        outcome={<ChangeOutcome serverName={server.name} change={ended} />}
        succeeded={ended.status === 'completed'}
        againLabel={t('plan.chooseAgain')}
        onDone={() => onOpenChange(false)}
        onAgain={() => {
          setWatching(null);
          setStarted(null);
        }}
      />
    );
  } else if (current && (isWorking(current.status) || current.status === 'applying')) {
    body = <ChangeProgress change={current} />;
  } else if (current?.status === 'awaiting_payment') {
    body = <AwaitingPayment serverId={server.id} serverName={server.name} change={current} />;
  } else if (current?.status === 'scheduled') {
    body = <ScheduledChange serverId={server.id} serverName={server.name} change={current} />;
  } else {
    body = (
      <PlanChooser
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
    <TaskDialog open={open} onOpenChange={onOpenChange} title={t('plan.title', { name: server.name })} description={t('plan.description')} view={view}>
      {body}
    </TaskDialog>
  );
}
