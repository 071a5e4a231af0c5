/** 'plugins/Essentials/config.yml' → ['plugins', 'Essentials', 'config.yml'] */
export function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

export function parentOf(path: string): string {
  return segments(path).slice(0, -1).join('/');
}

export function baseName(path: string): string {
  return segments(path).at(-1) ?? '';
}

export function joinPath(dir: string, name: string): string {
  return dir ? `${dir}/${name}` : name;
}

/** The page's address for a folder, or for a file open in the editor. */
export function filesHref(serverId: string, at: { dir: string; file?: string }): string {
  const params = new URLSearchParams();
  if (at.dir) params.set('path', at.dir);
  if (at.file) params.set('file', at.file);
  const query = params.toString();
  return `/dashboard/servers/${encodeURIComponent(serverId)}/files${query ? `?${query}` : ''}`;
}

/** A path from the address bar in the API's canonical form (no empty segments). */
export function normalDir(path: string): string {
  return segments(path).join('/');
}
