import { Archive, ArrowUpDown, Blocks, Clock, ExternalLink, FolderOpen, Globe, Play, RotateCw, Settings2, Share2, Square, Terminal, Users } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { toast } from 'sonner';
import { buttonClass, Button, ButtonLink } from '../../../components/ui/button';
import type { ServerPermission } from '../../../../shared/schemas/server-sharing';
import type { PowerAction } from '../../../../shared/schemas/servers';
import { errorMessage } from '../../../lib/errors';
import type { ServerBasics } from '../api/get-servers';
import { usePowerServer } from '../api/power-server';
import { offersPlanChange } from '../plan-change-rules';
import {
  blockedReason,
  powerButton,
  powerDisabledReason,
  powerToasts,
  restartDisabledReason,
} from '../server-rules';

export type ServerDialog = 'console' | 'backups' | 'players' | 'share' | 'schedule' | 'plan' | 'move' | 'software';

/**
 * Who is looking at the card. The owner has every control and the panel link; someone the server
 * is shared with sees only what they were granted (players and figures are theirs to see).
 */
export type CardAccess =
  | { role: 'owner'; panelUrl: string | null; cancelAt?: string | null }
  | { role: 'subuser'; permissions: readonly ServerPermission[]; ownerName: string };

function can(access: CardAccess, permission: ServerPermission): boolean {
  return access.role === 'owner' || access.permissions.includes(permission);
}

/** Sharing is refused once a server failed or was cancelled. */
export function shareDisabledReason(status: string): string | null {
  const s = status.trim().toLowerCase();
  return s === 'failed' || s === 'cancelled' || s === 'deleted' ? 'This server can no longer be shared.' : null;
}

interface ActionDef {
  key: string;
  label: string;
  icon: ReactNode;
  reason: string | null;
  render: (props: { describedBy?: string; title?: string; label: ReactNode }) => ReactNode;
}

