import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import compress from '@fastify/compress';

export type Encoding = 'br' | 'gzip' | 'identity';

/** Answers under this size go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * What is worth compressing. A live stream (`text/event-stream`) never is: the compressor would
 * hold each event back until its buffer fills, and the client would see nothing.
 */
export function compressibleType(contentType: string): boolean {
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (type === 'text/event-stream') return false;
  return (
    type.startsWith('text/') ||
    /[/+](json|xml)$/.test(type) ||
    type === 'application/javascript' ||
    type === 'image/svg+xml'
  );
}

/**
 * Compresses API answers (and anything else a route sends) over 1 KB with the best encoding the
 * request accepts, adding `Vary: Accept-Encoding`. Built files and prerendered pages are
 * compressed ahead of time instead (see client-assets.ts); they arrive here already encoded and
 * pass through. Register it before the routes: it attaches to each route as it is declared.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    // Request bodies stay as sent: nothing here accepts compressed uploads.
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    customTypes: compressibleType,
  });
}

/** The encoding to answer with, by the request's `Accept-Encoding` and its q-values. */
export function negotiateEncoding(header: string | string[] | undefined): Encoding {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const q = new Map<string, number>();
  for (const part of value.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name.trim() === 'x-gzip' ? 'gzip' : name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: string) => q.get(encoding) ?? q.get('*') ?? 0;
  let best: Encoding = 'identity';
  let bestWeight = 0;
  for (const encoding of ['br', 'gzip'] as const) {
    const weight = weightOf(encoding);
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function brotliOptions(size: number) {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

/**
 * Whether a request's If-None-Match names this ETag: a list, `*`, and the weak comparison HTTP asks
 * for with a GET (`W/"x"` matches `"x"`: a proxy that compresses an answer often weakens its ETag).
 */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * One fixed body (a prerendered page, the app shell) in each encoding, compressed at the highest
 * level once, on first use, off the main thread. Answers with a weak ETag, so a `no-cache`
 * revalidation costs a 304.
 */
export function precompressedBody(body: string) {
  const identity = Buffer.from(body);
  const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  const encoded = new Map<Exclude<Encoding, 'identity'>, Promise<Buffer>>();
  function variant(encoding: Encoding): Promise<Buffer> | Buffer {
    if (encoding === 'identity' || identity.length < COMPRESS_THRESHOLD) return identity;
    let pending = encoded.get(encoding);
    if (!pending) {
      pending = encoding === 'br' ? brotli(identity, brotliOptions(identity.length)) : gzipAsync(identity, { level: 9 });
      encoded.set(encoding, pending);
    }
    return pending;
  }
  return {
    etag,
    async send(request: FastifyRequest, reply: FastifyReply) {
      // Pages that also vary by language (client-assets.ts) said so first.
      const vary = reply.getHeader('vary');
      reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding').header('etag', etag);
      if (reply.statusCode === 200 && etagMatches(request.headers['if-none-match'], etag)) {
        return reply.code(304).send();
      }
      const encoding = identity.length < COMPRESS_THRESHOLD ? 'identity' : negotiateEncoding(request.headers['accept-encoding']);
      const payload = await variant(encoding);
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.send(payload);
    },
  };
}
