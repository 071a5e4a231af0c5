/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the built client, at the
 * highest levels, so the server never compresses a static file per request (it picks the variant
 * the request accepts: @fastify/static's `preCompressed`).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import { brotliOptions } from '../src/server/lib/compression';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

export async function precompressDir(dir: string): Promise<{ files: number; raw: number; br: number; gzip: number }> {
  const files = filesUnder(dir).filter((f) => COMPRESSIBLE.test(f));
  const totals = { files: files.length, raw: 0, br: 0, gzip: 0 };
  await Promise.all(
    files.map(async (file) => {
      const bytes = readFileSync(file);
      const [br, gz] = await Promise.all([brotli(bytes, brotliOptions(bytes.length)), gzipAsync(bytes, { level: 9 })]);
      writeFileSync(`${file}.br`, br);
      writeFileSync(`${file}.gz`, gz);
      totals.raw += bytes.length;
      totals.br += br.length;
      totals.gzip += gz.length;
    }),
  );
  return totals;
}
