import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/**
 * JSON, or a raw upload (application/octet-stream): neither is a CORS-safelisted type, so a page
 * on another site cannot send them without a preflight this API never grants.
 */
function isJson(contentType: string | undefined): boolean {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return type === 'application/json' || type === 'application/octet-stream';
}

/**
 * Cross-site request protection for the API, on top of the SameSite=Lax session cookie:
 * - a browser sends Origin with every cross-site POST, so a foreign Origin is refused (403 csrf);
 * - a request that carries the session cookie must send its body as JSON (else 415), which an
 *   HTML form on another site cannot do without a CORS preflight. Without the cookie a request
 *   acts as nobody, and every route's schema already refuses a non-object body with a 400.
 * Payment webhooks are exempt: they come from the provider and are verified by signature.
 */
export function registerCsrfProtection(app: FastifyInstance, options: { publicUrl: string; sessionCookie: string }) {
  const publicOrigin = new URL(options.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!unsafeMethods.has(request.method)) return;
    // The matched route, not the raw URL: the router decodes `/%61pi/...` to an /api route.
    const route = request.routeOptions.url;
    if (!route?.startsWith('/api/') || route.startsWith('/api/webhooks/')) return;

    const origin = request.headers.origin;
    if (origin !== undefined && origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`) {
      throw new HttpError(403, 'csrf', 'This request came from another site and was blocked.');
    }
    const withSession = request.cookies?.[options.sessionCookie] !== undefined;
    if (withSession && hasBody(request) && !isJson(request.headers['content-type'])) {
      throw new HttpError(415, 'unsupported_media_type', 'Send the request body as JSON (Content-Type: application/json).');
    }
  });
}
