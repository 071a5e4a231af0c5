import { PanelError } from './game-panel';
import { PanelBudgetBusy, type PanelBudget } from './panel-budget';

/** The panel's error body: `{"errors":[{"code":"NoViableNodeException","status":"400","detail":"..."}]}`. */
interface PanelErrorBody {
  errors?: { code?: string; status?: string; detail?: string }[];
}

/** Exceptions that mean no node or port in the location can take the server. */
const noCapacityCodes = new Set(['NoViableNodeException', 'NoViableAllocationException']);

/** Pelican's DaemonFileRepository: the exceptions it throws for Wings' 404 and 400 on a file call. */
const pelicanFileCodes: Record<string, string> = {
  FileNotFoundException: 'file_not_found',
  FileNotEditableException: 'file_not_editable',
  FileExistsException: 'file_exists',
};

/** Turns a panel answer (status and body) into a PanelError: 5xx, 429 and auth hiccups can be retried. */
export function panelErrorFrom(status: number, body: unknown, what: string): PanelError {
  const first = (body as PanelErrorBody | null)?.errors?.[0];
  const code = first?.code ?? `http_${status}`;
  const detail = first?.detail ?? '';
  const message = `${what}: panel answered ${status} ${code}${detail ? `: ${detail}` : ''}`;
  if (noCapacityCodes.has(code)) return new PanelError(message, false, 'no_capacity', status);
  if (code === 'TooManyBackupsException') return new PanelError(message, false, 'backup_limit', status);
  // Pelican answers Wings' file refusals as 500s named only by the exception (DaemonFileRepository).
  const pelicanFile = pelicanFileCodes[code];
  if (pelicanFile) return new PanelError(message, false, pelicanFile, status);
  // Wings answered, with an error Pelican does not relay: a refusal or a failure (retried outside file calls).
  if (code === 'RequestException') return new PanelError(message, true, 'daemon_refused', status);
  // The Client API's ServerStateConflictException: suspended, still installing, transferring, restoring.
  if (status === 409) return new PanelError(message, false, /suspended/i.test(detail) ? 'suspended' : 'not_ready', status);
  if (status === 404) return new PanelError(message, false, 'not_found', status);
  if (status >= 500 || status === 429 || status === 408) return new PanelError(message, true, 'panel_error', status);
  // A wrong or revoked key is an operator's fix; retrying gives them the retry window to make it.
  if (status === 401 || status === 403) return new PanelError(message, true, 'panel_auth', status);
  if (status === 422) return new PanelError(message, false, 'panel_validation', status);
  return new PanelError(message, false, 'panel_error', status);
}

export interface PanelHttp {
  /** Answers the parsed JSON body, or null for 204. Throws PanelError on any failure. */
  /** `timeoutMs` overrides the client's for one slow call (a node pulling or unpacking an archive). */
  request<T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /** A call whose answer (or body) is not JSON: file contents. Answers the body as text. */
  text(method: 'GET' | 'POST', path: string, body?: string): Promise<string>;
}

export interface RequestOptions {
  timeoutMs?: number;
}

export interface PanelHttpOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  /** The Client API's shared budget: every call takes a place in it first (panel-budget.ts). */
  budget?: PanelBudget;
  /** How long, in all, a call waits out 429s before it fails (2 minutes). */
  maxThrottleWaitMs?: number;
}

/** Retry-After in seconds (Laravel's ThrottleRequests), or an HTTP date; a minute when absent. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const at = Date.parse(header);
    if (Number.isFinite(at)) return Math.max(0, at - now);
  }
  return 60_000;
}

/**
 * A 429 from the panel's request limiter (Laravel's ThrottleRequestsException), as opposed to a
 * 429 a service throws for its own rule (InitiateBackupService's TooManyRequestsHttpException:
 * two backups in ten minutes), which waiting a few seconds does not cure. Reads the body.
 */
async function isRateLimit(response: Response): Promise<boolean> {
  const text = await response.clone().text().catch(() => '');
  try {
    const code = (JSON.parse(text) as PanelErrorBody).errors?.[0]?.code;
    return code === undefined || code === 'ThrottleRequestsException';
  } catch {
    return true;
  }
}

