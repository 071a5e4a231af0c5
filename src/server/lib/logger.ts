import type { Writable } from 'node:stream';
import { stdSerializers, type LoggerOptions } from 'pino';

export const REDACTED = '[redacted]';

/** Keys whose values are secrets wherever they appear in a log object. */
const secretKey = /pass(word|phrase)?$|secret|token|authori[sz]ation|cookie|api[-_]?key|signature|totp|recovery|cvc|card[-_]?number/i;

/** Query parameters and path segments that carry a capability (emailed links, invitations). */
const secretParam = /([?&][^=&#]*(?:token|secret|password|signature|key|code)[^=&#]*=)[^&#]*/gi;
const secretSegment = /(\/invitations\/)[^/?#]+/gi;

/** A URL with the values of its secret query parameters and path segments replaced. */
export function redactUrl(url: string): string {
  return url.replace(secretParam, `$1${REDACTED}`).replace(secretSegment, `$1${REDACTED}`);
}

/** Text with the passwords of any connection strings in it replaced: postgres://user:[redacted]@host/db. */
export function redactCredentials(text: string): string {
  return text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^:/?#@\s]*:)[^@/\s]+@/gi, `$1${REDACTED}@`);
}

function isPlain(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** A copy of a plain log object with secret keys redacted, however deep (depth-limited). */
export function redactDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactCredentials(value);
  if (depth > 6) return value;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, depth + 1));
  if (!isPlain(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (secretKey.test(key) && v !== undefined && v !== null && typeof v !== 'boolean') out[key] = REDACTED;
    else if (key === 'url' && typeof v === 'string') out[key] = redactUrl(v);
    else out[key] = redactDeep(v, depth + 1);
  }
  return out;
}

interface RequestLike {
  method: string;
  url: string;
  host?: string;
  ip?: string;
}

export interface LoggerSetup {
  level: string;
  /** Human-readable lines (pino-pretty); by default when stdout is a terminal. */
  pretty?: boolean;
  /** Where JSON lines go instead of stdout (tests read them). */
  stream?: Writable;
}

/**
 * The app's logger: JSON lines for machines, pino-pretty for people at a terminal. Secrets never
 * reach a line: headers that carry credentials, any key that names a secret (at any depth of a
 * plain object), secret query parameters and invitation tokens in URLs, and passwords inside
 * connection strings are replaced by "[redacted]".
 */
export function loggerOptions(setup: LoggerSetup): LoggerOptions & { stream?: Writable } {
  const pretty = setup.pretty ?? (process.stdout.isTTY === true && !setup.stream);
  return {
    level: setup.level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-api-key"]',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
      ],
      censor: REDACTED,
    },
    serializers: {
      req: (request: RequestLike) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
      err: (error: Error) => redactDeep({ ...stdSerializers.err(error) }) as ReturnType<typeof stdSerializers.err>,
    },
    formatters: {
      log: (object) => redactDeep(object) as Record<string, unknown>,
    },
    ...(setup.stream ? { stream: setup.stream } : {}),
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}

/** The pino/Fastify logger methods services use; `app.log` fits. */
export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

function line(level: string, obj: object, msg?: string) {
  const { err, ...rest } = obj as { err?: unknown };
  const entry = { level, msg, ...rest, ...(err !== undefined && { err: String(err) }) };
  process.stderr.write(`${JSON.stringify(entry)}\n`);
}

/** A logger for code run outside a request (workers, scripts) when none is given. */
export const stderrLogger: Logger = {
  info: () => {},
  warn: (obj, msg) => line('warn', obj, msg),
  error: (obj, msg) => line('error', obj, msg),
};
