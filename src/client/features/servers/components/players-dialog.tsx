import { Dialog } from '../../../components/ui/dialog';
import { usePlayers } from '../api/get-players';
import type { ServerBasics } from '../api/get-servers';
import { formatDateTime } from '../format';

/** Who is on the server now, refreshed every 10 s while open. */
export function PlayersDialog({ server, open, onOpenChange }: { server: ServerBasics; open: boolean; onOpenChange: (open: boolean) => void }) {
  const players = usePlayers(server.id, open);
  const list = players.data?.players ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Players: ${server.name}`} description="Players online right now.">
      {players.isPending && (
        <p role="status" className="text-sm text-muted">
          Loading players...
        </p>
      )}
      {players.isError && <p className="text-sm text-muted">We could not load the player list right now. Try again in a moment.</p>}
      {players.data &&
        (list.length === 0 ? (
          <p className="text-sm">No players online</p>
        ) : (
          <>
            <p className="text-sm text-muted">
              {list.length} of {players.data.max || server.playerCap} online
            </p>
            <ul className="mt-3 divide-y divide-line rounded-lg border border-line" aria-label="Online players">
              {list.map((p) => (
                <li key={p.name} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                  <span className="font-semibold">{p.name}</span>
                  <span className="text-xs text-muted">
                    joined <time dateTime={p.joinedAt}>{formatDateTime(p.joinedAt)}</time>
                  </span>
                </li>
              ))}
            </ul>
          </>
        ))}
    </Dialog>
  );
}
