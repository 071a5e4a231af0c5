import { simGameOfPort } from './sim-console';
import type { SimServerRow } from './sim-power';
import { simSoftwareName } from './sim-software';

/** What a fresh server of each game holds: the files a host's panel would have after the install. */
export function simSeedFiles(row: SimServerRow): { folders: string[]; files: Record<string, string> } {
  const game = simGameOfPort(row.port);
  const players = Math.max(2, row.ramGb * 5);
  if (game === 'minecraft') {
    return {
      folders: ['world', 'plugins', 'logs'],
      files: {
        'server.properties': [
          '#Minecraft server properties',
          'enable-command-block=false',
          'gamemode=survival',
          'difficulty=easy',
          'level-name=world',
          `max-players=${players}`,
          'motd=A Minecraft Server',
          'online-mode=true',
          'pvp=true',
          `server-ip=`,
          `server-port=${row.port}`,
          'spawn-protection=16',
          'view-distance=10',
          'white-list=false',
          '',
        ].join('\n'),
        'server.jar': `${simSoftwareName(row.software)} ${row.softwareVersion ?? 'latest'} server (simulated jar)\n`,
        'eula.txt': '#By changing the setting below to TRUE you are indicating your agreement to the EULA (https://aka.ms/MinecraftEULA).\neula=true\n',
        'ops.json': '[]\n',
        'whitelist.json': '[]\n',
        'banned-players.json': '[]\n',
        'banned-ips.json': '[]\n',
        'bukkit.yml': 'settings:\n  allow-end: true\n  warn-on-overload: true\nspawn-limits:\n  monsters: 70\n  animals: 10\n',
        'logs/latest.log': '[Server thread/INFO]: Starting minecraft server\n[Server thread/INFO]: Done! For help, type "help"\n',
        'world/README.txt': 'The world is saved here while the server runs.\n',
      },
    };
  }
  if (game === 'fivem') {
    return {
      folders: ['resources', 'resources/[local]', 'cache'],
      files: {
        'server.cfg': [
          '# Only change the IP if you are using a server with multiple network interfaces.',
          `endpoint_add_tcp "0.0.0.0:${row.port}"`,
          `endpoint_add_udp "0.0.0.0:${row.port}"`,
          '',
          'ensure mapmanager',
          'ensure chat',
          'ensure spawnmanager',
          'ensure sessionmanager',
          'ensure basic-gamemode',
          'ensure hardcap',
          '',
          'sv_hostname "A FiveM Server"',
          `sv_maxclients ${Math.min(players, 48)}`,
          'sv_licenseKey "changeme"',
          '',
        ].join('\n'),
        'resources/[local]/README.txt': 'Put your own resources in this folder and add them to server.cfg with ensure.\n',
      },
    };
  }
  if (game === 'palworld') {
    return {
      folders: ['Pal/Saved/SaveGames', 'Pal/Saved/Config/LinuxServer'],
      files: {
        'Pal/Saved/Config/LinuxServer/PalWorldSettings.ini': [
          '[/Script/Pal.PalGameWorldSettings]',
          `OptionSettings=(Difficulty=None,DayTimeSpeedRate=1.000000,NightTimeSpeedRate=1.000000,ExpRate=1.000000,ServerPlayerMaxNum=${Math.min(players, 32)},ServerName="A Palworld Server",ServerDescription="",AdminPassword="",ServerPassword="",PublicPort=${row.port})`,
          '',
        ].join('\n'),
        'Pal/Saved/SaveGames/README.txt': 'Palworld keeps its saves here.\n',
      },
    };
  }
  return { folders: ['data'], files: { 'README.txt': 'Your server files live here.\n' } };
}
