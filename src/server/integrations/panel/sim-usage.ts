import type { PanelPlayer, PanelResources, PanelUsagePoint } from './game-panel';
import { defaultSimTimings, simRunningAt, simRunStartedAt, simServerState, type SimServerRow, type SimTimings } from './sim-power';

/**
 * The simulated panel's usage figures: deterministic noise from the server id and the clock, so
 * they move like a live server's yet every test (and every app instance) sees the same numbers.
 */
const GIB = 1024 ** 3;
const MIB = 1024 ** 2;
const MINUTE = 60_000;

/** A number in [0, 1) from the parts, the same every time (FNV-1a, then a final mix). */
export function unitNoise(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join('|')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  return (h >>> 0) / 2 ** 32;
}

/** How busy the server is at `t`, 0..1: an evening peak (UTC) with some wander every 10 minutes. */
export function activityAt(serverId: string, t: number): number {
  const hour = (t / 3_600_000) % 24;
  const daily = 0.5 + 0.5 * Math.sin((2 * Math.PI * (hour - 14)) / 24);
  const wander = 0.6 + 0.4 * unitNoise(serverId, 'activity', Math.floor(t / (10 * MINUTE)));
  return Math.min(1, Math.max(0, 0.1 + 0.7 * daily * wander));
}

function cpuAt(row: SimServerRow, t: number, bucketMs: number): number {
  const limit = row.vcpu * 100;
  const jitter = 0.8 + 0.4 * unitNoise(row.id, 'cpu', Math.floor(t / bucketMs));
  return Math.round(limit * (0.04 + 0.45 * activityAt(row.id, t)) * jitter * 10) / 10;
}

function memoryAt(row: SimServerRow, t: number, runStart: number, bucketMs: number): number {
  const ram = row.ramGb * GIB;
  const warm = Math.min(1, Math.max(0.3, (t - runStart) / (2 * MINUTE)));
  const share = (0.3 + 0.4 * activityAt(row.id, t) + 0.05 * unitNoise(row.id, 'memory', Math.floor(t / bucketMs))) * warm;
  return Math.round(ram * Math.min(0.95, share));
}

/** The world grows a little every hour of the server's life. */
function diskAt(row: SimServerRow, t: number): number {
  const hours = Math.max(0, (t - row.createdAt.getTime()) / 3_600_000);
  const used = 300 * MIB + hours * 1.5 * MIB + unitNoise(row.id, 'disk', Math.floor(t / MINUTE)) * MIB;
  return Math.round(Math.min(row.diskGb * GIB * 0.9, used));
}

/** `filesBytes`: what the customer's own files take (uploads, folders), on top of the world. */
export function simResources(row: SimServerRow, now: Date, timings: SimTimings = defaultSimTimings, filesBytes = 0): PanelResources {
  const state = simServerState(row, now, timings);
  const t = now.getTime();
  const diskBytes = diskAt(row, t) + filesBytes;
  const runStart = simRunStartedAt(row, now, timings);
  if (state === 'starting') {
    const progress = runStart ? Math.min(1, (t - runStart.getTime()) / (timings.startSeconds * 1000)) : 0;
    return {
      state,
      cpuPercent: Math.round(row.vcpu * 100 * (0.6 + 0.3 * unitNoise(row.id, 'boot', Math.floor(t / 1000))) * 10) / 10,
      memoryBytes: Math.round(row.ramGb * GIB * (0.1 + 0.2 * progress)),
      diskBytes,
      uptimeSeconds: runStart ? Math.floor((t - runStart.getTime()) / 1000) : 0,
    };
  }
  if (state === 'stopping') {
    return { state, cpuPercent: Math.round(row.vcpu * 200) / 10, memoryBytes: Math.round(row.ramGb * GIB * 0.3), diskBytes, uptimeSeconds: 0 };
  }
  if (state !== 'online' || !runStart) return { state, cpuPercent: 0, memoryBytes: 0, diskBytes, uptimeSeconds: 0 };
  return {
    state,
    cpuPercent: cpuAt(row, t, 5_000),
    memoryBytes: memoryAt(row, t, runStart.getTime(), 15_000),
    diskBytes,
    uptimeSeconds: Math.floor((t - runStart.getTime()) / 1000),
  };
}

