import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import type { localCheckoutSessions } from '../db/schema';
import { seedCatalog } from '../features/catalog/catalog.repository';
import { isLocalProvider, type LocalPaymentProvider } from '../integrations/payments/local-provider';
import { LOCAL_SIGNATURE_HEADER } from '../integrations/payments/webhook-signature';
import { createUser, dbKinds, openTestDatabase, startTestInstance, type TestContext } from '../test/test-app';
import { createSecretBox } from './secret-box';
import { sharedSecret } from './shared-secrets';
import { systemClock } from './runtime';

const session = {
  id: 'cs_local_shared_secret_test',
  orderId: '00000000-0000-4000-8000-000000000001',
  amountCents: 1400,
  status: 'complete',
  paymentStatus: 'paid',
  chargeId: 'ch_local_test',
  expiresAt: new Date(Date.now() + 3_600_000),
} as unknown as typeof localCheckoutSessions.$inferSelect;

function localPayments(t: TestContext): LocalPaymentProvider {
  if (!isLocalProvider(t.app.payments)) throw new Error('expected the built-in checkout');
  return t.app.payments;
}

/** A delivery signed by one instance, checked by another (throws when the secrets differ). */
function verifiedBy(from: TestContext, to: TestContext) {
  const event = localPayments(from).signedEvent(session, 'checkout.session.completed');
  return localPayments(to).parseWebhook(Buffer.from(event.body), event.headers);
}

describe.each(dbKinds)('secrets shared by instances on %s', (kind) => {
  let database: Database;
  let dispose: () => Promise<void>;
  const running: TestContext[] = [];
  const start = async (env: Record<string, string> = {}) => {
    const t = await startTestInstance(database, { env });
    running.push(t);
    return t;
  };
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase(kind));
    await seedCatalog(database.db);
  });
  afterAll(async () => {
    for (const t of running) await t.close();
    await dispose?.();
  });

  async function clickHashes(t: TestContext, code: string, ip: string) {
    const res = await t.app.inject({ method: 'GET', url: `/api/affiliate/click?code=${code}`, remoteAddress: ip });
    expect(res.statusCode).toBeLessThan(300);
    const rows = await database.query<{ visitor_hash: string }>('select visitor_hash from affiliate_clicks order by created_at');
    return rows.map((r) => r.visitor_hash);
  }

  it('are generated once by two instances starting together, agree, and survive a restart', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    const stored = await database.query<{ name: string; value: string }>('select name, value from app_secrets order by name');
    expect(stored.map((r) => r.name)).toEqual(['affiliate-ip-salt', 'local-payments-webhook', 'sign-in-devices']);

    // The checkout's webhook signed on one instance verifies on the other.
    expect(verifiedBy(a, b)).toMatchObject({ type: 'checkout.completed' });
    expect(verifiedBy(b, a)).toMatchObject({ type: 'checkout.completed' });

    // The same visitor through either instance is one fingerprint, so counted once a day.
    const referrer = await createUser(a);
    const [{ referral_code: code } = { referral_code: '' }] = await database.query<{ referral_code: string }>(
      'select referral_code from users where id = $1',
      [referrer.id],
    );
    expect(await clickHashes(a, code, '203.0.113.7')).toHaveLength(1);
    expect(await clickHashes(b, code, '203.0.113.7')).toHaveLength(1);

    // A device that signed in through one instance is known to the other (the same cookie comes back).
    const device = async (t: TestContext, cookie?: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: referrer, headers: cookie ? { cookie } : {} });
      expect(res.statusCode).toBe(200);
      return `sp_device=${res.cookies.find((c) => c.name === 'sp_device')!.value}`;
    };
    const fromA = await device(a);
    expect(await device(b, fromA)).toBe(fromA);

    // Restarted: the stored values are read back, not drawn again.
    const signedBeforeRestart = localPayments(a).signedEvent(session, 'checkout.session.completed');
    await a.app.close();
    await b.app.close();
    const c = await start();
    expect(localPayments(c).parseWebhook(Buffer.from(signedBeforeRestart.body), signedBeforeRestart.headers)).toMatchObject({
      type: 'checkout.completed',
    });
    expect(await clickHashes(c, code, '203.0.113.7')).toHaveLength(1);
    expect(await clickHashes(c, code, '203.0.113.8')).toHaveLength(2);
    expect(await database.query('select name, value from app_secrets order by name')).toEqual(stored);
  });

  it('take the configured value over the stored one', async () => {
    const configured = await start({ LOCAL_PAYMENTS_SECRET: 'a configured secret of enough length' });
    const other = await start();
    expect(() => verifiedBy(other, configured)).toThrow();
    const withSame = await start({ LOCAL_PAYMENTS_SECRET: 'a configured secret of enough length' });
    expect(verifiedBy(configured, withSame)).toMatchObject({ type: 'checkout.completed' });
    const event = localPayments(configured).signedEvent(session, 'checkout.session.completed');
    expect(event.headers[LOCAL_SIGNATURE_HEADER]).toBeTruthy();
  });

  it('are sealed with APP_SECRET when it is set, and resealed after a rotation', async () => {
    const deps = (secret: string, previous: string[] = []) => ({
      db: database.db,
      clock: systemClock,
      box: createSecretBox({ secret, previous, purpose: 'stored-secrets' }),
    });
    const name = 'affiliate-ip-salt' as const;
    await database.query('delete from app_secrets where name = $1', [name]);
    const oldKey = 'old-key-old-key-old-key-old-key-old';
    const newKey = 'new-key-new-key-new-key-new-key-new';
    const plain = await sharedSecret(deps(oldKey), name);
    const [sealed] = await database.query<{ value: string }>('select value from app_secrets where name = $1', [name]);
    expect(sealed?.value.startsWith('enc:v1:')).toBe(true);
    expect(sealed?.value).not.toContain(plain);

    await expect(sharedSecret(deps(newKey), name)).rejects.toThrow(/APP_SECRET_PREVIOUS/);
    expect(await sharedSecret(deps(newKey, [oldKey]), name)).toBe(plain);
    const [resealed] = await database.query<{ value: string }>('select value from app_secrets where name = $1', [name]);
    expect(resealed?.value).not.toBe(sealed?.value);
    expect(await sharedSecret(deps(newKey), name)).toBe(plain);
  });
});
