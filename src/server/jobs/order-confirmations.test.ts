import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendOrderConfirmation, type OrderConfirmationDeps } from '../features/billing';
import { buyWithLocalCard } from '../features/billing/billing.fixtures';
import { markLocalSessionPaid, recordingBus, recordingProvisioning, startCheckout } from '../features/checkout/checkout.fixtures';
import { fulfilOrder } from '../features/checkout/fulfilment';
import { createSignedInUser, createTestApp, dbKinds, readMailbox, type TestContext } from '../test/test-app';
import { createOrderConfirmationJobs, ORDER_CONFIRMATIONS_QUEUE } from './order-confirmations';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describe.each(dbKinds)('the order confirmation is owed from the payment on (%s)', (kind) => {
  let t: TestContext;
  let customer: Awaited<ReturnType<typeof createSignedInUser>>;
  const provisioning = recordingProvisioning();
  const events = recordingBus();

  beforeAll(async () => {
    t = await createTestApp(kind, { checkout: { provisioning, events } });
    customer = await createSignedInUser(t);
  });
  afterAll(async () => t?.close());

  const confirmations = async () => (await readMailbox(t, customer.email)).filter((m) => m.subject.startsWith('Order confirmed'));
  const jobsFor = (invoiceId: string) =>
    t.database.query<{ state: string; due: boolean }>(`select state, start_after <= now() as due from pgboss.job where name = $1 and singleton_key = $2`, [
      ORDER_CONFIRMATIONS_QUEUE,
      invoiceId,
    ]);
  /** What a restarted process runs: the job's worker, with the job made due now rather than in a minute. */
  async function restart(invoiceId: string, jobs: ReturnType<typeof confirmationJobs>) {
    await t.database.query(`update pgboss.job set start_after = now() where name = $1 and singleton_key = $2`, [ORDER_CONFIRMATIONS_QUEUE, invoiceId]);
    await jobs.startWorkers();
  }

  function confirmationJobs() {
    const deps: OrderConfirmationDeps = {
      db: t.database.db,
      clock: { now: () => new Date() },
      ids: { uuid: () => crypto.randomUUID() },
      payments: t.app.payments,
      events,
      log: quiet,
      mailer: t.app.mailer,
      publicUrl: t.config.PUBLIC_URL,
      seller: { name: 'Spawnpoint', email: t.config.SUPPORT_EMAIL, url: t.config.PUBLIC_URL },
    };
    return createOrderConfirmationJobs({
      queue: t.app.jobs.queue,
      log: quiet,
      singleProcess: kind === 'pglite',
      send: (userId, invoiceId) => sendOrderConfirmation(deps, userId, invoiceId),
    });
  }

  it('a process that stops right after the payment commits still sends the confirmation, once, when the job runs', async () => {
    const out = await startCheckout(t, customer.cookie);
    const row = await markLocalSessionPaid(t, out.session_id);
    const jobs = confirmationJobs();
    const fulfilment = {
      db: t.database.db,
      clock: { now: () => new Date() },
      ids: { uuid: () => crypto.randomUUID() },
      catalog: t.app.catalog,
      events,
      provisioning,
      log: quiet,
      confirmationOwed: { prepare: jobs.prepare, record: jobs.record },
      // No orderPaid: the process stopped before the send beside the request.
    };
    const result = await fulfilOrder(fulfilment, { orderId: out.order_id, provider: 'local', paymentId: row.chargeId });
    expect(result.fulfilled).toBe(true);
    const [invoice] = await t.database.query<{ id: string }>('select id from invoices where order_id = $1', [out.order_id]);
    expect(await confirmations()).toHaveLength(0);
    // Written with the payment, waiting a minute for the send that never came.
    expect(await jobsFor(invoice!.id)).toEqual([{ state: 'created', due: false }]);
    // A replay of the payment finds the order paid and owes nothing more.
    expect((await fulfilOrder(fulfilment, { orderId: out.order_id, provider: 'local', paymentId: row.chargeId })).fulfilled).toBe(false);
    expect(await jobsFor(invoice!.id)).toHaveLength(1);

    await restart(invoice!.id, jobs);
    await expect.poll(async () => (await confirmations()).length, { timeout: 10_000 }).toBe(1);
    const [mail] = await confirmations();
    expect(mail!.attachments).toEqual([expect.objectContaining({ contentType: 'application/pdf' })]);
    await expect.poll(async () => (await jobsFor(invoice!.id))[0]?.state, { timeout: 10_000 }).toBe('completed');
  });

  it('a payment whose transaction fails owes nothing: the job goes with it', async () => {
    const out = await startCheckout(t, customer.cookie);
    const row = await markLocalSessionPaid(t, out.session_id);
    const jobs = confirmationJobs();
    let invoiceId = '';
    const failing = {
      db: t.database.db,
      clock: { now: () => new Date() },
      ids: { uuid: () => crypto.randomUUID() },
      catalog: t.app.catalog,
      events,
      provisioning,
      log: quiet,
      confirmationOwed: {
        prepare: jobs.prepare,
        async record(tx: Parameters<typeof jobs.record>[0], paid: { userId: string; invoiceId: string }) {
          await jobs.record(tx, paid);
          invoiceId = paid.invoiceId;
          throw new Error('the database went away mid-payment');
        },
      },
    };
    await expect(fulfilOrder(failing, { orderId: out.order_id, provider: 'local', paymentId: row.chargeId })).rejects.toThrow('went away');
    expect(invoiceId).not.toBe('');
    expect(await jobsFor(invoiceId)).toEqual([]);
    expect(await t.database.query('select 1 from invoices where id = $1', [invoiceId])).toEqual([]);
  });

  it('a normal purchase sends it beside the request and the job, run later, finds it sent: one email', async () => {
    const before = (await confirmations()).length;
    const { invoice } = await buyWithLocalCard(t, customer.cookie);
    // The app wrote the job in the payment's transaction.
    expect(await jobsFor(invoice.id)).toEqual([{ state: 'created', due: false }]);
    await expect.poll(async () => (await confirmations()).length).toBe(before + 1);
    await restart(invoice.id, confirmationJobs());
    await expect.poll(async () => (await jobsFor(invoice.id))[0]?.state, { timeout: 10_000 }).toBe('completed');
    expect(await confirmations()).toHaveLength(before + 1);
  });
});
