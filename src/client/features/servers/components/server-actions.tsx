import { Archive, ArrowUpDown, Blocks, Clock, ExternalLink, FolderOpen, Globe, Play, RotateCw, Settings2, Share2, Square, Terminal, Users } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { toast } from 'sonner';
import { buttonClass, Button, ButtonLink } from '../../../components/ui/button';
import type { ServerPermission } from '../../../../shared/schemas/server-sharing';
import type { PowerAction } from '../../../../shared/schemas/servers';
import { refusalMessage } from '../../../lib/field-message';
import { translate, useT } from '../../../lib/i18n';
import type { ServerBasics } from '../api/get-servers';
import { usePowerServer } from '../api/power-server';
import { offersPlanChange } from '../plan-change-rules';
import {
  blockedReason,
  powerButton,
  powerDisabledReason,
  powerToast,
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
  return s === 'failed' || s === 'cancelled' || s === 'deleted' ? translate('servers.reason.noSharing') : null;
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
  const t = useT();
  const power = usePowerServer();
  const blocked = blockedReason(server.status);
  const waiting = moving ? t('servers.reason.moving', { location: moving.toLabel }) : null;
  const toggle = powerButton(server.status);
  const pending = power.isPending && power.variables?.id === server.id;

  function run(action: PowerAction) {
    power.mutate(
      { id: server.id, action },
      {
        onSuccess: () => {
          const done = powerToast(action, server.name);
          toast.success(done.title, { description: done.description });
        },
        onError: (error) => toast.error(t('servers.toast.powerFailed'), { description: refusalMessage(error) }),
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
      label: t('servers.action.restart'),
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
          label: t('servers.action.panel'),
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
                <span className="sr-only">{t('servers.newTab')}</span>
              </a>
            ),
        }
      : {
          key: 'configure',
          label: t('servers.action.configure'),
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
    can(access, 'backups') && dialogButton('backups', t('servers.action.backup'), <Archive className={icon} aria-hidden="true" />, blocked ?? waiting),
    dialogButton('players', t('servers.action.players'), <Users className={icon} aria-hidden="true" />, blocked),
    can(access, 'files') && {
      key: 'files',
      label: t('servers.action.files'),
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
    can(access, 'console') && dialogButton('console', t('servers.action.console'), <Terminal className={icon} aria-hidden="true" />, blocked),
    access.role === 'subuser' &&
      can(access, 'settings') &&
      dialogButton('schedule', t('servers.action.schedule'), <Clock className={icon} aria-hidden="true" />, blocked),
    access.role === 'owner' &&
      offersPlanChange(server.status, access.cancelAt) &&
      dialogButton('plan', t('servers.action.plan'), <ArrowUpDown className={icon} aria-hidden="true" />, blocked ?? waiting),
    access.role === 'owner' &&
      offersPlanChange(server.status, access.cancelAt) &&
      dialogButton('move', t('servers.action.move'), <Globe className={icon} aria-hidden="true" />, blocked),
    Boolean(server.software) &&
      can(access, 'settings') &&
      dialogButton('software', t('servers.action.software'), <Blocks className={icon} aria-hidden="true" />, blocked),
    access.role === 'owner' && dialogButton('share', t('servers.action.share'), <Share2 className={icon} aria-hidden="true" />, shareDisabledReason(server.status)),
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
