import type { FastifyRequest } from 'fastify';

function parseHttpUrl(text: string): URL | undefined {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** A Host header in the same form as URL.host (lowercase, default port dropped), or undefined. */
function normalHost(host: string, protocol: string): string | undefined {
  const url = parseHttpUrl(`${protocol}//${host}`);
  return url && url.host && `${protocol}//${url.host}` === url.origin && url.pathname === '/' && !url.username
    ? url.host
    : undefined;
}

/**
 * The origin a browser opened this request from, taken from its Origin header, but only when
 * that origin names the host the request came in on (the Host header, or X-Forwarded-Host
 * behind a trusted proxy). Anything else answers undefined, and the caller keeps PUBLIC_URL:
 * a request can bring the customer back to where it came from, never send them to another host.
 */
export function requestOrigin(request: Pick<FastifyRequest, 'headers' | 'host'>): string | undefined {
  const header = request.headers.origin;
  if (!header) return undefined;
  const origin = parseHttpUrl(header);
  if (!origin || origin.origin !== header.toLowerCase().replace(/\/$/, '')) return undefined;
  return normalHost(request.host, origin.protocol) === origin.host ? origin.origin : undefined;
}

/** The same path, query and fragment on another origin. */
export function onOrigin(url: string, origin: string): string {
  const parsed = new URL(url);
  return `${origin}${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/**
 * A stored return link, kept only when it points at the host this request came in on or at
 * PUBLIC_URL; otherwise the same path on PUBLIC_URL.
 */
export function returnLink(stored: string, requestHost: string, publicUrl: string): string {
  const url = parseHttpUrl(stored);
  const publicOrigin = new URL(publicUrl).origin;
  if (!url) return publicOrigin;
  if (url.origin === publicOrigin || url.host === normalHost(requestHost, url.protocol)) return stored;
  return onOrigin(stored, publicOrigin);
}
