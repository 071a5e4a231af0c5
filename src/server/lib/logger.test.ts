import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { seedCatalog } from '../features/catalog/catalog.repository';
import { goodCard, minecraftChoice } from '../features/checkout/checkout.fixtures';
import { listMailbox } from '../integrations/mail/mailbox';
import { LOCAL_SIGNATURE_HEADER } from '../integrations/payments/webhook-signature';
import { openTestDatabase, testBillingDetails } from '../test/test-app';
import { loggerOptions, redactDeep, redactUrl, REDACTED } from './logger';

/** Every value a log line must never carry. */
const secrets = {
  password: 'Hunter2-correct-horse-battery',
  wrongPassword: 'Wrong-password-never-logged-42',
  bearer: 'bearer-token-that-must-not-leak-0001',
  cookie: 'cookie-value-that-must-not-leak-0002',
  metricsToken: 'metrics-token-that-must-not-leak-0003',
  localPaymentsSecret: 'local-payments-secret-never-logged',
  appSecret: 'app-secret-never-logged-0123456789abcdef',
  signature: 't=1,v1=deadbeefdeadbeefdeadbeefdeadbeefdeadbeef',
  invitation: 'invitation-token-never-logged-0004',
  resetToken: 'reset-token-in-a-url-never-logged-0005',
  dbPassword: 'db-password-never-logged-0006',
};

describe('logs carry no secrets', () => {
  const lines: string[] = [];
  const found: Record<string, string> = {};
  let app: App;
  let database: Database;
  let dispose: () => Promise<void>;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spawnpoint-logs-'));

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'trace',
      METRICS_TOKEN: secrets.metricsToken,
      LOCAL_PAYMENTS_SECRET: secrets.localPaymentsSecret,
      APP_SECRET: secrets.appSecret,
    });
    const opened = await openTestDatabase('pglite');
    dispose = opened.dispose;
    database = opened.database;
    await seedCatalog(opened.database.db);
    app = await buildApp({ config, database: opened.database, logger: loggerOptions({ level: 'trace', stream }) as Record<string, unknown> });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('after sign-up, sign-in, a wrong password, checkout, a forged webhook and probing with tokens', async () => {
    const email = 'logs@example.test';
    const sneaky = { authorization: `Bearer ${secrets.bearer}`, cookie: `sp_session=${secrets.cookie}` };
    const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: secrets.password }, headers: sneaky });
    expect(signup.statusCode, signup.body).toBeLessThan(300);
    const [mail] = await listMailbox(database.db, { to: email });
    const token = decodeURIComponent(/verify\?token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? '')?.[1] ?? '');
    found.verifyToken = token;
    expect((await app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token, password: secrets.password } })).statusCode).toBeLessThan(300);

    const refused = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: secrets.wrongPassword } });
    expect(refused.statusCode).toBe(401);
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: secrets.password } });
    expect(login.statusCode, login.body).toBe(200);
    const session = login.cookies.find((c) => c.name === 'sp_session')?.value ?? '';
    found.session = session;
    const cookie = `sp_session=${session}`;

    const details = await app.inject({ method: 'PUT', url: '/api/account/billing-details', payload: testBillingDetails, headers: { cookie } });
    expect(details.statusCode, details.body).toBe(200);
    const checkout = await app.inject({ method: 'POST', url: '/api/checkout', payload: minecraftChoice, headers: { cookie } });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const sessionId = (checkout.json() as { session_id: string }).session_id;
    const paid = await app.inject({ method: 'POST', url: `/api/local-checkout/${sessionId}/pay`, payload: goodCard });
    expect(paid.statusCode, paid.body).toBe(200);
    const declined = await app.inject({ method: 'POST', url: `/api/local-checkout/${sessionId}/pay`, payload: { ...goodCard, number: '4000 0000 0000 0002' } });
    expect(declined.statusCode).toBe(409);

    const forged = await app.inject({
      method: 'POST',
      url: '/api/webhooks/local',
      payload: '{"id":"evt_forged"}',
      headers: { 'content-type': 'application/json', [LOCAL_SIGNATURE_HEADER]: secrets.signature },
    });
    expect(forged.statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: `/api/auth/invitations/${secrets.invitation}` })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await app.inject({ method: 'GET', url: `/api/nowhere?token=${secrets.resetToken}&page=2` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token' } })).statusCode).toBe(401);
    app.log.error({ err: new Error(`connect to postgres://app:${secrets.dbPassword}@db:5432/app failed`) }, 'probe');
    app.log.info({ nested: { deeper: { apiKey: 'sk_live_never', totpSecret: 'JBSWY3DPEHPK3PXP' } } }, 'probe');

    await new Promise((r) => setImmediate(r));
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.some((l) => l.includes('"request completed"'))).toBe(true);
    expect(lines.some((l) => l.includes('webhook refused'))).toBe(true);
    const all = { ...secrets, ...found, card: '4242424242424242', cardSpaced: '4242 4242 4242 4242', totp: 'JBSWY3DPEHPK3PXP', apiKey: 'sk_live_never' };
    for (const [name, value] of Object.entries(all)) {
      expect(value.length, name).toBeGreaterThan(8);
      const leaking = lines.filter((l) => l.includes(value));
      expect(leaking, `${name} appears in a log line`).toEqual([]);
    }
  });
});

describe('redaction helpers', () => {
  it('replace secret query parameters and invitation tokens in URLs', () => {
    expect(redactUrl('/auth/verify?token=abc&next=/x')).toBe(`/auth/verify?token=${REDACTED}&next=/x`);
    expect(redactUrl('/api/x?api_key=1&code=2&q=3')).toBe(`/api/x?api_key=${REDACTED}&code=${REDACTED}&q=3`);
    expect(redactUrl('/api/auth/invitations/abc?x=1')).toBe(`/api/auth/invitations/${REDACTED}?x=1`);
  });

  it('replace secret keys at any depth and passwords in connection strings, keeping the rest', () => {
    expect(
      redactDeep({ a: { password: 'p', items: [{ token: 't', id: 1 }] }, url: '/r?secret=s', note: 'postgres://u:pw@h/db', twoFactor: true }),
    ).toEqual({
      a: { password: REDACTED, items: [{ token: REDACTED, id: 1 }] },
      url: `/r?secret=${REDACTED}`,
      note: `postgres://u:${REDACTED}@h/db`,
      twoFactor: true,
    });
  });
});
