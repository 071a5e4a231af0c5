import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { isStaffRole } from '../../shared/permissions';
import type { Role } from '../../shared/schemas/auth';
import { buildApp, type App, type AppDeps } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { insertUser } from '../features/auth/auth.repository';
import { hashPassword } from '../features/auth/passwords';
import { defaultAuthLimits, type AuthLimits } from '../features/auth/rate-limits';
import { SESSION_COOKIE } from '../features/auth/sessions';
import { seedCatalog } from '../features/catalog/catalog.repository';
import { upsertBillingDetails } from '../features/tax/tax.repository';
import { billingDetailsInputSchema, type BillingDetailsInput } from '../../shared/schemas/tax';
import { listMailbox, type StoredEmail } from '../integrations/mail/mailbox';
import type { Mailer } from '../integrations/mail/mailer';
import { randomIds, systemClock, type Clock, type Ids } from '../lib/runtime';

export type DbKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const dbKinds: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** A throwaway PostgreSQL database per call, so test files never see each other's rows. */
async function createPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `sp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  // The run's migrated template (tests/setup/database-template.ts) when there is one.
  const template = process.env.SPAWNPOINT_TEST_PG_TEMPLATE;
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestContext {
  app: App;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export async function openTestDatabase(kind: DbKind): Promise<{ database: Database; dispose: () => Promise<void> }> {
  if (kind === 'postgres') {
    const { url, drop } = await createPgDatabase();
    const database = await openDatabase({ databaseUrl: url, dataDir: 'unused' });
    return {
      database,
      async dispose() {
        await database.close();
        await drop();
      },
    };
  }
  const template = process.env.SPAWNPOINT_TEST_PGLITE_TEMPLATE;
  const loadDataDir = template ? new Blob([readFileSync(template)]) : undefined;
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir });
  return { database, dispose: () => database.close() };
}

/** The default limits times 1000, so test files that sign in many times never hit them. */
const relaxedAuthLimits = Object.fromEntries(
  Object.entries(defaultAuthLimits).map(([action, rules]) => [action, rules.map((r) => ({ ...r, max: r.max * 1000 }))]),
) as AuthLimits;

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: Clock;
  ids?: Ids;
  /** Defaults to the built-in mailbox; read it with `readMailbox`. */
  mailer?: Mailer;
  /** Defaults to very loose limits; pass small ones to test the 429. */
  authLimits?: Partial<AuthLimits>;
  /** Checkout collaborators (payments, panel, events, provisioning); the app's defaults when unset. */
  checkout?: Pick<AppDeps, 'payments' | 'panel' | 'events' | 'provisioning' | 'resizes' | 'moves' | 'softwareSwitches'>;
  /** Provisioning and live-event tuning (fast retries, polls and heartbeats). */
  jobs?: Pick<AppDeps, 'provisioningOptions' | 'jobQueueOptions' | 'liveEvents' | 'mailJobOptions'>;
}

/** Boots the real app on a fresh, migrated and seeded database, for `inject()` tests. */
export async function createTestApp(kind: DbKind, options: TestAppOptions = {}): Promise<TestContext> {
  const { database, dispose } = await openTestDatabase(kind);
  await seedCatalog(database.db);
  const instance = await startTestInstance(database, options);
  return {
    ...instance,
    async close() {
      await instance.close();
      await dispose();
    },
  };
}

/** One more app on a database that is already open (several instances on one database); close() leaves the database open. */
export async function startTestInstance(database: Database, options: TestAppOptions = {}): Promise<TestContext> {
  // DATA_DIR holds files the app writes (the simulated panel's backups): a fresh folder per app.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spawnpoint-test-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PROVISION_REFUND_GRACE_MINUTES: '0', ...options.env });
  const app = await buildApp({
    config,
    database,
    clock: options.clock,
    ids: options.ids,
    mailer: options.mailer,
    authLimits: { ...relaxedAuthLimits, ...options.authLimits },
    logger: false,
    ...options.checkout,
    ...options.jobs,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A clock that only moves when told to. */
export function manualClock(start = new Date('2030-01-15T12:00:00Z')) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    set(at: Date) {
      now = at.getTime();
    },
    advance(ms: number) {
      now += ms;
    },
  };
}

let userCounter = 0;

/** A unique address per call, so tests in one file never collide. */
export function uniqueEmail(prefix = 'user'): string {
  userCounter += 1;
  return `${prefix}-${userCounter}-${randomBytes(3).toString('hex')}@example.test`;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
}

/** The billing details test accounts have unless told otherwise: a US customer, where the store has no rates. */
export const testBillingDetails: BillingDetailsInput = { name: 'Test Customer', address: '', country: 'US', region: '', postalCode: '94103', vatId: '' };

/**
 * Inserts an account directly (verified unless told otherwise), without any email, with billing
 * details (pass `billing: false` for an account that has given none, as the first checkout asks).
 */
export async function createUser(
  t: TestContext,
  options: { email?: string; password?: string; role?: Role; verified?: boolean; billing?: BillingDetailsInput | false } = {},
): Promise<TestUser> {
  const email = (options.email ?? uniqueEmail()).toLowerCase();
  const password = options.password ?? 'correct horse battery';
  const now = systemClock.now();
  const user = await insertUser(t.database.db, {
    id: randomIds.uuid(),
    email,
    passwordHash: await hashPassword(password),
    role: options.role,
    at: now,
  });
  if (!user) throw new Error(`createUser: ${email} already exists`);
  if (options.verified !== false) {
    await t.database.query('update users set email_verified_at = $1 where id = $2', [now.toISOString(), user.id]);
  }
  if (options.billing !== false) {
    await upsertBillingDetails(t.database.db, user.id, billingDetailsInputSchema.parse(options.billing ?? testBillingDetails), now);
  }
  return { id: user.id, email, password };
}

/** The `sp_session=...` pair from a response's Set-Cookie, ready for a `cookie` header. */
export function sessionCookie(response: { cookies: { name: string; value: string }[] }): string {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error('the response set no session cookie');
  return `${SESSION_COOKIE}=${cookie.value}`;
}

/** Signs in through the API; answers the cookie header for later requests. */
export async function signIn(t: TestContext, user: { email: string; password: string }, code?: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { ...user, code } });
  if (res.statusCode !== 200) throw new Error(`signIn failed: ${res.statusCode} ${res.body}`);
  return sessionCookie(res);
}

/** A verified account, signed in: `inject({ headers: { cookie } })` to act as it. */
export async function createSignedInUser(
  t: TestContext,
  options: { email?: string; password?: string; role?: Role; twoFactor?: boolean; billing?: BillingDetailsInput | false } = {},
): Promise<TestUser & { cookie: string }> {
  const user = await createUser(t, options);
  const cookie = await signIn(t, user);
  // Staff need two-factor for /api/admin; marking it on after sign-in keeps the session usable
  // without a code. Pass twoFactor: false to test the refusal.
  if (isStaffRole(options.role) && options.twoFactor !== false) await markTwoFactorOn(t, user.id);
  return { ...user, cookie };
}

/** Signs a staff account in again (e.g. after a manual clock passed the idle timeout), keeping two-factor on. */
export async function signInStaff(t: TestContext, user: TestUser): Promise<string> {
  await t.database.query('update users set totp_enabled_at = null where id = $1', [user.id]);
  const cookie = await signIn(t, user);
  await markTwoFactorOn(t, user.id);
  return cookie;
}

/**
 * Marks an account's two-factor as on (with a throwaway secret), and its open sessions as having
 * presented the code, as the staff guard requires.
 */
export async function markTwoFactorOn(t: TestContext, userId: string) {
  await t.database.query("update users set totp_secret = 'JBSWY3DPEHPK3PXP', totp_enabled_at = now() where id = $1", [userId]);
  await t.database.query('update sessions set second_factor_at = now() where user_id = $1', [userId]);
}

/** Emails stored by the built-in mailbox, newest first. */
export function readMailbox(t: TestContext, to?: string): Promise<StoredEmail[]> {
  return listMailbox(t.database.db, { to });
}

/** The token of the first link to `path` in an email's text. */
export function tokenFromEmail(email: { text: string } | undefined, path: string): string {
  const match = email?.text.match(new RegExp(`${path.replaceAll('/', '\\/')}\\?token=([A-Za-z0-9_%-]+)`));
  if (!match?.[1]) throw new Error(`no ${path} link in the email`);
  return decodeURIComponent(match[1]);
}
