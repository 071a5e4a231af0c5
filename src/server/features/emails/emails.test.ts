import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localPaymentMethods, outboxEmails, servers, users } from '../../db/schema';
import { buyWithLocalCard } from '../billing/billing.fixtures';
import { sendCardExpiryNotices, sendRenewalReminders, type BillingReminderDeps } from '../billing';
import { recordingBus, recordingProvisioning } from '../checkout/checkout.fixtures';
import { sendServerReady } from '../servers';
import { sendTemplate } from './email-renderer';
import { PanelError } from '../../integrations/panel/game-panel';
import { billingDetailsInputSchema } from '../../../shared/schemas/tax';
import { upsertBillingDetails } from '../tax/tax.repository';
import {
  createSignedInUser,
  createTestApp,
  createUser,
  dbKinds,
  manualClock,
  readMailbox,
  sessionCookie,
  testBillingDetails,
  tokenFromEmail,
  uniqueEmail,
  type TestContext,
} from '../../test/test-app';

const DAY = 24 * 60 * 60 * 1000;
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describe.each(dbKinds)('customer emails in their language (%s)', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2030-01-31T10:00:00Z'));
  let deps: BillingReminderDeps;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, checkout: { events: recordingBus(), provisioning: recordingProvisioning() } });
    deps = { db: t.database.db, clock, mailer: t.app.mailer, publicUrl: t.config.PUBLIC_URL, payments: t.app.payments, events: recordingBus(), log: quiet };
  });
  afterAll(async () => t?.close());

  // The order confirmation (with its invoice PDF) goes beside the purchase's request; these tests look at the other notices.
  const notices = async (email: string) => (await readMailbox(t, email)).filter((m) => m.attachments.length === 0);

  async function customer(language: string | null, billingMail = true) {
    const user = await createSignedInUser(t);
    await t.database.db
      .update(users)
      .set({ preferences: { language: language as never }, notifications: sql`jsonb_set(${users.notifications}, '{billing}', ${billingMail ? 'true' : 'false'}::jsonb)` })
      .where(eq(users.id, user.id));
    return user;
  }

  it('renewal reminder: once per period, 7 days before, in German for a German account; none with billing mail off', async () => {
    clock.set(new Date('2030-01-31T10:00:00Z'));
    const german = await customer('de');
    const { server } = await buyWithLocalCard(t, german.cookie);
    const quietOne = await customer(null, false);
    await buyWithLocalCard(t, quietOne.cookie);
    expect(server!.renewsAt).toEqual(new Date('2030-02-28T10:00:00Z'));

    clock.set(new Date('2030-02-21T09:59:00Z'));
    await sendRenewalReminders(deps);
    expect(await notices(german.email)).toHaveLength(0);

    clock.set(new Date('2030-02-21T10:00:00Z'));
    await sendRenewalReminders(deps);
    clock.set(new Date('2030-02-22T10:00:00Z'));
    await sendRenewalReminders(deps);
    const mail = await notices(german.email);
    expect(mail.map((m) => m.subject)).toEqual([`${server!.name} verlängert sich am 28. Februar 2030`]);
    expect(mail[0]!.text).toMatch(/für \d+,\d\d\s\$/);
    expect(mail[0]!.html).toContain('<html lang="de">');
    expect(mail[0]!.text).toContain('/dashboard/billing');
    expect(await notices(quietOne.email)).toHaveLength(0);
    // The order confirmation went in German too, with its invoice attached.
    await expect.poll(async () => (await readMailbox(t, german.email)).filter((m) => m.attachments.length === 1).map((m) => m.subject.split(':')[0])).toEqual(['Bestellung bestätigt']);
  });

  it('card expiring: once per card per month while it expires this month or next', async () => {
    clock.set(new Date('2031-01-10T10:00:00Z'));
    const french = await customer('fr');
    await buyWithLocalCard(t, french.cookie, { card: { expiry: '02/31' } });
    const [card] = await t.database.db.select().from(localPaymentMethods).where(eq(localPaymentMethods.userId, french.id));
    expect(card).toMatchObject({ expMonth: 2, expYear: 2031 });

    await sendCardExpiryNotices(deps);
    await sendCardExpiryNotices(deps);
    let mail = await notices(french.email);
    expect(mail.map((m) => m.subject)).toEqual([`Votre carte Visa •••• ${card!.last4} expire bientôt`]);
    expect(mail[0]!.text).toContain('à la fin de février 2031');

    clock.set(new Date('2031-02-03T10:00:00Z'));
    await sendCardExpiryNotices(deps);
    await sendCardExpiryNotices(deps);
    mail = await notices(french.email);
    expect(mail).toHaveLength(2);
    clock.set(new Date('2031-03-03T10:00:00Z'));
    await sendCardExpiryNotices(deps);
    expect(await notices(french.email)).toHaveLength(2);
  });

  it('your server is ready: address and SFTP details, never a password, once; the shop default language for an account without one', async () => {
    clock.set(new Date('2031-04-01T10:00:00Z'));
    const admin = await createSignedInUser(t, { role: 'admin' });
    const setDefault = (defaultLocale: string) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/settings/language', headers: { cookie: admin.cookie }, payload: { defaultLocale, reason: 'Most customers are in Spain' } });
    expect((await setDefault('es')).statusCode).toBe(200);
    try {
      const owner = await customer(null);
      const { server } = await buyWithLocalCard(t, owner.cookie);
      const onPanel = await t.app.panel.createServer({
        externalId: server!.id,
        panelUserId: `sim-user-${owner.id}`,
        name: server!.name,
        game: server!.game,
        location: server!.location,
        ramGb: server!.ramGb,
        vcpu: server!.vcpu,
        diskGb: server!.diskGb,
      });
      const [row] = await t.database.db
        .update(servers)
        .set({ status: 'online', panelServerId: onPanel.panelServerId, panelIdentifier: onPanel.identifier, ip: onPanel.ip, port: onPanel.port })
        .where(eq(servers.id, server!.id))
        .returning();
      const readyDeps = { db: t.database.db, mailer: t.app.mailer, publicUrl: t.config.PUBLIC_URL, panel: t.app.panel };
      await sendServerReady(readyDeps, row!);
      await sendServerReady(readyDeps, row!);
      const mail = await notices(owner.email);
      expect(mail.map((m) => m.subject)).toEqual([`${server!.name} está listo`]);
      expect(mail[0]!.text).toContain(`Los jugadores se conectan a ${onPanel.ip}:${onPanel.port}.`);
      expect(mail[0]!.text).toMatch(/conéctese a \S+ en el puerto 2022 con el usuario \S+\.\S+/);
      expect(mail[0]!.text).not.toMatch(/contraseña:|password/i);
    } finally {
      await setDefault('en');
    }
  });

  /** Puts the server the customer bought online on the simulated panel, and sends 'your server is ready' for it. */
  async function serverReadyFor(server: { id: string; name: string; game: string; location: string; ramGb: number; vcpu: number; diskGb: number }, ownerId: string) {
    const onPanel = await t.app.panel.createServer({
      externalId: server.id,
      panelUserId: `sim-user-${ownerId}`,
      name: server.name,
      game: server.game,
      location: server.location,
      ramGb: server.ramGb,
      vcpu: server.vcpu,
      diskGb: server.diskGb,
    });
    const [row] = await t.database.db
      .update(servers)
      .set({ status: 'online', panelServerId: onPanel.panelServerId, panelIdentifier: onPanel.identifier, ip: onPanel.ip, port: onPanel.port })
      .where(eq(servers.id, server.id))
      .returning();
    await sendServerReady({ db: t.database.db, mailer: t.app.mailer, publicUrl: t.config.PUBLIC_URL, panel: t.app.panel }, row!);
  }
  const confirmations = async (email: string) =>
    (await readMailbox(t, email)).filter((m) => m.attachments.length === 1).map((m) => m.subject.split(':')[0]!.trim());

  it('mail no request carries: in the language the customer signed up in when they picked none; their setting stays automatic (decision 078)', async () => {
    clock.set(new Date('2031-05-01T10:00:00Z'));
    const email = uniqueEmail('german');
    const password = 'long enough password';
    const german = { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' };
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password }, headers: german })).statusCode).toBe(201);
    // The link is followed in a browser that names no language: the sign-up's stays.
    const token = tokenFromEmail((await readMailbox(t, email))[0], '/auth/verify');
    const verified = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token, password } });
    expect(verified.statusCode).toBe(200);
    const cookie = sessionCookie(verified);
    const [made] = await t.database.db.select({ id: users.id, preferences: users.preferences, lastLocale: users.lastLocale }).from(users).where(eq(users.email, email));
    expect(made).toMatchObject({ lastLocale: 'de', preferences: { language: null } });
    // The settings page still shows "automatic": the language is not a preference.
    const account = await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });
    expect(account.statusCode).toBe(200);
    expect(account.json().preferences.language).toBeNull();

    await upsertBillingDetails(t.database.db, made!.id, billingDetailsInputSchema.parse(testBillingDetails), clock.now());
    // The purchase's requests name no language either (a webhook, a job): the order confirmation and its PDF are German.
    const { server } = await buyWithLocalCard(t, cookie);
    await expect.poll(() => confirmations(email)).toEqual(['Bestellung bestätigt']);
    await serverReadyFor(server!, made!.id);
    expect((await notices(email))[0]?.subject).toBe(`${server!.name} ist bereit`);
  });

  it('a language the customer picked wins over the one they signed in with; a later sign-in in another language is the one kept', async () => {
    clock.set(new Date('2031-05-02T10:00:00Z'));
    const english = await createUser(t);
    await t.database.db.update(users).set({ preferences: { language: 'en' } }).where(eq(users.id, english.id));
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: english, headers: { cookie: 'sp_lang=de' } });
    expect(signedIn.statusCode).toBe(200);
    const [row] = await t.database.db.select({ lastLocale: users.lastLocale }).from(users).where(eq(users.id, english.id));
    expect(row?.lastLocale).toBe('de');
    const { server } = await buyWithLocalCard(t, sessionCookie(signedIn));
    await expect.poll(() => confirmations(english.email)).toEqual(['Order confirmed']);
    await serverReadyFor(server!, english.id);
    expect((await notices(english.email)).map((m) => m.subject)).toEqual([`${server!.name} is ready`]);

    // No preference: each sign-in keeps its language; one that names none we ship changes nothing.
    const traveller = await createUser(t);
    const login = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: traveller, headers });
    const last = async () => (await t.database.db.select({ lastLocale: users.lastLocale }).from(users).where(eq(users.id, traveller.id)))[0]?.lastLocale;
    expect(await last()).toBeNull();
    expect((await login({ 'accept-language': 'de' })).statusCode).toBe(200);
    expect(await last()).toBe('de');
    expect((await login({ 'accept-language': 'fr-CA,fr;q=0.9' })).statusCode).toBe(200);
    expect(await last()).toBe('fr');
    expect((await login({ 'accept-language': 'ja' })).statusCode).toBe(200);
    expect(await last()).toBe('fr');
    // A wrong password changes nothing.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { ...traveller, password: 'wrong password!!' }, headers: { 'accept-language': 'es' } })).statusCode).toBe(401);
    expect(await last()).toBe('fr');
    const { server: frenchServer } = await buyWithLocalCard(t, sessionCookie(await login({})));
    await expect.poll(() => confirmations(traveller.email)).toEqual(['Commande confirmée']);
    await serverReadyFor(frenchServer!, traveller.id);
    expect((await notices(traveller.email)).map((m) => m.subject)).toEqual([`${frenchServer!.name} est prêt`]);
  });

  it('your server is ready without the SFTP paragraph when the panel gives no SFTP details, still once', async () => {
    clock.set(new Date('2031-04-02T10:00:00Z'));
    const owner = await customer('de');
    const { server } = await buyWithLocalCard(t, owner.cookie);
    const [row] = await t.database.db
      .update(servers)
      .set({ status: 'online', panelServerId: 'sim-no-sftp', panelIdentifier: 'nosftp1', ip: '203.0.113.7', port: 25565 })
      .where(eq(servers.id, server!.id))
      .returning();
    const warned: object[] = [];
    const noSftp = {
      sftpDetails: async () => {
        throw new PanelError('no panel account for SFTP yet', false, 'not_ready');
      },
    };
    const readyDeps = { db: t.database.db, mailer: t.app.mailer, publicUrl: t.config.PUBLIC_URL, panel: noSftp, log: { warn: (o: object) => warned.push(o) } };
    await sendServerReady(readyDeps, row!);
    // A panel that answers an empty SFTP address counts as none too; the once-only key still holds.
    await sendServerReady({ ...readyDeps, panel: { sftpDetails: async () => ({ host: '', port: 0, username: '' }) } }, row!);
    const mail = await notices(owner.email);
    expect(mail.map((m) => m.subject)).toEqual([`${server!.name} ist bereit`]);
    expect(mail[0]!.text).toContain('Spieler verbinden sich mit 203.0.113.7:25565.');
    expect(mail[0]!.text).not.toMatch(/SFTP|\{|undefined/);
    expect(warned).toHaveLength(1);
  });

  it('the outbox keeps sent mail 90 days and failed mail until staff act', async () => {
    const now = new Date('2031-06-01T00:00:00Z');
    const row = (id: string, status: 'sent' | 'failed', daysAgo: number) => ({
      id,
      to: 'prune@example.com',
      subject: id,
      text: '',
      html: '',
      status,
      createdAt: new Date(now.getTime() - daysAgo * DAY),
    });
    await t.database.db.insert(outboxEmails).values([
      row('00000000-0000-4000-8000-000000000001', 'sent', 91),
      row('00000000-0000-4000-8000-000000000002', 'failed', 200),
      row('00000000-0000-4000-8000-000000000003', 'sent', 89),
    ]);
    expect(await t.app.outbox.pruneSent(new Date(now.getTime() - 90 * DAY))).toBeGreaterThanOrEqual(1);
    const left = await t.database.db.select({ subject: outboxEmails.subject }).from(outboxEmails).where(eq(outboxEmails.to, 'prune@example.com'));
    expect(left.map((r) => r.subject).sort()).toEqual(['00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003']);
  });
});

