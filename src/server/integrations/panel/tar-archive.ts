import { gunzipSync, gzipSync } from 'node:zlib';

export interface TarEntry {
  name: string;
  content: string | Buffer;
  mtime: Date;
  /** A folder ('5' in the header); its content is ignored. Files by default. */
  folder?: boolean;
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

/** ustar keeps up to 100 bytes in `name` and 155 more, up to a '/', in `prefix`. */
function splitName(name: string): { name: string; prefix: string } {
  if (Buffer.byteLength(name) <= 100) return { name, prefix: '' };
  for (let i = name.lastIndexOf('/'); i > 0; i = name.lastIndexOf('/', i - 1)) {
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return { name: rest, prefix };
  }
  throw new Error(`tar: name too long: ${name}`);
}

/** A POSIX ustar archive of regular files and folders, gzipped: what `tar -xzf` reads. */
export function tarGz(entries: TarEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const content = entry.folder ? Buffer.alloc(0) : typeof entry.content === 'string' ? Buffer.from(entry.content, 'utf8') : entry.content;
    const { name, prefix } = splitName(entry.folder && !entry.name.endsWith('/') ? `${entry.name}/` : entry.name);
    const header = Buffer.alloc(512);
    header.write(name, 0, 100, 'utf8');
    header.write(octal(entry.folder ? 0o755 : 0o644, 8), 100, 'ascii');
    header.write(octal(0, 8), 108, 'ascii');
    header.write(octal(0, 8), 116, 'ascii');
    header.write(octal(content.length, 12), 124, 'ascii');
    header.write(octal(Math.floor(entry.mtime.getTime() / 1000), 12), 136, 'ascii');
    header.write('        ', 148, 'ascii');
    header.write(entry.folder ? '5' : '0', 156, 'ascii');
    header.write('ustar\0', 257, 'ascii');
    header.write('00', 263, 'ascii');
    header.write(prefix, 345, 155, 'utf8');
    let sum = 0;
    for (const byte of header) sum += byte;
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
    blocks.push(header, content, Buffer.alloc((512 - (content.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

/** Reads what tarGz writes (regular files and folders; other entry kinds are skipped). */
export function untarGz(archive: Buffer): TarEntry[] {
  const bytes = gunzipSync(archive);
  const entries: TarEntry[] = [];
  let offset = 0;
  while (offset + 512 <= bytes.length) {
    const header = bytes.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    const type = field(header, 156, 1) || '0';
    const prefix = field(header, 345, 155);
    const name = prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100);
    const mtime = new Date(parseInt(field(header, 136, 12).trim() || '0', 8) * 1000);
    const start = offset + 512;
    if (!Number.isFinite(size) || size < 0 || start + size > bytes.length) throw new Error('tar: the archive is cut short');
    if (type === '5') entries.push({ name: name.replace(/\/+$/, ''), content: Buffer.alloc(0), mtime, folder: true });
    else if (type === '0') entries.push({ name, content: Buffer.from(bytes.subarray(start, start + size)), mtime });
    offset = start + Math.ceil(size / 512) * 512;
  }
  return entries;
}
