import { EventEmitter } from 'node:events';
import type { PanelConsoleLine } from './game-panel';
import { defaultSimTimings, installDoneAt, type SimServerRow, type SimTimings } from './sim-power';
import { simSoftwareName } from './sim-software';

/**
 * The simulated console: what the server printed is computed from its row (install, the first
 * start, the last power action) and the clock; commands and their answers are kept in memory,
 * per process, the last 100 per server.
 */
type Script = { at: number; text: string }[];

const RECENT = 100;

/** The simulator keeps no game column; the port tells, as each game's ports count up from its own. */
export function simGameOfPort(port: number): 'minecraft' | 'fivem' | 'palworld' | null {
  if (port >= 25565 && port < 26565) return 'minecraft';
  if (port >= 30120 && port < 31120) return 'fivem';
  if (port >= 8211 && port < 9211) return 'palworld';
  return null;
}

const startup: Record<string, string[]> = {
  minecraft: [
    '[Server thread/INFO]: Starting minecraft server version {version} ({software})',
    '[Server thread/INFO]: Loading properties',
    '[Server thread/INFO]: Default game type: SURVIVAL',
    '[Server thread/INFO]: Starting Minecraft server on *:{port}',
    '[Server thread/INFO]: Preparing level "world"',
    '[Server thread/INFO]: Preparing spawn area: 52%',
    '[Server thread/INFO]: Done ({seconds}s)! For help, type "help"',
  ],
  fivem: [
    'Starting FXServer (build 12345)',
    'Server license key authentication succeeded. Welcome!',
    'Started resource mapmanager',
    'Started resource chat',
    'Started resource spawnmanager',
    'Authenticated with cfx.re Nucleus',
    'Server started on port {port}. Ready for players.',
  ],
  palworld: [
    'Setting breakpad minidump AppID = 2394010',
    'Game version is v0.4.15',
    'Loading world save',
    'Running Palworld dedicated server on :{port}',
  ],
  generic: ['Starting the game server', 'Loading the world', 'Server started on port {port}'],
};

const shutdown = ['Stopping the server', 'Saving the world', 'Server stopped', '[Daemon] Server marked as offline'];

function spread(lines: string[], from: number, seconds: number, row: SimServerRow): Script {
  const span = Math.max(1, seconds * 1000);
  return lines.map((text, i) => ({
    // Never at the very moment of the action, so a viewer's cursor at that instant still sees it.
    at: from + Math.max(100, Math.round(((i + 1) / lines.length) * span)),
    text: text
      .replace('{port}', String(row.port))
      .replace('{seconds}', (seconds * 0.87).toFixed(3))
      .replace('{version}', row.softwareVersion ?? '1.21.4')
      .replace('{software}', simSoftwareName(row.software)),
  }));
}

/** Every line the server has printed, as far as its row can tell. */
export function simScript(row: SimServerRow, timings: SimTimings = defaultSimTimings): Script {
  const game = simGameOfPort(row.port) ?? 'generic';
  const boot = startup[game] ?? startup.generic!;
  const installed = installDoneAt(row);
  const install = [
    '[Installer] Pulling the server image',
    '[Installer] Downloading the server files',
    '[Installer] Writing the default configuration',
    '[Installer] Installation complete',
  ];
  const script: Script = [
    ...spread(install, row.installStartedAt.getTime(), row.installSeconds, row),
    { at: installed + 50, text: '[Daemon] Server marked as starting' },
    ...spread(boot, installed, timings.startSeconds, row),
  ];
  const since = row.startedAt?.getTime();
  if (since !== undefined && (row.state === 'reinstalling' || row.state === 'reinstall_failing')) {
    const failed = row.state === 'reinstall_failing';
    const lines = [
      '[Daemon] Server marked as stopping',
      `[Installer] Installing ${simSoftwareName(row.software)} ${row.softwareVersion ?? ''}`.trimEnd(),
      '[Installer] Downloading the server files',
      failed ? '[Installer] The install script failed' : '[Installer] Installation complete: your files were kept',
    ];
    script.push(...spread(lines, since, row.installSeconds, row));
  } else if (since !== undefined && row.state === 'restoring') {
    const lines = ['[Daemon] Restoring the server files from a backup', '[Daemon] Completed server restoration from backup'];
    script.push(...spread(lines, since, timings.restoreSeconds ?? 3, row));
  } else if (since !== undefined && row.state !== 'installing') {
    if (row.state === 'stopping' || row.state === 'restarting') script.push(...spread(shutdown, since, timings.stopSeconds, row));
    if (row.state === 'starting' || row.state === 'restarting') {
      const from = row.state === 'restarting' ? since + timings.stopSeconds * 1000 : since;
      script.push({ at: from + 50, text: '[Daemon] Server marked as starting' }, ...spread(boot, from, timings.startSeconds, row));
    }
  }
  return script.sort((a, b) => a.at - b.at);
}

/** The answer the simulated server gives to a command. */
export function simCommandAnswer(command: string): string[] {
  const [verb = '', ...rest] = command.split(/\s+/);
  switch (verb.toLowerCase()) {
    case 'say':
      return [`[Server] ${rest.join(' ')}`];
    case 'help':
      return ['[Server] Commands: help, say <message>, save-all, and any command of the game'];
    case 'save-all':
      return ['[Server] Saving the game (this may take a moment!)', '[Server] Saved the game'];
    default:
      return [`[Server] ${command}`];
  }
}

/** Typed commands and their answers, per server, and who is watching. */
export function createSimConsoleLog() {
  const lines = new Map<string, PanelConsoleLine[]>();
  const live = new EventEmitter();
  live.setMaxListeners(0);
  return {
    recent(panelServerId: string): PanelConsoleLine[] {
      return lines.get(panelServerId) ?? [];
    },
    append(panelServerId: string, added: PanelConsoleLine[]) {
      const kept = [...(lines.get(panelServerId) ?? []), ...added].slice(-RECENT);
      lines.set(panelServerId, kept);
      for (const line of added) live.emit(panelServerId, line);
    },
    watch(panelServerId: string, listener: (line: PanelConsoleLine) => void): () => void {
      live.on(panelServerId, listener);
      return () => live.off(panelServerId, listener);
    },
  };
}
export type SimConsoleLog = ReturnType<typeof createSimConsoleLog>;

/** The last 100 lines at `now`: the server's own output merged with commands, oldest first. */
export function simRecentLines(row: SimServerRow, typed: PanelConsoleLine[], now: Date, timings: SimTimings): PanelConsoleLine[] {
  const printed = simScript(row, timings)
    .filter((l) => l.at <= now.getTime())
    .map((l) => ({ line: l.text, at: new Date(l.at) }));
  return [...printed, ...typed].sort((a, b) => a.at.getTime() - b.at.getTime()).slice(-RECENT);
}