describe.each(dbKinds)('Console → Emails (%s)', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, { checkout: { events: recordingBus(), provisioning: recordingProvisioning() } });
  });
  afterAll(async () => t?.close());

  it('staff reword an email per language: checked variables, a preview with samples, audited, and the customer gets it', async () => {
    const admin = await createSignedInUser(t, { role: 'admin' });
    const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, cookie = admin.cookie) =>
      t.app.inject({ method, url: `/api/admin/email-templates${url}`, headers: { cookie }, ...(payload && { payload }) });

    const list = (await call('GET', '/de')).json();
    const resumed = list.templates.find((x: { id: string }) => x.id === 'serviceResumed');
    expect(resumed).toMatchObject({ edited: false, hasAction: true, current: { subject: '{server} läuft wieder' } });
    expect(resumed.variables.map((v: { name: string }) => v.name)).toEqual(['brand', 'name', 'server']);

    const unknown = await call('PUT', '/de/serviceResumed', { subject: '{servr} ist zurück', body: '{server} läuft.', action: 'Öffnen' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toMatch(/\{servr\} is not a variable of this email\. It can use \{brand\}, \{name\}, \{server\}/);
    const missing = await call('PUT', '/de/serviceResumed', { subject: 'Wieder da', body: 'Dein Server läuft wieder.', action: 'Öffnen' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/must say \{server\}/);
    const broken = await call('POST', '/de/serviceResumed/preview', { subject: '{server', body: '{server}', action: 'Öffnen' });
    expect(broken.statusCode).toBe(400);
    expect((await call('PUT', '/de/serviceResumed', { subject: '', body: '{server}' })).statusCode).toBe(400);
    expect((await call('PUT', '/de/noSuchEmail', { subject: 'x', body: 'y' })).statusCode).toBe(400);
    const customer = await createSignedInUser(t);
    expect((await call('GET', '/de', undefined, customer.cookie)).statusCode).toBe(403);

    const text = { subject: '{server} ist zurück', body: 'Gute Nachrichten: {server} läuft wieder.\n\nViel Spaß!', action: 'Zum Dashboard' };
    const preview = await call('POST', '/de/serviceResumed/preview', text);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ subject: 'Survival SMP ist zurück' });
    expect(preview.json().text).toContain('Hallo Alex,\n\nGute Nachrichten: Survival SMP läuft wieder.\n\nViel Spaß!');
    expect(preview.json().html).toContain('Zum Dashboard');

    const saved = await call('PUT', '/de/serviceResumed', text);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().templates.find((x: { id: string }) => x.id === 'serviceResumed')).toMatchObject({ edited: true, current: text });

    // The customer's email uses staff's text; English stays as shipped.
    const german = await createSignedInUser(t);
    await t.database.db.update(users).set({ preferences: { language: 'de' } }).where(eq(users.id, german.id));
    const deps = { db: t.database.db, mailer: t.app.mailer, publicUrl: t.config.PUBLIC_URL };
    await sendTemplate(deps, { userId: german.id, template: 'serviceResumed', values: () => ({ server: 'Creeper Valley' }), actionPath: '/dashboard/services' });
    expect((await readMailbox(t, german.email)).map((m) => m.subject)).toEqual(['Creeper Valley ist zurück']);
    await sendTemplate(deps, { userId: customer.id, template: 'serviceResumed', values: () => ({ server: 'Creeper Valley' }) });
    expect((await readMailbox(t, customer.email)).map((m) => m.subject)).toEqual(['Creeper Valley is running again']);

    expect((await call('DELETE', '/de/serviceResumed')).statusCode).toBe(204);
    expect((await call('DELETE', '/de/serviceResumed')).statusCode).toBe(404);
    const audit = await t.database.query<{ action: string; target_id: string }>("select action, target_id from audit_log where action like 'email_template.%' order by created_at");
    expect(audit).toEqual([
      { action: 'email_template.saved', target_id: 'de:email.serviceResumed' },
      { action: 'email_template.reset', target_id: 'de:email.serviceResumed' },
    ]);
  });
});
