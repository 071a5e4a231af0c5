import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from './features/auth/sessions';
import { hostileString } from './test/fuzz/hostile';
import { operationsOf, requestFor, type FuzzRequest, type Operation } from './test/fuzz/operations';
import { fuzzPersonas, type Persona } from './test/fuzz/personas';
import { createTestApp, type DbKind, type TestContext } from './test/test-app';

/**
 * Every operation of the OpenAPI document, called with plausible and hostile path parameters,
 * query values and bodies: signed out, signed in with one's own ids, signed in with another
 * customer's ids, and as staff. No answer may be a 5xx, show a stack trace or internals, or
 * carry the other customer's data. Fixed seed and a bounded number of runs, so `npm test` stays
 * quick; FUZZ_RUNS=200 FUZZ_SEED=<n> explores further, and FUZZ_DB=postgres runs it on
 * TEST_DATABASE_URL.
 */
const seed = Number(process.env.FUZZ_SEED ?? 20_251_111);
const runs = Number(process.env.FUZZ_RUNS ?? 12);
const kind: DbKind = process.env.FUZZ_DB === 'postgres' ? 'postgres' : 'pglite';

const internals = [
  /\n\s+at [^\n]+:\d+:\d+/,
  /node_modules/,
  /\/src\/server\//,
  /\.ts:\d+/,
  /\b(syntax error at|violates|duplicate key value|invalid input syntax|out of range for type|PGlite|ZodError|TypeError|ReferenceError|FST_ERR)\b/,
];

/** What Bob owns is marked, so an answer to anyone else that contains the mark is a leak. */
const bobMark = 'BobPrivateMarker';

describe(`every API operation under hostile input (${kind})`, () => {
  let t: TestContext;
  let operations: Operation[];
  let personas: Persona[];
  let freshCookie: (userId: string) => Promise<string>;
  let resetAccounts: () => Promise<void>;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { SIM_PANEL_INSTALL_SECONDS: '0' } });
    ({ personas, freshCookie, resetAccounts } = await fuzzPersonas(t, bobMark));
    operations = operationsOf(t.app.swagger());
  }, 180_000);
  afterAll(async () => t?.close());

  it('walks a document that lists the API', () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.some((op) => op.method === 'PATCH' && op.path === '/api/account')).toBe(true);
  });

  /** Sends the request; a streaming answer (server-sent events) is read up to its first bytes. */
  let requests = 0;
  async function send(request: FuzzRequest, cookie: string | undefined) {
    const abort = new AbortController();
    requests += 1;
    const res = await t.app.inject({
      // A new address each time: the per-address rate limits would otherwise answer most requests.
      remoteAddress: `10.${(requests >> 16) & 255}.${(requests >> 8) & 255}.${requests & 255}`,
      method: request.method,
      url: request.url,
      headers: { ...request.headers, ...(cookie && { cookie }) },
      ...(request.payload !== undefined && { payload: request.payload }),
      payloadAsStream: true,
      signal: abort.signal,
    });
    const stream = res.stream();
    let body = '';
    if (String(res.headers['content-type']).startsWith('text/event-stream')) {
      abort.abort();
      stream.destroy();
    } else {
      for await (const chunk of stream) body += String(chunk);
    }
    return { statusCode: res.statusCode, body };
  }

  /** Why the answer is wrong, or null. */
  function fault(persona: Persona, res: { statusCode: number; body: string }, request: FuzzRequest): string | null {
    // Readiness answers 503 by design while the job workers are not running, as in these tests.
    const readiness = res.statusCode === 503 && request.url.split('?')[0] === '/api/ready';
    if (res.statusCode >= 500 && !readiness) return `status ${res.statusCode}`;
    const shown = internals.find((pattern) => pattern.test(res.body));
    if (shown) return `shows internals (${shown.source})`;
    const others = persona.name !== 'staff' && !request.url.startsWith('/api/admin');
    if (others && (res.body.includes(bobMark) || res.body.includes('bob-fuzz@'))) return "shows another customer's data";
    return null;
  }

  it('answers every operation without a 5xx, a stack trace or a leak', async () => {
    const junkCookie = fc.oneof(
      fc.constant(undefined),
      hostileString.map((v) => `${SESSION_COOKIE}=${encodeURIComponent(v.replace(/[\ud800-\udfff]/g, ''))}`),
    );
    const faults: string[] = [];
    // One property per operation and persona, in the document's order: each stops at its first
    // fault (the seed reproduces it), and the walk goes on so one run lists them all.
    for (const op of operations) {
      for (const persona of personas) {
        if (persona.name === 'staff' && !op.path.startsWith('/api/admin')) continue;
        await resetAccounts();
        const before = faults.length;
        const result = await fc.check(
          fc.asyncProperty(requestFor(op, persona.hints), junkCookie, async (request, junk) => {
            const cookie = persona.user ? await freshCookie(persona.user.id) : junk;
            const res = await send(request, cookie);
            const why = fault(persona, res, request);
            if (why) {
              const payload = request.payload === undefined ? '' : ` body ${JSON.stringify(String(request.payload).slice(0, 300))}`;
              faults.push(`${op.method} ${op.path} (${persona.name}): ${why}\n  ${request.method} ${request.url.slice(0, 300)}${payload}\n  → ${res.statusCode} ${res.body.slice(0, 400)}`);
            }
            return why === null;
          }),
          { seed, numRuns: runs, endOnFailure: true },
        );
        if (result.failed && faults.length === before) faults.push(`${op.method} ${op.path} (${persona.name}): threw ${String(result.errorInstance)}`);
      }
    }
    expect(faults, faults.join('\n\n')).toEqual([]);
  }, 600_000);
});
