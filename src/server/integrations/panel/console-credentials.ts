/**
 * Websocket credentials (GET /api/client/servers/{id}/websocket) shared by every viewer of a
 * server's console on this instance. Both panels sign them for 10 minutes
 * (WebsocketController: `setExpiresAt(now()->addMinutes(10))`), and Pelican lets a server have
 * only 5 a minute (app/Enums/ResourceLimit.php, `Websocket`), so a page opened by many viewers, or
 * reopened, must not ask each time. Wings warns a minute before `exp` (`token expiring`): a
 * token is handed out again only while it has more than two minutes left. A token a viewer's node
 * warned about or refused (`token expiring`, `token expired`, `jwt error`) is dropped and a fresh
 * one asked for; the viewers after it get the fresh one.
 */
export interface Credentials {
  token: string;
  socket: string;
}

const MIN_LIFE_MS = 2 * 60_000;

/** The token's `exp` in milliseconds, or 0 when it cannot be read (then it is never reused). */
export function tokenExpiry(token: string): number {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : 0;
  } catch {
    return 0;
  }
}

export function createCredentialCache(fetch: (identifier: string) => Promise<Credentials>, now: () => number) {
  const held = new Map<string, { credentials: Credentials; expiresAt: number }>();
  const asking = new Map<string, Promise<Credentials>>();

  function ask(identifier: string): Promise<Credentials> {
    const running = asking.get(identifier);
    if (running) return running;
    const call = fetch(identifier)
      .then((credentials) => {
        held.set(identifier, { credentials, expiresAt: tokenExpiry(credentials.token) });
        return credentials;
      })
      .finally(() => asking.delete(identifier));
    asking.set(identifier, call);
    return call;
  }

  return {
    /** A token with more than two minutes left, held or fetched, and never `replacing`. */
    get(identifier: string, replacing?: string): Promise<Credentials> {
      const entry = held.get(identifier);
      if (entry && entry.credentials.token === replacing) held.delete(identifier);
      else if (entry && entry.expiresAt - now() > MIN_LIFE_MS) return Promise.resolve(entry.credentials);
      else if (entry) held.delete(identifier);
      return ask(identifier);
    },
  };
}
