import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { provisionOnlineServer } from '../../jobs/provisioning.fixtures';
import { base32Decode, totp } from '../auth/totp';
import { writeDefaultLocale } from '../i18n/i18n.repository';
import { createSignedInUser, createTestApp, createUser, dbKinds, manualClock, readMailbox, tokenFromEmail, uniqueEmail, type TestContext } from '../../test/test-app';
import { forgetEmailMessages } from './email-renderer';

/**
 * The emails sent before or without an account language (decision 069): auth's go out in the
 * account's language, else the request's (Accept-Language or the picker's cookie); a guest's
 * acknowledgement in the language they wrote in; an invitation in the invitee's, else the owner's.
 */
describe.each(dbKinds)('auth, sharing and guest emails in German (%s)', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2031-03-01T09:00:10Z'));
  const german = { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' };
  const password = 'long enough password';

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SIM_PANEL_INSTALL_SECONDS: '0' } });
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload?: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload, headers });
  const latest = async (email: string) => (await readMailbox(t, email))[0];
  const preferGerman = (id: string) => t.database.db.update(users).set({ preferences: { language: 'de' } }).where(eq(users.id, id));

  it('sign-up: the verification link in the sign-up page’s language, and a second sign-up’s notice in the account’s', async () => {
    const email = uniqueEmail();
    expect((await post('/api/auth/signup', { email, password }, german)).statusCode).toBe(201);
    const verify = await latest(email);
    expect(verify?.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse für Spawnpoint');
    expect(verify?.text).toContain('Danke für Ihre Anmeldung bei Spawnpoint.');
    expect(verify?.text).toContain('Der Link funktioniert nur einmal und läuft nach 24 Stunden ab.');
    expect(verify?.text).toMatch(/E-Mail bestätigen: http\S+\/auth\/verify\?token=/);
    expect(verify?.html).toContain('<html lang="de">');
    expect((await post('/api/auth/verify-email', { token: tokenFromEmail(verify, '/auth/verify'), password })).statusCode).toBe(200);

    // Verified now: a sign-up on the address warns the owner; with no preference saved, in the request's language (the cookie here).
    expect((await post('/api/auth/signup', { email, password }, { cookie: 'sp_lang=de' })).statusCode).toBe(201);
    const attempt = await latest(email);
    expect(attempt?.subject).toBe('Jemand wollte sich mit Ihrer E-Mail-Adresse bei Spawnpoint registrieren');
    expect(attempt?.text).toContain('Nutzen Sie den Link „Passwort vergessen?“ auf der Anmeldeseite.');
    expect(attempt?.text).toMatch(/Anmelden: http\S+\/auth\n/);
  });

  it('English when the request asks for it and the account has no preference', async () => {
    const email = uniqueEmail();
    expect((await post('/api/auth/signup', { email, password }, { 'accept-language': 'en-GB' })).statusCode).toBe(201);
    expect((await latest(email))?.subject).toBe('Verify your email for Spawnpoint');
  });

  it('password reset and password changed: the account’s language wins over the request’s', async () => {
    const user = await createUser(t);
    await preferGerman(user.id);
    expect((await post('/api/auth/password-reset', { email: user.email }, { 'accept-language': 'fr' })).statusCode).toBeLessThan(300);
    const reset = await latest(user.email);
    expect(reset?.subject).toBe('Ihr Passwort bei Spawnpoint zurücksetzen');
    expect(reset?.text).toContain('Wählen Sie mit dem Link unten ein neues Passwort.');
    expect(reset?.text).toMatch(/Neues Passwort wählen: http\S+\/auth\/reset-password\?token=/);

    const token = tokenFromEmail(reset, '/auth/reset-password');
    expect((await post('/api/auth/password-reset/confirm', { token, password: 'another long password' })).statusCode).toBeLessThan(300);
    const changed = await latest(user.email);
    expect(changed?.subject).toBe('Ihr Passwort bei Spawnpoint wurde geändert');
    expect(changed?.text).toContain('Das Passwort Ihres Kontos wurde soeben geändert');
    expect(changed?.text).toMatch(/Zur Anmeldung: http\S+\/auth\n/);
  });

  it('two-factor on and off', async () => {
    const user = await createSignedInUser(t);
    await preferGerman(user.id);
    const code = (secret: string) => totp(base32Decode(secret), clock.now());
    const { secret } = (await post('/api/account/2fa/setup', undefined, { cookie: user.cookie })).json();
    expect((await post('/api/account/2fa/enable', { code: code(secret) }, { cookie: user.cookie })).statusCode).toBe(200);
    const on = await latest(user.email);
    expect(on?.subject).toBe('Die Zwei-Faktor-Anmeldung ist für Ihr Konto bei Spawnpoint aktiv');
    expect(on?.text).toContain('Ab jetzt fragt die Anmeldung nach einem Code aus Ihrer Authenticator-App.');

    clock.advance(30_000);
    expect((await post('/api/account/2fa/disable', { password: user.password, code: code(secret) }, { cookie: user.cookie })).statusCode).toBeLessThan(300);
    const off = await latest(user.email);
    expect(off?.subject).toBe('Die Zwei-Faktor-Anmeldung wurde für Ihr Konto bei Spawnpoint ausgeschaltet');
    expect(off?.text).toContain('Die Anmeldung fragt nicht mehr nach einem Code aus Ihrer Authenticator-App.');
  });

  it('a server invitation: in the invitee’s language, the permissions listed in it', async () => {
    const owner = await createSignedInUser(t);
    const friend = await createUser(t);
    await preferGerman(friend.id);
    const { serverId } = await provisionOnlineServer({ db: t.database.db, clock, panel: t.app.panel, events: t.app.events }, owner.id, { name: 'Talwiese', createdAt: clock.now() });
    const res = await post(`/api/servers/${serverId}/shares`, { email: friend.email, permissions: ['console', 'files'] }, { cookie: owner.cookie, 'accept-language': 'en' });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await latest(friend.email);
    expect(mail?.subject).toBe(`${owner.email} hat den Server Talwiese mit Ihnen geteilt`);
    expect(mail?.text).toContain('mit Zugriff auf: Konsole und Dateien.');
    expect(mail?.text).toContain('Der Link läuft in 7 Tagen ab.');
    expect(mail?.text).toMatch(/Einladung annehmen: http\S+\/dashboard\/shared\/accept\?token=/);

    // Someone with no account: the owner's language (here the request's, as the owner saved none).
    const stranger = uniqueEmail('stranger');
    expect((await post(`/api/servers/${serverId}/shares`, { email: stranger, permissions: ['power'] }, { cookie: owner.cookie, ...german })).statusCode).toBe(201);
    expect((await latest(stranger))?.text).toContain('mit Zugriff auf: Starten und Stoppen.');
  });

  it('the contact form: the acknowledgement and staff’s reply in the language of the page the guest wrote from', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Greta', email: 'greta@example.com', subject: 'Rabatt?', message: 'Gibt es Studentenrabatt?' },
      headers: german,
      remoteAddress: '10.9.7.1',
    });
    expect(res.statusCode).toBe(201);
    const { id, reference } = res.json();
    const ack = await latest('greta@example.com');
    expect(ack?.subject).toBe(`Wir haben Ihre Nachricht erhalten [#${reference}]`);
    expect(ack?.text).toContain(`Hallo Greta, danke, dass Sie sich wegen „Rabatt?“ an den Support von Spawnpoint gewandt haben.`);
    expect(ack?.text).toContain(`Ihre Referenz lautet ${reference}.`);

    // Staff answer later, from the console in English: the guest still reads German.
    const agent = await createSignedInUser(t, { role: 'support' });
    await t.database.query("update users set first_name = 'Sam', last_name = 'Agent' where id = $1", [agent.id]);
    const reply = await t.app.inject({ method: 'POST', url: `/api/admin/tickets/${id}/replies`, payload: { body: 'Ja: 10 % mit einer Studenten-E-Mail.' }, headers: { cookie: agent.cookie, 'accept-language': 'en' } });
    expect(reply.statusCode, reply.body).toBe(201);
    const mail = await latest('greta@example.com');
    expect(mail?.subject).toBe(`Re: Rabatt? [#${reference}]`);
    expect(mail?.text).toContain('Sam Agent hat auf Ihre Nachricht „Rabatt?“ geantwortet:');
    expect(mail?.text).toContain('Ja: 10 % mit einer Studenten-E-Mail.');
    expect(mail?.text).toContain(`Um zu antworten, schreiben Sie an ${t.config.SUPPORT_EMAIL} und nennen Sie Ihre Referenz ${reference}.`);
    expect(mail?.html).toContain('<html lang="de">');
  });

  it('a guest who wrote in no language we ship: staff’s reply in the shop’s default language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Jan', email: 'jan@example.com', subject: 'Vraag', message: 'Hebben jullie korting?' },
      headers: { 'accept-language': 'nl' },
      remoteAddress: '10.9.7.2',
    });
    const { id, reference } = res.json();
    await writeDefaultLocale(t.database.db, 'de', clock.now(), null);
    forgetEmailMessages(t.database.db);
    try {
      const agent = await createSignedInUser(t, { role: 'support' });
      expect((await t.app.inject({ method: 'POST', url: `/api/admin/tickets/${id}/replies`, payload: { body: 'Ja.' }, headers: { cookie: agent.cookie } })).statusCode).toBe(201);
      expect((await latest('jan@example.com'))?.text).toContain(`nennen Sie Ihre Referenz ${reference}.`);
    } finally {
      await writeDefaultLocale(t.database.db, 'en', clock.now(), null);
      forgetEmailMessages(t.database.db);
    }
  });
});
