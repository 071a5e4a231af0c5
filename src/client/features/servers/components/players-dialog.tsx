import { Dialog } from '../../../components/ui/dialog';
import { useT } from '../../../lib/i18n';
import { usePlayers } from '../api/get-players';
import type { ServerBasics } from '../api/get-servers';
import { formatDateTime } from '../format';

/** Who is on the server now, refreshed every 10 s while open. */
export function PlayersDialog({ server, open, onOpenChange }: { server: ServerBasics; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const players = usePlayers(server.id, open);
  const list = players.data?.players ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('players.title', { name: server.name })} description={t('players.description')}>
      {players.isPending && (
        <p role="status" className="text-sm text-muted">
          {t('players.loading')}
        </p>
      )}
      {players.isError && <p className="text-sm text-muted">{t('players.loadFailed')}</p>}
      {players.data &&
        (list.length === 0 ? (
          <p className="text-sm">{t('players.none')}</p>
        ) : (
          <>
            <p className="text-sm text-muted">
              {t('players.count', { count: list.length, max: players.data.max || server.playerCap })}
            </p>
            <ul className="mt-3 divide-y divide-line rounded-lg border border-line" aria-label={t('players.listLabel')}>
              {list.map((p) => (
                <li key={p.name} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                  <span className="font-semibold">{p.name}</span>
                  <span className="text-xs text-muted">
                    {t('players.joined')} <time dateTime={p.joinedAt}>{formatDateTime(p.joinedAt)}</time>
                  </span>
                </li>
              ))}
            </ul>
          </>
        ))}
    </Dialog>
  );
}
