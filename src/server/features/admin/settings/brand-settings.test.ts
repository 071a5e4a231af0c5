import { asc, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultBusinessRules } from '../../../../shared/business-rules';
import { auditLog } from '../../../db/schema';
import { createSignedInUser, createTestApp, createUser, dbKinds, readMailbox, type TestContext } from '../../../test/test-app';
import { getBrand, getBusinessRules, mailSender } from '../../brand';
import { startCheckout } from '../../checkout/checkout.fixtures';

const goodBrand = { name: 'Blockhost', primaryColor: '#38bdf8', supportEmail: 'help@blockhost.test', discordUrl: 'https://discord.gg/blockhost', socials: { youtube: 'https://youtube.com/@blockhost' } };
// A 1×1 PNG.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=', 'base64');

describe.each(dbKinds)('Settings → Brand and Business rules (/api/admin/settings/brand) on %s', (kind) => {
  let t: TestContext;
  let admin: { id: string; cookie: string };
  let billing: { cookie: string };

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { BRAND_NAME: 'Spawnpoint', SUPPORT_EMAIL: 'support@spawnpoint.test' } });
    admin = await createSignedInUser(t, { role: 'admin' });
    billing = await createSignedInUser(t, { role: 'billing' });
  });
  afterAll(async () => t?.close());

  const put = (url: string, payload: object, cookie = admin.cookie) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/settings${url}`, headers: { cookie }, payload });
  const upload = (kind: string, body: Buffer, cookie = admin.cookie) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/settings/brand/${kind}`, headers: { cookie, 'content-type': 'application/octet-stream' }, payload: body });
  const audits = () => t.database.db.select().from(auditLog).where(like(auditLog.action, 'settings.b%')).orderBy(asc(auditLog.seq));

  it('serves the config brand and the default rules until staff save', async () => {
    const res = await t.app.inject({ url: '/api/brand' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: 0, brand: { name: 'Spawnpoint', supportEmail: 'support@spawnpoint.test', primaryColor: '#4ade80', logo: null }, rules: defaultBusinessRules });
  });

  it('refuses a colour that breaks AA, naming the pair, its ratio and what is needed; nothing changes', async () => {
    const res = await put('/brand', { ...goodBrand, primaryColor: '#1d4ed8' });
    expect(res.statusCode).toBe(400);
    const message: string = res.json().error.fields.primaryColor;
    expect(message).toMatch(/Links and highlighted text on the page background: #1d4ed8 on #0b0f19 has a contrast of \d\.\d\d:1; AA needs at least 4\.5:1\./);
    expect((await getBrand(t.database.db)).primaryColor).toBe('#4ade80');
    expect(await audits()).toHaveLength(0);
  });

  it('refuses other bad input field by field', async () => {
    const cases: [object, string][] = [
      [{ ...goodBrand, name: ' ' }, 'name'],
      [{ ...goodBrand, name: 'x'.repeat(41) }, 'name'],
      [{ ...goodBrand, supportEmail: 'nope' }, 'supportEmail'],
      [{ ...goodBrand, discordUrl: 'javascript:alert(1)' }, 'discordUrl'],
      [{ ...goodBrand, socials: { myspace: 'https://myspace.com/x' } }, 'socials.myspace'],
      [{ ...goodBrand, primaryColor: 'red' }, 'primaryColor'],
    ];
    for (const [payload, field] of cases) {
      const res = await put('/brand', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}).join(','), res.body).toContain(field.split('.')[0]);
    }
  });

  it('is for admins only', async () => {
    expect((await put('/brand', goodBrand, billing.cookie)).statusCode).toBe(403);
    expect((await put('/business-rules', { ...defaultBusinessRules, reason: 'try' }, billing.cookie)).statusCode).toBe(403);
    expect((await upload('logo', png, billing.cookie)).statusCode).toBe(403);
  });

  it('saves the brand, audited with before and after, and every reader sees it at once', async () => {
    const res = await put('/brand', goodBrand);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Blockhost', primaryColor: '#38bdf8', socials: { youtube: 'https://youtube.com/@blockhost' } });
    expect((await getBrand(t.database.db)).name).toBe('Blockhost');
    expect((await t.app.inject({ url: '/api/brand' })).json()).toMatchObject({ version: 1, brand: { name: 'Blockhost' } });
    const [record] = await audits();
    expect(record).toMatchObject({ actorId: admin.id, action: 'settings.brand_updated', targetId: 'brand', before: expect.objectContaining({ name: 'Spawnpoint' }), after: expect.objectContaining({ name: 'Blockhost' }) });
  });

  it('writes emails in the saved brand: its name and colour, with no restart', async () => {
    const user = await createUser(t);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: user.email } })).statusCode).toBe(200);
    const [mail] = await readMailbox(t, user.email);
    expect(mail?.subject).toBe('Reset your Blockhost password');
    expect(mail?.html).toContain('color:#38bdf8');
    expect(mail?.html).toContain('background:#38bdf8');
    expect(mail?.html).not.toContain('#4ade80');
    expect(mail?.text).toContain('The Blockhost team');
  });

  it('names the saved brand where BRAND_NAME stood: the sender, the authenticator, the API docs and the built-in checkout', async () => {
    // The sender's name, unless MAIL_FROM was set; its address stays the configured one.
    const sender = mailSender(t.config, t.database.db);
    expect(typeof sender === 'function' ? await sender() : sender).toEqual({ name: 'Blockhost', address: 'no-reply@spawnpoint.test' });
    expect(mailSender({ ...t.config, MAIL_FROM: 'Shop <shop@example.test>', MAIL_FROM_SET: true }, t.database.db)).toBe('Shop <shop@example.test>');
    const customer = await createSignedInUser(t);
    const setup = await t.app.inject({ method: 'POST', url: '/api/account/2fa/setup', headers: { cookie: customer.cookie } });
    expect(setup.json().otpauthUrl).toMatch(/^otpauth:\/\/totp\/Blockhost%3A.*&issuer=Blockhost&/);
    expect((await t.app.inject({ url: '/api/docs/json' })).json().info.title).toBe('Blockhost API');
    const checkout = await startCheckout(t, customer.cookie);
    expect(checkout.provider_name).toBe('Blockhost Checkout');
    const page = (await t.app.inject({ url: `/api/local-checkout/${checkout.session_id}` })).json();
    expect(page).toMatchObject({ brand: 'Blockhost', providerName: 'Blockhost Checkout' });
  });

  it('takes a PNG logo, serves it with long caching under its hash, and refuses other files', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refused = await upload('logo', svg);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('The logo must be a PNG, WebP or JPEG image.');
    expect((await upload('favicon', Buffer.concat([png, Buffer.alloc(70 * 1024)]))).json().error.message).toBe('The favicon is 71 KB; it can be at most 64 KB.');
    expect((await upload('logo', Buffer.alloc(0))).statusCode).toBe(400);
    const cutShort = await upload('logo', png.subarray(0, 30));
    expect(cutShort.statusCode).toBe(400);
    expect(cutShort.json().error.fields.file).toBe('The logo file is cut short or damaged: it is not a whole PNG image. Save it again from your image editor and upload that.');
    expect((await upload('logo', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]))).json().error.message).toMatch(/not a whole JPEG image/);

    const saved = await upload('logo', png);
    expect(saved.statusCode, saved.body).toBe(200);
    const logo: string = saved.json().logo;
    expect(logo).toMatch(/^\/api\/brand\/logo\/[0-9a-f]{16}$/);
    const served = await t.app.inject({ url: logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(png)).toBe(true);
    expect((await audits()).map((a) => a.action)).toContain('settings.brand_logo_uploaded');

    expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/settings/brand/logo', headers: { cookie: admin.cookie } })).json().logo).toBeNull();
    expect((await t.app.inject({ url: logo })).statusCode).toBe(404);
  });

  it('saves business rules with a reason, refusing deletion before suspension', async () => {
    const bad = await put('/business-rules', { ...defaultBusinessRules, suspendAfterDays: 10, deleteAfterDays: 5, reason: 'Longer grace' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.deleteAfterDays).toBe('Deletion must come after suspension: more than 10 days');
    const noReason = await put('/business-rules', { ...defaultBusinessRules, reason: '' });
    expect(noReason.json().error.fields.reason).toBeTruthy();

    const rules = { ...defaultBusinessRules, refundWindowHours: 72, affiliate: { ...defaultBusinessRules.affiliate, enabled: false } };
    const res = await put('/business-rules', { ...rules, reason: 'Three-day money-back promise' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await getBusinessRules(t.database.db)).toEqual(rules);
    const record = (await audits()).find((a) => a.action === 'settings.business_rules_updated');
    expect(record).toMatchObject({ reason: 'Three-day money-back promise', before: expect.objectContaining({ refundWindowHours: 48 }), after: expect.objectContaining({ refundWindowHours: 72 }) });
    // The brand saved earlier is untouched by a rules save.
    expect((await getBrand(t.database.db)).name).toBe('Blockhost');
  });
  it('saves the support page’s reply targets and hours, refusing what the page cannot state', async () => {
    const withSupport = (support: object) => ({ ...defaultBusinessRules, support: { ...defaultBusinessRules.support, ...support }, reason: 'Weekday support team' });
    const zero = await put('/business-rules', withSupport({ technicalMinutes: 0 }));
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.fields['support.technicalMinutes']).toBe('The technical reply target must be at least 1');
    const fraction = await put('/business-rules', withSupport({ salesMinutes: 2.5 }));
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json().error.fields['support.salesMinutes']).toBe('Enter the sales reply target as a whole number');
    const long = await put('/business-rules', withSupport({ hoursText: 'x'.repeat(201) }));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields['support.hoursText']).toBe('Keep the support hours to 200 characters');
    const missing = await put('/business-rules', { ...defaultBusinessRules, support: { technicalMinutes: 60 }, reason: 'Weekday support team' });
    expect(missing.statusCode).toBe(400);
    const refused = (await audits()).filter((a) => a.reason === 'Weekday support team');
    expect(refused).toEqual([]);

    const res = await put('/business-rules', withSupport({ technicalMinutes: 240, billingMinutes: 1440, hoursText: '  Monday to Friday, 9:00-17:00 CET ' }));
    expect(res.statusCode, res.body).toBe(200);
    const saved = { technicalMinutes: 240, billingMinutes: 1440, salesMinutes: 30, hoursText: 'Monday to Friday, 9:00-17:00 CET' };
    expect(res.json().support).toEqual(saved);
    expect((await getBusinessRules(t.database.db)).support).toEqual(saved);
    // The public page reads them from GET /api/brand.
    expect((await t.app.inject({ url: '/api/brand' })).json().rules.support).toEqual(saved);
    const record = (await audits()).find((a) => a.reason === 'Weekday support team');
    expect(record).toMatchObject({ action: 'settings.business_rules_updated', before: expect.objectContaining({ support: expect.objectContaining({ technicalMinutes: 120 }) }), after: expect.objectContaining({ support: saved }) });
  });

  it('saves the business days a refund takes, refusing a range that cannot be stated; the public rules carry it', async () => {
    const withDays = (refundDaysMin: unknown, refundDaysMax: unknown) => ({ ...defaultBusinessRules, refundDaysMin, refundDaysMax, reason: 'Our bank is slower' });
    const backwards = await put('/business-rules', withDays(7, 5));
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields.refundDaysMax).toBe('The most days cannot be fewer than the fewest (7)');
    const zero = await put('/business-rules', withDays(0, 5));
    expect(zero.json().error.fields.refundDaysMin).toBe('The fewest days a refund takes must be at least 1');
    const fraction = await put('/business-rules', withDays(3, 7.5));
    expect(fraction.json().error.fields.refundDaysMax).toBe('Enter the most days a refund takes as a whole number');
    const text = await put('/business-rules', withDays('5', 7));
    expect(text.json().error.fields.refundDaysMin).toBe('Enter the fewest days a refund takes as a number');
    expect((await audits()).filter((a) => a.reason === 'Our bank is slower')).toEqual([]);

    const res = await put('/business-rules', withDays(3, 10));
    expect(res.statusCode, res.body).toBe(200);
    expect(await getBusinessRules(t.database.db)).toMatchObject({ refundDaysMin: 3, refundDaysMax: 10 });
    expect((await t.app.inject({ url: '/api/brand' })).json().rules).toMatchObject({ refundDaysMin: 3, refundDaysMax: 10 });
    const record = (await audits()).find((a) => a.reason === 'Our bank is slower');
    expect(record).toMatchObject({
      action: 'settings.business_rules_updated',
      before: expect.objectContaining({ refundDaysMin: 5, refundDaysMax: 7 }),
      after: expect.objectContaining({ refundDaysMin: 3, refundDaysMax: 10 }),
    });
  });

  it('saves the SLA claim window and credit cap, refusing bad values with the field named; the pages state them', async () => {
    const withSla = (over: object) => ({ ...defaultBusinessRules, ...over, reason: 'Longer claim window' });
    const refusals: [object, string, string][] = [
      [{ slaClaimWithinDays: 0 }, 'slaClaimWithinDays', 'The days to claim an SLA credit must be at least 1'],
      [{ slaClaimWithinDays: 'thirty' }, 'slaClaimWithinDays', 'Enter the days to claim an SLA credit as a number'],
      [{ slaCreditCapPercent: 150 }, 'slaCreditCapPercent', 'The SLA credit cap can be at most 100'],
      [{ slaCreditCapPercent: 25 }, 'slaCreditCapPercent', "The cap cannot be below the largest tier's credit (50%)"],
    ];
    for (const [over, field, message] of refusals) {
      const res = await put('/business-rules', withSla(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().error.fields[field]).toBe(message);
    }
    expect((await audits()).filter((a) => a.reason === 'Longer claim window')).toEqual([]);
    expect(await getBusinessRules(t.database.db)).toMatchObject({ slaClaimWithinDays: 30, slaCreditCapPercent: 100 });

    const res = await put('/business-rules', withSla({ slaClaimWithinDays: 60, slaCreditCapPercent: 75 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await getBusinessRules(t.database.db)).toMatchObject({ slaClaimWithinDays: 60, slaCreditCapPercent: 75 });
    const record = (await audits()).find((a) => a.reason === 'Longer claim window');
    expect(record).toMatchObject({
      action: 'settings.business_rules_updated',
      before: expect.objectContaining({ slaClaimWithinDays: 30, slaCreditCapPercent: 100 }),
      after: expect.objectContaining({ slaClaimWithinDays: 60, slaCreditCapPercent: 75 }),
    });
    // The shipped About page states the window from Settings.
    const about = await t.app.inject({ url: '/api/content/pages/about' });
    expect(about.statusCode).toBe(200);
    expect(about.body).toContain('claimable within 60 days');
  });
});