/** The card's buttons. A disabled button points (aria-describedby, title) at its visible reason. */
export function ServerActions({
  server,
  access,
  onOpen,
  moving,
}: {
  server: ServerBasics;
  access: CardAccess;
  onOpen: (dialog: ServerDialog) => void;
  /** A region move under way: power, backups and plan changes wait for it. */
  moving?: { toLabel: string } | null;
}) {
  const baseId = useId();
  const power = usePowerServer();
  const blocked = blockedReason(server.status);
  const waiting = moving ? `Waiting for the move to ${moving.toLabel} to finish.` : null;
  const toggle = powerButton(server.status);
  const pending = power.isPending && power.variables?.id === server.id;

  function run(action: PowerAction) {
    power.mutate(
      { id: server.id, action },
      {
        onSuccess: () => toast.success(powerToasts[action].title, { description: powerToasts[action].description(server.name) }),
        onError: (error) => toast.error('Power Action Failed', { description: errorMessage(error) }),
      },
    );
  }

  const name = (
    <>
      {' '}
      <span className="sr-only">{server.name}</span>
    </>
  );
  const icon = 'h-4 w-4';
  const dialogButton = (dialog: ServerDialog, label: string, glyph: ReactNode, reason: string | null): ActionDef => ({
    key: dialog,
    label,
    icon: glyph,
    reason,
    render: (p) => (
      <Button
        size="sm"
        variant="secondary"
        disabled={Boolean(p.describedBy)}
        aria-describedby={p.describedBy}
        title={p.title}
        aria-haspopup="dialog"
        onClick={() => onOpen(dialog)}
      >
        {p.label}
      </Button>
    ),
  });
  const panelUrl = access.role === 'owner' ? access.panelUrl : null;
  const all: (ActionDef | false)[] = [
    can(access, 'power') && {
      key: 'power',
      label: toggle.label,
      icon: toggle.action === 'stop' ? <Square className={icon} aria-hidden="true" /> : <Play className={icon} aria-hidden="true" />,
      reason: waiting ?? powerDisabledReason(server.status),
      render: (p) => (
        <Button
          size="sm"
          variant={p.describedBy ? 'secondary' : toggle.action === 'stop' ? 'danger' : 'primary'}
          disabled={Boolean(p.describedBy) || pending}
          aria-describedby={p.describedBy}
          title={p.title}
          onClick={() => run(toggle.action)}
        >
          {p.label}
        </Button>
      ),
    },
    can(access, 'power') && {
      key: 'restart',
      label: 'Restart',
      icon: <RotateCw className={icon} aria-hidden="true" />,
      reason: waiting ?? restartDisabledReason(server.status),
      render: (p) => (
        <Button
          size="sm"
          variant="outline"
          disabled={Boolean(p.describedBy) || pending}
          aria-describedby={p.describedBy}
          title={p.title}
          onClick={() => run('restart')}
        >
          {p.label}
        </Button>
      ),
    },
    access.role === 'owner' &&
      (panelUrl
      ? {
          key: 'panel',
          label: 'Game Panel',
          icon: <ExternalLink className={icon} aria-hidden="true" />,
          reason: blocked,
          render: (p) =>
            p.describedBy ? (
              <Button size="sm" variant="outline" disabled aria-describedby={p.describedBy} title={p.title}>
                {p.label}
              </Button>
            ) : (
              <a
                href={panelUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClass('outline', 'sm')}
              >
                {p.label}{' '}
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            ),
        }
      : {
          key: 'configure',
          label: 'Configure',
          icon: <Settings2 className={icon} aria-hidden="true" />,
          reason: blocked,
          render: (p) =>
            p.describedBy ? (
              <Button size="sm" variant="outline" disabled aria-describedby={p.describedBy} title={p.title}>
                {p.label}
              </Button>
            ) : (
              <ButtonLink to={`/configure/${encodeURIComponent(server.game)}`} size="sm" variant="outline">
                {p.label}
              </ButtonLink>
            ),
        }),
    can(access, 'backups') && dialogButton('backups', 'Backup', <Archive className={icon} aria-hidden="true" />, blocked ?? waiting),
    dialogButton('players', 'Players', <Users className={icon} aria-hidden="true" />, blocked),
    can(access, 'files') && {
      key: 'files',
      label: 'Files',
      icon: <FolderOpen className={icon} aria-hidden="true" />,
      reason: blocked,
      render: (p) =>
        p.describedBy ? (
          <Button size="sm" variant="secondary" disabled aria-describedby={p.describedBy} title={p.title}>
            {p.label}
          </Button>
        ) : (
          <ButtonLink to={`/dashboard/servers/${encodeURIComponent(server.id)}/files`} size="sm" variant="secondary">
            {p.label}
          </ButtonLink>
        ),
    },
    can(access, 'console') && dialogButton('console', 'Console', <Terminal className={icon} aria-hidden="true" />, blocked),
    access.role === 'subuser' &&
      can(access, 'settings') &&
      dialogButton('schedule', 'Schedule Restart', <Clock className={icon} aria-hidden="true" />, blocked),
    access.role === 'owner' &&
      offersPlanChange(server.status, access.cancelAt) &&
      dialogButton('plan', 'Change plan', <ArrowUpDown className={icon} aria-hidden="true" />, blocked ?? waiting),
    access.role === 'owner' &&
      offersPlanChange(server.status, access.cancelAt) &&
      dialogButton('move', 'Move region', <Globe className={icon} aria-hidden="true" />, blocked),
    Boolean(server.software) &&
      can(access, 'settings') &&
      dialogButton('software', 'Change software', <Blocks className={icon} aria-hidden="true" />, blocked),
    access.role === 'owner' && dialogButton('share', 'Share', <Share2 className={icon} aria-hidden="true" />, shareDisabledReason(server.status)),
  ];
  const actions = all.filter((a): a is ActionDef => Boolean(a));

  const reasons = [...new Set(actions.map((a) => a.reason).filter((r): r is string => Boolean(r)))];
  const reasonId = (reason: string) => `${baseId}-reason-${reasons.indexOf(reason)}`;

  return (
    <div>
      <div className="flex flex-wrap gap-2">
        {actions.map((a) => (
          <span key={a.key} className="contents">
            {a.render({
              describedBy: a.reason ? reasonId(a.reason) : undefined,
              title: a.reason ?? undefined,
              label: (
                <>
                  {a.icon}
                  {a.label}
                  {name}
                </>
              ),
            })}
          </span>
        ))}
      </div>
      {reasons.length > 0 && (
        <ul className="mt-3 space-y-1 text-xs text-muted">
          {reasons.map((reason) => (
            <li key={reason} id={reasonId(reason)}>
              {reason}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
