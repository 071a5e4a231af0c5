import type { ReactNode } from 'react';
import { useCatalog } from '../../../lib/catalog';
import { useT } from '../../../lib/i18n';
import { formatBytes, formatDateTime, formatPercent, formatUptime, ratio } from '../format';
import { blockedReason, hasLiveFigures } from '../server-rules';
import type { ServerBasics } from '../api/get-servers';
import { useResourceHistory } from '../api/get-resource-history';
import { useRestartSchedule } from '../api/get-restart-schedule';
import { useResources } from '../api/get-resources';
import { UsageChart } from './usage-chart';

const GB = 1024 ** 3;

function Bar({ value }: { value: number }) {
  const tone = value >= 0.9 ? 'bg-danger' : value >= 0.7 ? 'bg-warn' : 'bg-accent';
  return (
    <div className="mt-1.5 h-1.5 w-full overflow-hidden rounded-full bg-surface-2" aria-hidden="true">
      <div className={`h-full rounded-full ${tone} transition-[width]`} style={{ width: `${Math.round(value * 100)}%` }} />
    </div>
  );
}

function Figure({ label, children, bar }: { label: string; children: ReactNode; bar?: number }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-0.5 break-words text-sm font-semibold">{children}</dd>
      {bar !== undefined && <Bar value={bar} />}
    </div>
  );
}

/** host:port, which on a narrow card wraps before the port, never inside it ("…:2556 / 5"). */
function Address({ address }: { address: string }) {
  const colon = address.lastIndexOf(':');
  if (colon <= 0) return <span className="font-mono">{address}</span>;
  return (
    <span className="font-mono">
      {address.slice(0, colon)}
      <wbr />
      <span className="whitespace-nowrap">{address.slice(colon)}</span>
    </span>
  );
}

/** Restart times arrive as "HH:MM" or as the next restart's timestamp; both show as HH:MM UTC. */
export function restartTime(restartAt: string | null | undefined): string | null {
  if (!restartAt) return null;
  if (/^\d{2}:\d{2}/.test(restartAt)) return restartAt.slice(0, 5);
  const date = new Date(restartAt);
  if (Number.isNaN(date.getTime())) return null;
  return date.toISOString().slice(11, 16);
}

/**
 * The live figures of one server: players, CPU, RAM, uptime, storage, last backup, with charts.
 * The daily restart shows only to whoever may see the schedule (the settings permission).
 */
export function ServerFigures({ server, showSchedule = true }: { server: ServerBasics; showSchedule?: boolean }) {
  // While its software changes the panel is installing or restoring it, and has no figures to give.
  const t = useT();
  const live = hasLiveFigures(server.status) && !server.softwareSwitch;
  const resources = useResources(server.id, live);
  const history = useResourceHistory(server.id, live);
  const r = live ? resources.data : undefined;
  const memoryLimit = r?.memoryLimitBytes || server.ram * GB;
  const diskLimit = r?.diskLimitBytes || server.disk * GB;
  // The catalog answers in the page's language (decision 077); a location it no longer lists keeps the name stored with the server.
  const { data: catalog } = useCatalog();
  const location = catalog?.locations.find((l) => l.value === server.location)?.label ?? (server.locationLabel || server.location);
  const points = live ? (history.data ?? []) : [];
  const schedule = restartTime(useRestartSchedule(server.id, showSchedule && !blockedReason(server.status)).data?.restartAt);

  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3 lg:grid-cols-4">
        <Figure label={t('servers.figure.players')}>
          {r ? r.players.online : '—'} / {server.playerCap}
        </Figure>
        <Figure label={t('servers.figure.cpu')} bar={r ? ratio(r.cpuPercent, r.cpuLimitPercent) : 0}>
          {r ? t('servers.figure.of', { used: formatPercent(r.cpuPercent), limit: formatPercent(r.cpuLimitPercent) }) : '—'}
          <span className="block text-xs font-normal text-muted">{t('servers.figure.vcpu', { count: server.cpu })}</span>
        </Figure>
        <Figure label={t('servers.figure.ram')} bar={r ? ratio(r.memoryBytes, memoryLimit) : 0}>
          {t('servers.figure.of', { used: r ? formatBytes(r.memoryBytes) : '—', limit: formatBytes(memoryLimit) })}
        </Figure>
        <Figure label={t('servers.figure.uptime')}>{r && r.state.toLowerCase() === 'online' ? formatUptime(r.uptimeSeconds) : '—'}</Figure>
        <Figure label={t('servers.figure.address')}>
          {server.address ? <Address address={server.address} /> : t('servers.figure.settingUp')}
          {server.address && server.extraPorts && server.extraPorts.length > 0 && (
            <span className="block text-xs font-normal text-muted">
              {t('servers.figure.extraPorts')} <span className="font-mono">{server.extraPorts.join(', ')}</span>
            </span>
          )}
        </Figure>
        <Figure label={t('servers.figure.storage')} bar={r ? ratio(r.diskBytes, diskLimit) : 0}>
          {t('servers.figure.of', { used: r ? formatBytes(r.diskBytes) : '—', limit: formatBytes(diskLimit) })}
        </Figure>
        <Figure label={t('servers.figure.lastBackup')}>{r ? (r.lastBackupAt ? formatDateTime(r.lastBackupAt) : t('servers.figure.never')) : '—'}</Figure>
        <Figure label={t('servers.figure.location')}>{location}</Figure>
        <Figure label={t('servers.figure.plan')}>
          {server.planName}
          <span className="block text-xs font-normal text-muted">
            {t('servers.figure.planSize', { ram: server.ram, disk: server.disk })}
          </span>
        </Figure>
        {schedule && <Figure label={t('servers.figure.dailyRestart')}>{t('servers.figure.utcTime', { time: schedule })}</Figure>}
      </dl>
      {live && (
        <div className="grid gap-4 sm:grid-cols-2">
          <UsageChart
            label={t('servers.figure.cpu')}
            values={points.map((p) => p.cpuPercent)}
            ceiling={r?.cpuLimitPercent}
            format={formatPercent}
          />
          <UsageChart
            label={t('servers.figure.ram')}
            tone="violet"
            values={points.map((p) => p.memoryBytes)}
            ceiling={memoryLimit}
            format={formatBytes}
          />
        </div>
      )}
    </div>
  );
}
