import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminIncident } from '../../shared/schemas/status';
import { sendIncidentNotices } from '../features/status';
import type { Mailer } from '../integrations/mail/mailer';
import { createSignedInUser, createTestApp, dbKinds, readMailbox, type TestContext, type TestUser } from '../test/test-app';
import { insertPaidServer } from './provisioning.fixtures';
import { STATUS_NOTICES_QUEUE } from './status-notices';

const quiet = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };

describe.each(dbKinds)('a status notice is emailed by a job, once per customer, whatever stops (%s)', (kind) => {
  let t: TestContext;
  let admin: TestUser & { cookie: string };
  const customers: (TestUser & { cookie: string })[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createSignedInUser(t, { role: 'admin' });
    for (let i = 0; i < 3; i += 1) {
      const c = await createSignedInUser(t);
      await insertPaidServer(t.database.db, c.id, { location: 'asia-pacific', status: 'online' });
      customers.push(c);
    }
  });
  afterAll(async () => t?.close());

  const notices = async (email: string) => (await readMailbox(t, email)).filter((m) => m.subject.includes('Router swap'));
  const jobOf = async (incidentId: string) =>
    (await t.database.query<{ state: string }>('select state from pgboss.job where name = $1 and singleton_key = $2', [STATUS_NOTICES_QUEUE, incidentId]))[0]?.state;
  async function listed(id: string) {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/incidents', headers: { cookie: admin.cookie } });
    return (res.json() as { incidents: AdminIncident[] }).incidents.find((i) => i.id === id);
  }

  it('answers staff before any mail goes, and a restart in the middle of the fan-out emails the rest, no one twice', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/incidents',
      headers: { cookie: admin.cookie },
      payload: { kind: 'incident', title: 'Router swap in Singapore', message: 'Packets are lost; we swap the router.', state: 'identified', locations: ['asia-pacific'], reason: 'Seen by the node checks' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const posted = res.json() as AdminIncident;
    expect(posted).toMatchObject({ notified: 0, emailing: true });
    // Written with the notice, due now; no worker runs in this test app yet, so nothing is sent.
    expect(await jobOf(posted.id)).toBe('created');
    for (const c of customers) expect(await notices(c.email)).toHaveLength(0);

    // A first process takes the job and stops after storing one email: the job stays active, owned by no one.
    await t.database.query(`update pgboss.job set state = 'active', started_on = now() where name = $1 and singleton_key = $2`, [STATUS_NOTICES_QUEUE, posted.id]);
    let stored = 0;
    const stopping: Mailer = {
      async send(message) {
        if (stored++ > 0) throw new Error('the process stopped');
        await t.app.mailer.send(message);
      },
    };
    await expect(sendIncidentNotices({ db: t.database.db, mailer: stopping, publicUrl: t.config.PUBLIC_URL, log: quiet }, { incidentId: posted.id, message: 'Packets are lost; we swap the router.' })).rejects.toThrow();
    const first = (await Promise.all(customers.map(async (c) => (await notices(c.email)).length))).reduce((a, b) => a + b, 0);
    expect(first).toBe(1);
    expect((await listed(posted.id))?.emailing).toBe(true);

    // The restart: the stopped process's job is failed back to retry (at start-up on PGlite, by the
    // dead-instance sweep on PostgreSQL), made due now rather than after its back-off, and run.
    await t.app.jobs.queue.releaseActiveJobs(STATUS_NOTICES_QUEUE);
    await t.database.query(`update pgboss.job set start_after = now() where name = $1 and singleton_key = $2`, [STATUS_NOTICES_QUEUE, posted.id]);
    await t.app.statusNotices.startWorkers();
    await expect.poll(() => jobOf(posted.id), { timeout: 20_000 }).toBe('completed');
    for (const c of customers) {
      const mails = await notices(c.email);
      expect(mails, c.email).toHaveLength(1);
      expect(mails[0]!.text).toContain('Packets are lost; we swap the router.');
    }
    expect(await listed(posted.id)).toMatchObject({ notified: 3, emailing: false });

    // Run again (a retry that overlapped, a replayed job): still one each.
    expect(await sendIncidentNotices({ db: t.database.db, mailer: t.app.mailer, publicUrl: t.config.PUBLIC_URL, log: quiet }, { incidentId: posted.id, message: 'again' })).toBe(3);
    for (const c of customers) expect(await notices(c.email)).toHaveLength(1);
  });
});
