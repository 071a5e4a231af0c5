import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/**
 * NUL, which PostgreSQL cannot store in text, and UTF-16 surrogates without their pair, which
 * become U+FFFD on the way to UTF-8 and which jsonb refuses outright.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this must find
const unstorable = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(value: string): boolean {
  return !unstorable.test(value);
}

type Where = 'path' | 'query' | 'body';

const wording: Record<Where, string> = {
  path: 'The address',
  query: 'The query parameter',
  body: 'The field',
};

function refuse(where: Where, field: string): HttpError {
  // A wildcard route's parameter is called '*': say "path" instead.
  const name = (where === 'path' && field === '*' ? 'path' : field) || where;
  return new HttpError(
    400,
    'invalid_characters',
    `${wording[where]} ${name} contains a character we cannot store (a NUL byte or an unpaired surrogate). Remove it and try again.`,
    { [name]: 'Contains a character we cannot store' },
  );
}

function join(prefix: string, key: string) {
  return prefix ? `${prefix}.${key}` : key;
}

/** Objects whose fields are input: not Buffers, nor streams (a raw upload's body, read by the route). */
function isWalkable(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return false;
  return typeof (value as { pipe?: unknown }).pipe !== 'function';
}

/**
 * The dotted path of the first string (or object key) in `input` that cannot be stored, or null.
 * Walks without recursion, so a deeply nested body cannot overflow the stack. Buffers (the raw webhook
 * bodies, verified by signature over their bytes) and streams (a raw upload's body, whose object
 * graph links back to the socket and the server) are left alone, and no object is walked twice, so
 * a walk always ends.
 */
export function findUnstorable(input: unknown): string | null {
  const stack: [unknown, string][] = [[input, '']];
  const seen = new WeakSet<object>();
  while (stack.length > 0) {
    const [value, at] = stack.pop()!;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return at;
    } else if (Array.isArray(value)) {
      if (seen.has(value)) continue;
      seen.add(value);
      for (let i = value.length - 1; i >= 0; i -= 1) stack.push([value[i], join(at, String(i))]);
    } else if (isWalkable(value) && !seen.has(value)) {
      seen.add(value);
      const entries = Object.entries(value as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, child] = entries[i]!;
        const path = join(at, key);
        if (!isStorableText(key)) return path;
        stack.push([child, path]);
      }
    }
  }
  return null;
}

function check(request: FastifyRequest) {
  for (const [where, value] of [
    ['path', request.params],
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    const field = findUnstorable(value);
    if (field !== null) throw refuse(where, field);
  }
}

/**
 * Refuses, once for every route, a path parameter, query value or body string (at any depth)
 * that PostgreSQL cannot store, with a 400 naming the field. Runs before the route's schema, so
 * no handler ever sees such a string.
 */
export function registerSafeInput(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => check(request));
}

/**
 * Fastify's `frameworkErrors` option: the errors it meets before any hook runs (a path that is not
 * valid percent-encoded UTF-8, a path parameter over the length limit) in the app's error shape.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(414).send({ error: { code: 'uri_too_long', message: 'The address is too long.' } });
  }
  return reply
    .status(400)
    .send({ error: { code: 'bad_url', message: 'The address is not valid: check its percent-encoding (UTF-8).' } });
}
