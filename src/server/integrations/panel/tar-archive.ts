import { createReadStream, createWriteStream } from 'node:fs';
import { lstat, open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline as pipelineCallback, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createGunzip, createGzip } from 'node:zlib';

/**
 * POSIX ustar archives, gzipped (what `tar -xzf` reads), written and read as streams: a file's
 * bytes go from disk through zlib (on libuv's threads) to disk, so neither the archive nor a file
 * is ever held in memory and the event loop is never blocked on compression.
 */

/** One entry of an archive: a folder ('5' in the header), or a regular file of `size` bytes. */
export interface TarHeader {
  name: string;
  mtime: Date;
  folder: boolean;
  size: number;
}

/** What to archive: a folder, or a file read from `path` when its turn comes. */
export type TarSource = { name: string; mtime: Date; folder: true } | { name: string; mtime: Date; folder?: false; path: string };

const BLOCK = 512;
const CHUNK = 64 * 1024;

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

/** The 512-byte ustar header of an entry. */
export function tarHeader(entry: TarHeader): Buffer {
  const { name, prefix } = splitName(entry.folder && !entry.name.endsWith('/') ? `${entry.name}/` : entry.name);
  const header = Buffer.alloc(BLOCK);
  header.write(name, 0, 100, 'utf8');
  header.write(octal(entry.folder ? 0o755 : 0o644, 8), 100, 'ascii');
  header.write(octal(0, 8), 108, 'ascii');
  header.write(octal(0, 8), 116, 'ascii');
  header.write(octal(entry.folder ? 0 : entry.size, 12), 124, 'ascii');
  header.write(octal(Math.floor(entry.mtime.getTime() / 1000), 12), 136, 'ascii');
  header.write('        ', 148, 'ascii');
  header.write(entry.folder ? '5' : '0', 156, 'ascii');
  header.write('ustar\0', 257, 'ascii');
  header.write('00', 263, 'ascii');
  header.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return header;
}

/** Zeros that fill `size` bytes of content up to the next 512-byte block. */
export function tarPadding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/** The two zero blocks that end an archive. */
export const tarEnd = (): Buffer => Buffer.alloc(2 * BLOCK);

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

/** The entry a header describes; null for the end of the archive; `kind` other than file and folder for the rest. */
export function parseTarHeader(header: Buffer): (TarHeader & { kind: 'file' | 'folder' | 'other' }) | null {
  if (header.every((b) => b === 0)) return null;
  const size = parseInt(field(header, 124, 12).trim() || '0', 8);
  if (!Number.isFinite(size) || size < 0) throw new Error('tar: a header has no valid size');
  const type = field(header, 156, 1) || '0';
  const prefix = field(header, 345, 155);
  const name = prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100);
  const mtime = new Date(parseInt(field(header, 136, 12).trim() || '0', 8) * 1000);
  const kind = type === '5' ? 'folder' : type === '0' ? 'file' : 'other';
  return { name: kind === 'folder' ? name.replace(/\/+$/, '') : name, mtime, folder: kind === 'folder', size, kind };
}

/** Every folder and regular file under `dir` (symbolic links left out), parents first, named from `dir`, as it is walked. */
export async function* folderSources(dir: string, under = ''): AsyncGenerator<TarSource> {
  const names = await readdir(path.join(dir, under)).catch(() => [] as string[]);
  for (const name of names.sort()) {
    const rel = under ? `${under}/${name}` : name;
    const info = await lstat(path.join(dir, rel)).catch(() => null);
    if (!info || info.isSymbolicLink()) continue;
    if (info.isDirectory()) {
      yield { name: rel, mtime: info.mtime, folder: true };
      yield* folderSources(dir, rel);
    } else if (info.isFile()) {
      yield { name: rel, mtime: info.mtime, path: path.join(dir, rel) };
    }
  }
}

