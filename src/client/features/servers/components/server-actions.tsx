import { Archive, ExternalLink, Play, RotateCw, Settings2, Square, Terminal, Users } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { toast } from 'sonner';
import { buttonClass, Button, ButtonLink } from '../../../components/ui/button';
import type { PowerAction } from '../../../../shared/schemas/servers';
import { errorMessage } from '../../../lib/errors';
import type { Server } from '../api/get-servers';
import { usePowerServer } from '../api/power-server';
import {
  blockedReason,
  powerButton,
  powerDisabledReason,
  powerToasts,
  restartDisabledReason,
} from '../server-rules';

export type ServerDialog = 'console' | 'backups' | 'players';

interface ActionDef {
  key: string;
  label: string;
  icon: ReactNode;
  reason: string | null;
  render: (props: { describedBy?: string; title?: string; label: ReactNode }) => ReactNode;
}

/** The card's buttons. A disabled button points (aria-describedby, title) at its visible reason. */
export function ServerActions({ server, onOpen }: { server: Server; onOpen: (dialog: ServerDialog) => void }) {
  const baseId = useId();
  const power = usePowerServer();
  const blocked = blockedReason(server.status);
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
  const actions: ActionDef[] = [
    {
      key: 'power',
      label: toggle.label,
      icon: toggle.action === 'stop' ? <Square className={icon} aria-hidden="true" /> : <Play className={icon} aria-hidden="true" />,
      reason: powerDisabledReason(server.status),
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
    {
      key: 'restart',
      label: 'Restart',
      icon: <RotateCw className={icon} aria-hidden="true" />,
      reason: restartDisabledReason(server.status),
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
    server.panelUrl
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
                href={server.panelUrl ?? undefined}
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
        },
    ...(
      [
        ['backups', 'Backup', <Archive key="i" className={icon} aria-hidden="true" />],
        ['players', 'Players', <Users key="i" className={icon} aria-hidden="true" />],
        ['console', 'Console', <Terminal key="i" className={icon} aria-hidden="true" />],
      ] as const
    ).map(
      ([dialog, label, glyph]): ActionDef => ({
        key: dialog,
        label,
        icon: glyph,
        reason: blocked,
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
      }),
    ),
  ];

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
