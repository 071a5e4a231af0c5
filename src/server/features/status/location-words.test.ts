import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionUntilOnline } from '../../jobs/provisioning.fixtures';
import { createSignedInUser, createTestApp, dbKinds, manualClock, readMailbox, type TestContext } from '../../test/test-app';
import { buyWithLocalCard } from '../billing/billing.fixtures';
import { minecraftChoice, recordingProvisioning } from '../checkout/checkout.fixtures';
import { sendIncidentNotices } from './incident-notices';

const quiet = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };

/** Decision 085: a location is named as the catalog names it in the reader's language, never by its id. */
describe.each(dbKinds)('location names in notices and activity on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2030-01-15T12:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SIM_PANEL_INSTALL_SECONDS: '0' }, checkout: { provisioning: recordingProvisioning() } });
  });
  afterAll(async () => t?.close());

  async function customer(language: string) {
    const user = await createSignedInUser(t);
    const res = await t.app.inject({ method: 'PUT', url: '/api/account/preferences', headers: { cookie: user.cookie }, payload: { language } });
    expect(res.statusCode, res.body).toBe(200);
    const bought = await buyWithLocalCard(t, user.cookie, { choice: { ...minecraftChoice, location: 'eu-west' } });
    await provisionUntilOnline({ db: t.database.db, clock, panel: t.app.panel, events: t.app.events }, bought.server!.id);
    return user;
  }

  it('names the location in German in the activity list and the maintenance email, in English for an English reader', async () => {
    const hans = await customer('de');
    const ada = await customer('en');

    const activity = async (cookie: string, lang: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/overview?lang=${lang}`, headers: { cookie } })).json().activity.map((a: { message: string }) => a.message).join('\n');
    expect(await activity(hans.cookie, 'de')).toContain('wurde in Westeuropa (Amsterdam) angelegt');
    expect(await activity(hans.cookie, 'de')).not.toContain('EU West');
    expect(await activity(ada.cookie, 'en')).toContain('EU West (Amsterdam)');

    const admin = await createSignedInUser(t, { role: 'admin' });
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/admin/incidents',
      headers: { cookie: admin.cookie },
      payload: { kind: 'incident', title: 'Switch swap in Amsterdam', message: 'We swap a switch.', state: 'identified', locations: ['eu-west'], reason: 'Planned' },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    await sendIncidentNotices({ db: t.database.db, mailer: t.app.mailer, publicUrl: t.config.PUBLIC_URL, log: quiet }, { incidentId: posted.json().id, message: 'We swap a switch.' });
    const mail = async (email: string) => (await readMailbox(t, email)).find((m) => m.text.includes('We swap a switch.'))!.text;
    expect(await mail(hans.email)).toContain('Betroffene Standorte: Westeuropa (Amsterdam).');
    expect(await mail(ada.email)).toContain('EU West (Amsterdam).');
    expect(await mail(ada.email)).not.toMatch(/\beu-west\b/);
  });
});
