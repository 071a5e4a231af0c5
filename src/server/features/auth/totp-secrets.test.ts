import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createSecretBox } from '../../lib/secret-box';
import { createSignedInUser, createTestApp, dbKinds, manualClock, type TestContext } from '../../test/test-app';
import { base32Decode, totp } from './totp';
import { resealTotpSecrets } from './totp-secrets';

const APP_SECRET = 'current-app-secret-0123456789abcdefghij';
const PREVIOUS = 'previous-app-secret-0123456789abcdefghij';

describe.each(dbKinds)('two-factor secrets at rest on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2031-03-01T09:00:10Z'));
  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { APP_SECRET, APP_SECRET_PREVIOUS: PREVIOUS } });
  });
  afterAll(async () => t?.close());

  const stored = async (id: string) => (await t.database.db.select({ s: users.totpSecret }).from(users).where(eq(users.id, id)))[0]?.s;
  const setStored = (id: string, value: string) => t.database.db.update(users).set({ totpSecret: value }).where(eq(users.id, id));
  const code = (secret: string) => totp(base32Decode(secret), clock.now());

  it('keeps the secret sealed in the database, and signs in with codes from it', async () => {
    const user = await createSignedInUser(t);
    const setup = await t.app.inject({ method: 'POST', url: '/api/account/2fa/setup', headers: { cookie: user.cookie } });
    const { secret } = setup.json() as { secret: string };
    const row = await stored(user.id);
    expect(row).toMatch(/^enc:v1:/);
    expect(row).not.toContain(secret);
    const enable = await t.app.inject({ method: 'POST', url: '/api/account/2fa/enable', payload: { code: code(secret) }, headers: { cookie: user.cookie } });
    expect(enable.statusCode).toBe(200);
    clock.advance(30_000);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password, code: code(secret) } });
    expect(login.statusCode, login.body).toBe(200);
  });

  it('reseals plain secrets and those of the previous key with APP_SECRET, and they keep working', async () => {
    const plainUser = await createSignedInUser(t);
    const oldUser = await createSignedInUser(t);
    const plain = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await setStored(plainUser.id, plain);
    await setStored(oldUser.id, createSecretBox({ secret: PREVIOUS }).seal(plain, oldUser.id));
    const box = createSecretBox({ secret: APP_SECRET, previous: [PREVIOUS] });
    const outcome = await resealTotpSecrets(t.database.db, box);
    expect(outcome.resealed).toBeGreaterThanOrEqual(2);
    expect(outcome.unreadable).toBe(0);
    for (const u of [plainUser, oldUser]) {
      const value = (await stored(u.id))!;
      expect(box.needsResealing(value)).toBe(false);
      expect(box.open(value, u.id)).toBe(plain);
    }
    expect((await resealTotpSecrets(t.database.db, box)).resealed).toBe(0);
  });

  it('counts secrets of an unknown key as unreadable and leaves them be', async () => {
    const user = await createSignedInUser(t);
    const foreign = createSecretBox({ secret: 'some-other-key-0123456789abcdefghijklmn' }).seal('X', user.id);
    await setStored(user.id, foreign);
    const outcome = await resealTotpSecrets(t.database.db, createSecretBox({ secret: APP_SECRET }));
    expect(outcome.unreadable).toBe(1);
    expect(await stored(user.id)).toBe(foreign);
    await setStored(user.id, 'JBSWY3DPEHPK3PXP');
  });
});