/** The archive's bytes, one entry at a time; a file is opened only when its turn comes. */
async function* tarBlocks(sources: AsyncIterable<TarSource>): AsyncGenerator<Buffer> {
  for await (const source of sources) {
    if (source.folder) {
      yield tarHeader({ name: source.name, mtime: source.mtime, folder: true, size: 0 });
      continue;
    }
    // A file removed since it was listed is left out; once open, its size is fixed in the header:
    // bytes written after are cut there, and a file cut short meanwhile is padded with zeros.
    const handle = await open(source.path, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!handle) continue;
    try {
      const { size } = await handle.stat();
      yield tarHeader({ name: source.name, mtime: source.mtime, folder: false, size });
      let sent = 0;
      if (size > 0) {
        for await (const chunk of handle.createReadStream({ start: 0, end: size - 1, autoClose: false, highWaterMark: CHUNK }) as AsyncIterable<Buffer>) {
          sent += chunk.length;
          yield chunk;
        }
      }
      for (; sent < size; sent += CHUNK) yield Buffer.alloc(Math.min(CHUNK, size - sent));
      yield tarPadding(size);
    } finally {
      await handle.close();
    }
  }
  yield tarEnd();
}

/**
 * Writes a .tar.gz of `sources` to `target` (created; an existing file is an error), streaming
 * throughout. Compressed for speed, as Wings compresses backups by default (compression_level
 * best_speed): a game's worlds and jars hardly compress further, and the CPU is the game's.
 */
export async function writeTarGz(sources: AsyncIterable<TarSource>, target: string, signal?: AbortSignal): Promise<void> {
  const gzip = createGzip({ level: constants.Z_BEST_SPEED, chunkSize: CHUNK });
  await pipeline(Readable.from(tarBlocks(sources), { objectMode: false }), gzip, createWriteStream(target, { flags: 'wx' }), { signal });
}

/** Reads a byte stream in exact amounts. */
class Bytes {
  private chunks: Buffer[] = [];
  private length = 0;
  private ended = false;
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(n: number) {
    while (this.length < n && !this.ended) {
      const next = await this.source.next();
      if (next.done) this.ended = true;
      else if (next.value.length > 0) {
        this.chunks.push(next.value);
        this.length += next.value.length;
      }
    }
  }

  /** Up to `max` bytes from the front (fewer at the end of a chunk), or null at the end of the stream. */
  async some(max: number): Promise<Buffer | null> {
    await this.fill(1);
    const first = this.chunks[0];
    if (!first) return null;
    const piece = first.length > max ? first.subarray(0, max) : first;
    if (first.length > max) this.chunks[0] = first.subarray(max);
    else this.chunks.shift();
    this.length -= piece.length;
    return piece;
  }

  /** Exactly `n` bytes, or null when the stream ends before them. */
  async exactly(n: number): Promise<Buffer | null> {
    await this.fill(n);
    if (this.length < n) return null;
    const parts: Buffer[] = [];
    for (let got = 0; got < n; ) {
      const piece = (await this.some(n - got))!;
      parts.push(piece);
      got += piece.length;
    }
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  }
}

/**
 * Reads a .tar.gz from `file` entry by entry, streaming: `visit` gets each regular file and folder
 * (other kinds are skipped) with the file's content, which it reads or leaves (the rest is skipped).
 */
export async function readTarGz(file: string, visit: (entry: TarHeader, content: AsyncIterable<Buffer>) => Promise<void>): Promise<void> {
  const gunzip = createGunzip();
  // Errors of either stream (a missing file, a corrupt archive) surface in the loop below.
  pipelineCallback(createReadStream(file), gunzip, () => undefined);
  const bytes = new Bytes(gunzip[Symbol.asyncIterator]() as AsyncIterator<Buffer>);
  try {
    for (;;) {
      const block = await bytes.exactly(BLOCK);
      const entry = block && parseTarHeader(block);
      if (!entry) return;
      let left = entry.size;
      const next = async () => {
        const piece = await bytes.some(left);
        if (!piece) throw new Error('tar: the archive is cut short');
        left -= piece.length;
        return piece;
      };
      async function* content() {
        while (left > 0) yield await next();
      }
      if (entry.kind !== 'other') await visit(entry, content());
      // Whatever the visitor did not read is skipped.
      while (left > 0) await next();
      if (!(await bytes.exactly(tarPadding(entry.size).length))) throw new Error('tar: the archive is cut short');
    }
  } finally {
    gunzip.destroy();
  }
}
