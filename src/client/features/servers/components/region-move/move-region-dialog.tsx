import { useEffect, useState } from 'react';
import type { RegionMoveView } from '../../../../../shared/schemas/region-moves';
import { useT } from '../../../../lib/i18n';
import type { ServerBasics } from '../../api/get-servers';
import { useRegionMoveOptions } from '../../api/get-region-move';
import { LocationChooser, moveErrorText } from './location-chooser';
import { MoveOutcome, MoveProgress } from './move-progress';
import { TaskDialog, TaskEnded, TaskOptionsState } from '../task-dialog/task-dialog';

/**
 * 'Move region' on an owned server's card: the locations with room and their price difference, a
 * confirmation, then the move step by step (live notices, polling every 2 s) to the new address or
 * the reason it was rolled back.
 */
export function MoveRegionDialog({ server, open, onOpenChange }: { server: ServerBasics; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
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
  let body;
  if (!data) {
    body = (
      <TaskOptionsState
        error={options.isError ? moveErrorText(options.error) : null}
        loadingText={t('move.loading')}
        onRetry={() => void options.refetch()}
      />
    );
  } else if (ended) {
    body = (
      <TaskEnded
        outcome={<MoveOutcome serverName={server.name} move={ended} />}
        succeeded={ended.status === 'completed'}
        againLabel={t('move.chooseAgain')}
        onDone={() => onOpenChange(false)}
        onAgain={() => {
          setWatching(null);
          setStarted(null);
        }}
      />
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
    <TaskDialog open={open} onOpenChange={onOpenChange} title={t('move.title', { name: server.name })} description={t('move.description')} view={view}>
      {body}
    </TaskDialog>
  );
}
