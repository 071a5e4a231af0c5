import { useEffect, useRef, useState } from 'react';
import type { RegionMoveView } from '../../../../../shared/schemas/region-moves';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import type { ServerBasics } from '../../api/get-servers';
import { useRegionMoveOptions } from '../../api/get-region-move';
import { LocationChooser, moveErrorText } from './location-chooser';
import { MoveOutcome, MoveProgress } from './move-progress';

/**
 * 'Move region' on an owned server's card: the locations with room and their price difference, a
 * confirmation, then the move step by step (live notices, polling every 2 s) to the new address or
 * the reason it was rolled back.
 */
export function MoveRegionDialog({ server, open, onOpenChange }: { server: ServerBasics; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [watching, setWatching] = useState<string | null>(null);
  const [started, setStarted] = useState<RegionMoveView | null>(null);
  const options = useRegionMoveOptions(server.id, open, watching !== null);
  const data = options.data;
  const last = data?.last ?? null;
  const ended = watching && data && !data.open && last?.id === watching ? last : null;
  // Between the POST and the refetch, the move the POST answered stands in for the server's.
  const current = data?.open ?? (started && started.id === watching && !ended ? started : null);

  useEffect(() => {
    if (data?.open && data.open.id !== watching) setWatching(data.open.id);
  }, [data?.open, watching]);

  const view = !data ? 'loading' : ended ? `ended-${ended.id}` : current ? `moving-${current.id}` : 'choose';
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
          {moveErrorText(options.error)}
        </p>
        <Button size="sm" variant="outline" onClick={() => void options.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (!data) {
    body = (
      <p role="status" className="text-sm text-muted">
        Looking for locations with room...
      </p>
    );
  } else if (ended) {
    body = (
      <div className="space-y-4">
        <MoveOutcome serverName={server.name} move={ended} />
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
            Choose a location again
          </Button>
        )}
      </div>
    );
  } else if (current) {
    body = <MoveProgress move={current} />;
  } else {
    body = (
      <LocationChooser
        serverId={server.id}
        serverName={server.name}
        options={data}
        onStarted={(move) => {
          setStarted(move);
          setWatching(move.id);
        }}
      />
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Move region: ${server.name}`}
      description="Move the server closer to your players. It keeps its files and worlds, and gets a new address."
    >
      <div ref={viewRef} tabIndex={-1} className="outline-none" data-view={view.split('-')[0]}>
        {body}
      </div>
    </Dialog>
  );
}