/** One point a minute from `from` to `to`; zero while the server was off. */
export function simUsageHistory(row: SimServerRow, from: Date, to: Date, timings: SimTimings = defaultSimTimings): PanelUsagePoint[] {
  const points: PanelUsagePoint[] = [];
  const first = Math.ceil(from.getTime() / MINUTE) * MINUTE;
  // Taken as one continuous run: the row does not remember earlier restarts.
  const runStart = simRunStartedAt(row, to, timings)?.getTime() ?? row.installStartedAt.getTime() + row.installSeconds * 1000;
  for (let t = first; t <= to.getTime(); t += MINUTE) {
    const at = new Date(t);
    const running = simRunningAt(row, at, timings);
    points.push({
      at,
      cpuPercent: running ? cpuAt(row, t, MINUTE) : 0,
      memoryBytes: running ? memoryAt(row, t, Math.min(runStart, t), MINUTE) : 0,
    });
  }
  return points;
}

const names = [
  'CreeperSlayer', 'BlockBuilder42', 'xXNightOwlXx', 'RedstoneRuth', 'PixelPaladin', 'LlamaDrama',
  'SkyBaron', 'DiamondDan', 'NetherNina', 'CaveCarl', 'EnderEllie', 'FarmerFinn', 'TorchTina',
  'QuarryQuinn', 'ObsidianOli', 'MossyMax', 'GhastGabe', 'SnowySam', 'BiomeBea', 'LavaLeo',
  'PalTamerPia', 'RoadRunnerRik', 'CityCop_Jo', 'TaxiTom', 'MedicMia', 'GaragaGreg', 'DriftQueen',
  'NomadNoah', 'HarborHana', 'ZephyrZed', 'ArcherAmy', 'BuilderBo', 'CrafterCy', 'DungeonDee',
  'EmberEli', 'FrostFay', 'GroveGus', 'HollowHal', 'IvyIris', 'JadeJax',
];

const SESSION = 30 * MINUTE;
/** Players show up this long after the server finished starting. */
const FIRST_JOIN_DELAY = 20_000;

/**
 * Who is online at `now`: each simulated player comes and goes in half-hour sessions (offset per
 * player), more of them when the server is busy, never more than `max`.
 */
export function simPlayers(row: SimServerRow, now: Date, max: number, timings: SimTimings = defaultSimTimings): PanelPlayer[] {
  if (simServerState(row, now, timings) !== 'online' || max <= 0) return [];
  const runStart = simRunStartedAt(row, now, timings);
  if (!runStart) return [];
  const t = now.getTime();
  const ready = runStart.getTime() + timings.startSeconds * 1000 + FIRST_JOIN_DELAY;
  if (t < ready) return [];
  const share = Math.min(1, (activityAt(row.id, t) * max) / names.length);
  const online: PanelPlayer[] = [];
  names.forEach((name, i) => {
    const phase = unitNoise(row.id, 'phase', i) * SESSION;
    const present = (slot: number) => unitNoise(row.id, 'player', i, slot) < share;
    let slot = Math.floor((t + phase) / SESSION);
    if (!present(slot)) return;
    // Back to the start of this player's run of sessions (a few hours at most).
    for (let back = 0; back < 8 && present(slot - 1); back += 1) slot -= 1;
    const sessionStart = slot * SESSION - phase;
    const joinedAt = Math.max(sessionStart, ready + i * 7_000);
    if (joinedAt <= t) online.push({ name, joinedAt: new Date(joinedAt) });
  });
  return online.sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || a.name.localeCompare(b.name)).slice(0, max);
}
