import { gunzipSync, gzipSync } from 'node:zlib';
import { parseTarHeader, tarEnd, tarHeader, tarPadding } from '../../integrations/panel/tar-archive';

/** A file or folder of a small archive held in memory. */
export interface TarEntry {
  name: string;
  content: string | Buffer;
  mtime: Date;
  folder?: boolean;
}

/**
 * Small .tar.gz archives in memory, for the fake Wings (which keeps its files in memory) and for
 * tests. The simulated panel streams its backups to and from disk instead (tar-archive.ts).
 */
export function tarGz(entries: TarEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const content = entry.folder ? Buffer.alloc(0) : typeof entry.content === 'string' ? Buffer.from(entry.content, 'utf8') : entry.content;
    blocks.push(tarHeader({ name: entry.name, mtime: entry.mtime, folder: entry.folder === true, size: content.length }), content, tarPadding(content.length));
  }
  blocks.push(tarEnd());
  return gzipSync(Buffer.concat(blocks));
}

/** Reads what tarGz (or the simulator) writes: regular files and folders; other entry kinds are skipped. */
export function untarGz(archive: Buffer): TarEntry[] {
  const bytes = gunzipSync(archive);
  const entries: TarEntry[] = [];
  let offset = 0;
  while (offset + 512 <= bytes.length) {
    const entry = parseTarHeader(bytes.subarray(offset, offset + 512));
    if (!entry) break;
    const start = offset + 512;
    if (start + entry.size > bytes.length) throw new Error('tar: the archive is cut short');
    if (entry.kind === 'folder') entries.push({ name: entry.name, content: Buffer.alloc(0), mtime: entry.mtime, folder: true });
    else if (entry.kind === 'file') entries.push({ name: entry.name, content: Buffer.from(bytes.subarray(start, start + entry.size)), mtime: entry.mtime });
    offset = start + Math.ceil(entry.size / 512) * 512;
  }
  return entries;
}