/** Tries of a GET whose connection was dropped before any answer came (the first included). */
export const GET_RESET_TRIES = 3;

/**
 * The connection was closed under the call before the panel answered: a reused keep-alive socket
 * the other side had just closed, or a proxy restarting. undici says `fetch failed` and names the
 * cause (ECONNRESET, UND_ERR_SOCKET 'other side closed'); node:http says 'socket hang up'.
 * A timeout is not one of these: the panel may be slow, and trying again only adds load.
 */
export function isConnectionReset(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth += 1) {
    if (e.code === 'ECONNRESET' || e.code === 'EPIPE' || e.code === 'UND_ERR_SOCKET') return true;
    if (typeof e.message === 'string' && /socket hang up|other side closed/i.test(e.message)) return true;
  }
  return false;
}

/**
 * A reset GET is sent again, at most GET_RESET_TRIES times in all, 100 ms then 200 ms apart: reading
 * twice changes nothing on the panel. Other methods are not: a POST whose connection dropped may
 * have been carried out (a power signal, a backup, a created server), so the caller decides.
 */
async function withResetRetry<T>(method: string, call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (method !== 'GET' || attempt >= GET_RESET_TRIES || error instanceof PanelBudgetBusy || !isConnectionReset(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** (attempt - 1)));
    }
  }
}

/** A small JSON client of the panel's Application API, with its key in the Authorization header. */
export function createPanelHttp(options: PanelHttpOptions): PanelHttp {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxThrottleWaitMs = options.maxThrottleWaitMs ?? 120_000;

  /**
   * One call through the budget. A 429 (the panel's limit met despite the budget: another client
   * of the same user, an instance with an older budget) pauses every instance for Retry-After and
   * is sent again, not reported, until the waits pass maxThrottleWaitMs.
   */
  async function send(init: () => Promise<Response>): Promise<Response> {
    let waited = 0;
    for (let attempt = 0; ; attempt += 1) {
      await options.budget?.acquire(attempt === 0 ? undefined : 'wait');
      const response = await init();
      if (response.status !== 429 || !(await isRateLimit(response))) return response;
      const waitMs = retryAfterMs(response.headers.get('retry-after'));
      if (waited + waitMs > maxThrottleWaitMs) return response;
      waited += waitMs;
      await options.budget?.pause(waitMs);
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }

  return {
    async request<T>(method: string, path: string, body?: unknown, callOptions?: RequestOptions): Promise<T> {
      const what = `${method} ${path.split('?')[0]}`;
      let response: Response;
      try {
        response = await withResetRetry(method, () => send(() => fetch(`${base}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${options.apiKey}`,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(callOptions?.timeoutMs ?? timeoutMs),
        })));
      } catch (error) {
        if (error instanceof PanelBudgetBusy) throw error;
        throw new PanelError(`${what}: panel unreachable (${(error as Error).message})`, true, 'panel_unreachable');
      }
      const text = await response.text().catch(() => '');
      let parsed: unknown = null;
      if (text) {
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = null;
        }
      }
      if (!response.ok) throw panelErrorFrom(response.status, parsed, what);
      if (response.status !== 204 && parsed === null) {
        throw new PanelError(`${what}: panel answered ${response.status} without JSON`, true, 'panel_error', response.status);
      }
      return parsed as T;
    },

    async text(method: string, path: string, body?: string): Promise<string> {
      const what = `${method} ${path.split('?')[0]}`;
      let response: Response;
      try {
        response = await withResetRetry(method, () => send(() => fetch(`${base}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${options.apiKey}`,
            accept: 'application/json, text/plain',
            ...(body === undefined ? {} : { 'content-type': 'text/plain' }),
          },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        })));
      } catch (error) {
        if (error instanceof PanelBudgetBusy) throw error;
        throw new PanelError(`${what}: panel unreachable (${(error as Error).message})`, true, 'panel_unreachable');
      }
      const text = await response.text().catch(() => '');
      if (!response.ok) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = null;
        }
        throw panelErrorFrom(response.status, parsed, what);
      }
      return text;
    },
  };
}
