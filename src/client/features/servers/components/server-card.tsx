import { AlertTriangle } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { GameIcon } from '../../../components/ui/game-icon';
import { ServerStatusBadge } from '../../../components/ui/status-badge';
import { cn } from '../../../lib/cn';
import type { Server } from '../api/get-servers';
import { normalStatus, REFUND_NOTE } from '../server-rules';
import { ServerActions, type ServerDialog } from './server-actions';
import { ServerFigures } from './server-figures';

/** One server on My Services; `server-<id>` is the anchor the overview's Manage link points at. */
export function ServerCard({
  server,
  highlighted,
  onOpen,
}: {
  server: Server;
  highlighted?: boolean;
  onOpen: (dialog: ServerDialog) => void;
}) {
  const headingId = `server-${server.id}-name`;
  const failed = normalStatus(server.status) === 'failed';
  return (
    <Card
      id={`server-${server.id}`}
      role="article"
      aria-labelledby={headingId}
      tabIndex={-1}
      className={cn('scroll-mt-6 space-y-5 p-4 sm:p-6', highlighted && 'border-accent')}
      data-status={normalStatus(server.status)}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <GameIcon game={server.game} className="h-11 w-11 shrink-0" />
          <div className="min-w-0">
            <h2 id={headingId} className="truncate text-lg font-bold">
              {server.name}
            </h2>
            <p className="text-sm text-muted">
              {server.gameName} · {server.planName}
            </p>
          </div>
        </div>
        <div className="flex items-center gap-2">
          <span className="sr-only">Status:</span>
          <ServerStatusBadge status={server.status} />
        </div>
      </div>

      {failed && (
        <div className="flex gap-3 rounded-xl border border-danger/40 bg-danger/10 p-4 text-sm">
          <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0 text-danger" aria-hidden="true" />
          <div>
            <p className="font-semibold text-ink">{server.failureReason ?? 'We could not set up this server.'}</p>
            <p className="mt-1 text-muted">{REFUND_NOTE}</p>
          </div>
        </div>
      )}

      <ServerFigures server={server} />
      <ServerActions server={server} onOpen={onOpen} />
    </Card>
  );
}
