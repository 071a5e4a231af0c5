import { useEffect, useRef, useState } from 'react';
import type { SoftwareSwitchView } from '../../../../../shared/schemas/software-switch';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { errorMessage } from '../../../../lib/errors';
import type { ServerBasics } from '../../api/get-servers';
import { useSoftwareOptions } from '../../api/get-software-options';
import { SoftwareChooser } from './software-chooser';
import { SwitchOutcome, SwitchProgress } from './switch-progress';

const running = (s: SoftwareSwitchView | null | undefined) => s?.status === 'running' || s?.status === 'rolling_back';

/**
 * 'Change software' on a Minecraft server's card (the owner, or a friend with the settings
 * permission): software and version, the memory warning with the plan upgrade, a confirmation,
 * then the switch step by step (live notices, polling every 2 s) to its result.
 */
export function ChangeSoftwareDialog({ server, open, onOpenChange }: { server: ServerBasics; open: boolean; onOpenChange: (open: boolean) => void }) {
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
  const viewRef = useRef<HTMLDivElement>(null);
  const firstView = useRef(true);
  useEffect(() => {
    // The pressed control is gone with its view: the new view takes the focus.
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
          {errorMessage(options.error)}
        </p>
        <Button size="sm" variant="outline" onClick={() => void options.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (!data) {
    body = (
      <p role="status" className="text-sm text-muted">
        Loading the software you can switch to...
      </p>
    );
  } else if (ended) {
    body = (
      <div className="space-y-4">
        <SwitchOutcome serverName={server.name} change={ended} />
        {ended.status === 'succeeded' ? (
          <Button onClick={() => onOpenChange(false)}>Done</Button>
        ) : (
          <Button
            variant="outline"
            onClick={() => {
              setWatching(null);
              setStarted(null);
            }}
          >
            Choose again
          </Button>
        )}
      </div>
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
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Change software: ${server.name}`}
      description="Switch to Paper, Fabric or Forge, or to another version. Your world and configs are kept."
    >
      <div ref={viewRef} tabIndex={-1} className="outline-none" data-view={view.split('-')[0]}>
        {body}
      </div>
    </Dialog>
  );
}
