import { AlertTriangle, Loader2, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PlanChangeView } from '../../../../shared/schemas/plan-changes';
import { Card } from '../../../components/ui/card';
import { GameIcon } from '../../../components/ui/game-icon';
import { ServerStatusBadge } from '../../../components/ui/status-badge';
import { cn } from '../../../lib/cn';
import { useBusinessRules } from '../../../lib/business-rules';
import { useT } from '../../../lib/i18n';
import type { ServerBasics } from '../api/get-servers';
import { blockedReason, normalStatus, refundNote } from '../server-rules';
import { ServerActions, type CardAccess, type ServerDialog } from './server-actions';
import { PlanChangeNote } from './plan-change/plan-change-note';
import { ServerFigures } from './server-figures';
import { SwitchNote } from './software/switch-note';
import { SftpAccess } from './sftp/sftp-access';
import { permissionList } from './sharing/permission-picker';

/**
 * One server on My Services; `server-<id>` is the anchor the overview's Manage link points at.
 * A server shared with the viewer says whose it is and what they may do, and shows only those controls.
 */
export function ServerCard({
  server,
  access,
  failureReason,
  highlighted,
  onOpen,
  headingLevel = 2,
  planChange,
  moving,
  children,
}: {
  server: ServerBasics;
  access: CardAccess;
  failureReason?: string | null;
  highlighted?: boolean;
  onOpen: (dialog: ServerDialog) => void;
  headingLevel?: 2 | 3;
  /** The owner's plan change under way, if any. */
  planChange?: PlanChangeView | null;
  /** The owner's region move under way, if any. */
  moving?: { toLabel: string } | null;
  children?: ReactNode;
}) {
  const t = useT();
  const rules = useBusinessRules();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `server-${server.id}-name`;
  const failed = normalStatus(server.status) === 'failed';
  const canUseFiles = access.role === 'owner' || access.permissions.includes('files');
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
            <Heading id={headingId} className="truncate text-lg font-bold">
              {server.name}
            </Heading>
            <p className="text-sm text-muted">
              {server.gameName} · {server.planName}
              {server.software && (
                <>
                  {' · '}
                  <span data-testid="server-software">
                    {server.software.name}
                    {server.software.version ? ` ${server.software.version}` : ''}
                  </span>
                </>
              )}
            </p>
          </div>
        </div>
        <div className="flex items-center gap-2">
          <span className="sr-only">{t('servers.status')}</span>
          <ServerStatusBadge status={server.status} />
        </div>
      </div>

      {access.role === 'subuser' && (
        <p className="flex flex-wrap items-center gap-2 rounded-xl border border-violet/30 bg-violet/10 px-3 py-2 text-sm">
          <Users className="h-4 w-4 shrink-0 text-violet" aria-hidden="true" />
          <span>{t('servers.sharedBy', { owner: access.ownerName, permissions: permissionList(access.permissions) })}</span>
        </p>
      )}

      {failed && (
        <div className="flex gap-3 rounded-xl border border-danger/40 bg-danger/10 p-4 text-sm">
          <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0 text-danger" aria-hidden="true" />
          <div>
            <p className="font-semibold text-ink">{failureReason ?? t('servers.setupFailed')}</p>
            {access.role === 'owner' && <p className="mt-1 text-muted">{refundNote(rules)}</p>}
          </div>
        </div>
      )}

      {access.role === 'owner' && planChange && <PlanChangeNote serverId={server.id} serverName={server.name} change={planChange} />}
      {access.role === 'owner' && moving && (
        <p role="status" className="flex items-center gap-2 rounded-xl border border-accent/40 bg-accent/10 px-3 py-2 text-sm">
          <Loader2 className="h-4 w-4 shrink-0 animate-spin text-accent" aria-hidden="true" />
          {t('servers.movingNote', { location: moving.toLabel })}{' '}
          <button type="button" className="font-semibold underline" onClick={() => onOpen('move')}>
            {t('servers.seeSteps')}
          </button>
        </p>
      )}
      {server.softwareSwitch && <SwitchNote change={server.softwareSwitch} onOpen={() => onOpen('software')} />}

      <ServerFigures server={server} showSchedule={access.role === 'owner' || access.permissions.includes('settings')} />
      <ServerActions server={server} access={access} onOpen={onOpen} moving={access.role === 'owner' ? moving : null} />
      {canUseFiles && !blockedReason(server.status) && <SftpAccess serverId={server.id} serverName={server.name} />}
      {children}
    </Card>
  );
}
