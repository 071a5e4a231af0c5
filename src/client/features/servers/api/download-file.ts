/** A file as an attachment: a plain link, so the browser streams it to disk with the session cookie. */
export function fileDownloadUrl(serverId: string, path: string): string {
  return `/api/servers/${encodeURIComponent(serverId)}/files/download?path=${encodeURIComponent(path)}`;
}
