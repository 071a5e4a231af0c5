import type { PanelSoftware } from './game-panel';

const names: Record<string, string> = { vanilla: 'Vanilla', paper: 'Paper', fabric: 'Fabric', forge: 'Forge' };

/** How the simulated panel names software in files and console lines. */
export function simSoftwareName(software: string | null): string {
  return software ? (names[software] ?? software) : 'Vanilla';
}

/**
 * What an install of Minecraft software puts in the server's folder, as the panel's eggs do: the
 * server jar (a text stand-in here) and the software's own folders and default configs. An
 * install writes these over what is there and leaves everything else (world, configs, plugins).
 */
export function simSoftwareFiles(software: Pick<PanelSoftware, 'software' | 'version'>): { folders: string[]; files: Record<string, string> } {
  const name = simSoftwareName(software.software);
  const jar = `${name} ${software.version} server (simulated jar)\n`;
  switch (software.software) {
    case 'paper':
      return {
        folders: ['plugins', 'config'],
        files: {
          'server.jar': jar,
          'config/paper-global.yml': `# Paper ${software.version} global configuration\n_version: 29\nchunk-loading-basic:\n  autoconfig-send-distance: true\n`,
        },
      };
    case 'fabric':
      return {
        folders: ['mods', '.fabric'],
        files: { 'server.jar': jar, 'fabric-server-launcher.properties': `serverJar=server.jar\n# Fabric for Minecraft ${software.version}\n` },
      };
    case 'forge':
      return {
        folders: ['mods', 'libraries'],
        files: { 'server.jar': jar, 'user_jvm_args.txt': `# Forge for Minecraft ${software.version}: JVM arguments go here\n` },
      };
    default:
      return { folders: [], files: { 'server.jar': jar } };
  }
}
