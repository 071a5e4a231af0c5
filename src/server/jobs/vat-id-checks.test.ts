import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingDetails } from '../db/schema';
import { setBillingDetails } from '../features/tax/tax.fixtures';
import { startFakeVies, type FakeVies } from '../test/fakes/vies/fake-vies';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../test/test-app';
import { waitFor } from './provisioning.fixtures';
import { createJobQueue, type JobQueue } from './queue';
import { createVatIdCheckJobs, defaultVatIdCheckOptions, VAT_ID_CHECKS_QUEUE } from './vat-id-checks';

const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

/** The retry of a VAT ID check as pg-boss runs it: a failed try waits with backoff, a later one verifies. */
describe.each(dbKinds)('VAT ID check job on %s', (kind) => {
  let t: TestContext;
  let vies: FakeVies;
  let queue: JobQueue;

  beforeAll(async () => {
    vies = await startFakeVies();
    vies.register('FR40303265045', { name: 'KLÖTZCHEN SAS' });
    t = await createTestApp(kind, { env: { VIES_API_URL: vies.url } });
  });
  afterAll(async () => {
    await queue?.stop(1_000);
    await t?.close();
    await vies?.close();
  });

  const jobOf = async (userId: string) =>
    (
      await t.database.query<{ state: string; wait: number }>(
        `select state, extract(epoch from (start_after - now()))::float as wait from pgboss.job where name = $1 and singleton_key = $2`,
        [VAT_ID_CHECKS_QUEUE, userId],
      )
    )[0];

  it('retries while the member state is down, after a backed-off delay, and verifies the ID once VIES answers', async () => {
    const customer = await createSignedInUser(t, { billing: { name: 'Klötzchen GmbH', country: 'DE', postalCode: '10119' } });
    vies.setAvailable('FR', false);
    expect(await setBillingDetails(t, customer.cookie, { name: 'Klötzchen GmbH', country: 'DE', postalCode: '10119', vatId: 'FR40303265045' })).toMatchObject({ vatIdStatus: 'checking' });

    queue = createJobQueue(t.database, { pollingIntervalSeconds: 0.5, log: quietLog });
    const jobs = createVatIdCheckJobs({
      queue,
      log: quietLog,
      options: { ...defaultVatIdCheckOptions, singleProcess: kind === 'pglite' },
      run: (userId, options) => t.app.vatIds.retry(userId, options),
      stillChecking: () => t.app.vatIds.stillChecking(),
    });
    await jobs.startWorkers();
    // The first try fails (FR still down): back in the queue a minute or two later (60 s doubled once, with jitter).
    await waitFor(async () => (await jobOf(customer.id))?.state === 'retry', 'the first retry');
    const waiting = (await jobOf(customer.id))!;
    expect(waiting.wait).toBeGreaterThan(50);
    expect(waiting.wait).toBeLessThanOrEqual(120);

    vies.setAvailable('FR', true);
    await t.database.query(`update pgboss.job set start_after = now() where name = $1 and singleton_key = $2`, [VAT_ID_CHECKS_QUEUE, customer.id]);
    await waitFor(async () => (await jobOf(customer.id))?.state === 'completed', 'the job to complete');
    const [row] = await t.database.db.select().from(billingDetails).where(eq(billingDetails.userId, customer.id));
    expect(row).toMatchObject({ vatIdStatus: 'verified', vatIdVerifiedBy: 'vies', vatIdCheckError: null });
  });
});
