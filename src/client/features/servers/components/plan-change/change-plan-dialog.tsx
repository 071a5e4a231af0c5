import { useEffect, useRef, useState } from 'react';
import type { PlanChangeView } from '../../../../../shared/schemas/plan-changes';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import type { ServerBasics } from '../../api/get-servers';
import { usePlanChangeOptions } from '../../api/get-plan-change';
import { isWorking, planChangeErrorText } from '../../plan-change-rules';
import { AwaitingPayment, ChangeOutcome, ChangeProgress, ScheduledChange } from './change-status';
import { PlanChooser } from './plan-chooser';

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
  const viewRef = useRef<HTMLDivElement>(null);
  const firstView = useRef(true);
  useEffect(() => {
    // The control that was pressed is gone with its view: the new view takes the focus.
    if (view === 'loading') return;
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    viewRef.current?.focus();
  }, [view]);

  let body;
  if (options.isError && !data) {
    body = (
      <div className="space-y-3">
        <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm">
          {planChangeErrorText(options.error)}
        </p>
        <Button size="sm" variant="outline" onClick={() => void options.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (!data) {
    body = (
      <p role="status" className="text-sm text-muted">
        Loading the plans...
      </p>
    );
  } else if (ended) {
    body = (
      <div className="space-y-4">
        <ChangeOutcome serverName={server.name} change={ended} />
        <div className="flex flex-wrap gap-2">
          {ended.status === 'completed' ? (
            <Button onClick={() => onOpenChange(false)}>Done</Button>
          ) : (
            <Button
              variant="outline"
              onClick={() => {
                setWatching(null);
                setStarted(null);
              }}
            >
              Choose a plan again
            </Button>
          )}
        </div>
      </div>
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
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Change plan: ${server.name}`}
      description="A bigger plan is charged now for the rest of this billing period and applied in about a minute; a smaller one starts at your next renewal."
    >
      <div ref={viewRef} tabIndex={-1} className="outline-none" data-view={view.split('-')[0]}>
        {body}
      </div>
    </Dialog>
  );
}
