import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './errors';

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

interface Described {
  statusCode: number;
  body: ErrorBody;
  headers?: Record<string, string>;
}

function send(statusCode: number, body: ErrorBody): Described {
  return { statusCode, body };
}

/** Readable codes for Fastify's own client errors, which otherwise carry FST_ERR_* names. */
const fastifyCodes: Record<number, string> = {
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};

/**
 * A record key its schema refused (a price in 'xyz') comes as Zod's bare "Invalid key in record":
 * the key schema's own message, kept among the issue's params, says what is wrong.
 */
function keyMessage(issue: { keyword: string; params: Record<string, unknown> }): string | undefined {
  if (issue.keyword !== 'invalid_key') return undefined;
  const inner = issue.params.issues;
  if (!Array.isArray(inner)) return undefined;
  const message = (inner[0] as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : undefined;
}

function describe(error: FastifyError): Described {
  if (error instanceof HttpError) {
    return {
      ...send(error.statusCode, {
        error: { code: error.code, message: error.message, ...(error.fields && { fields: error.fields }) },
      }),
      headers: error.headers,
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
      fields[key] ??= /received undefined/.test(issue.message ?? '')
        ? 'This field is required'
        : (keyMessage(issue) ?? issue.message ?? 'Invalid value');
    }
    const first = Object.entries(fields)[0];
    return send(400, {
      error: {
        code: 'validation_failed',
        message: first ? `Please check ${first[0]}: ${first[1]}` : 'The request is not valid',
        fields,
      },
    });
  }
  const status = error.statusCode ?? 500;
  if (status === 429) {
    return send(429, { error: { code: 'rate_limited', message: error.message } });
  }
  if (status >= 400 && status < 500) {
    // Fastify's own client errors: bad JSON, wrong content type, body too large.
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return send(400, { error: { code: 'invalid_json', message: 'The request body is not valid JSON.' } });
    }
    const code = fastifyCodes[status] ?? (error.code?.startsWith('FST_') ? 'bad_request' : error.code) ?? 'bad_request';
    return send(status, { error: { code, message: error.message } });
  }
  return send(500, {
    error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' },
  });
}

/** One handler for the whole app: typed errors become their status, and 5xx hide internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { statusCode, body, headers } = describe(error);
    if (headers) void reply.headers(headers);
    if (statusCode >= 500) {
      request.log.error({ err: error, url: request.url, method: request.method }, 'request failed');
    }
    return reply.status(statusCode).send(body);
  });
}

/** The JSON 404 for an API-only app; with the client built, client-assets.ts answers instead. */
export function registerApiNotFound(app: FastifyInstance) {
  app.setNotFoundHandler((request, reply) => {
    return reply
      .status(404)
      .send({ error: { code: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` } });
  });
}
