import type { ReactNode } from 'react';
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
  const live = hasLiveFigures(server.status) && !server.softwareSwitch;
  const resources = useResources(server.id, live);
  const history = useResourceHistory(server.id, live);
  const r = live ? resources.data : undefined;
  const memoryLimit = r?.memoryLimitBytes || server.ram * GB;
  const diskLimit = r?.diskLimitBytes || server.disk * GB;
  const points = live ? (history.data ?? []) : [];
  const schedule = restartTime(useRestartSchedule(server.id, showSchedule && !blockedReason(server.status)).data?.restartAt);

  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3 lg:grid-cols-4">
        <Figure label="Players">
          {r ? r.players.online : '—'} / {server.playerCap}
        </Figure>
        <Figure label="CPU" bar={r ? ratio(r.cpuPercent, r.cpuLimitPercent) : 0}>
          {r ? `${formatPercent(r.cpuPercent)} of ${formatPercent(r.cpuLimitPercent)}` : '—'}
          <span className="block text-xs font-normal text-muted">{server.cpu} vCPU</span>
        </Figure>
        <Figure label="RAM" bar={r ? ratio(r.memoryBytes, memoryLimit) : 0}>
          {r ? `${formatBytes(r.memoryBytes)} of ${formatBytes(memoryLimit)}` : `— of ${formatBytes(memoryLimit)}`}
        </Figure>
        <Figure label="Uptime">{r && r.state.toLowerCase() === 'online' ? formatUptime(r.uptimeSeconds) : '—'}</Figure>
        <Figure label="Address">
          {server.address ? <span className="font-mono">{server.address}</span> : 'Setting up...'}
          {server.address && server.extraPorts && server.extraPorts.length > 0 && (
            <span className="block text-xs font-normal text-muted">
              Extra ports: <span className="font-mono">{server.extraPorts.join(', ')}</span>
            </span>
          )}
        </Figure>
        <Figure label="Storage" bar={r ? ratio(r.diskBytes, diskLimit) : 0}>
          {r ? `${formatBytes(r.diskBytes)} of ${formatBytes(diskLimit)}` : `— of ${formatBytes(diskLimit)}`}
        </Figure>
        <Figure label="Last backup">{r ? (r.lastBackupAt ? formatDateTime(r.lastBackupAt) : 'Never') : '—'}</Figure>
        <Figure label="Location">{server.locationLabel || server.location}</Figure>
        <Figure label="Plan">
          {server.planName}
          <span className="block text-xs font-normal text-muted">
            {server.ram}GB RAM · {server.disk}GB SSD
          </span>
        </Figure>
        {schedule && <Figure label="Daily restart">{schedule} UTC</Figure>}
      </dl>
      {live && (
        <div className="grid gap-4 sm:grid-cols-2">
          <UsageChart
            label="CPU"
            values={points.map((p) => p.cpuPercent)}
            ceiling={r?.cpuLimitPercent}
            format={formatPercent}
          />
          <UsageChart
            label="RAM"
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
