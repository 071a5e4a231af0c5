import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentPageEdit, ContentPageSummary, RenderedPage } from '../../../shared/schemas/content';
import { auditLog, storeSettings } from '../../db/schema';
import { randomIds } from '../../lib/runtime';
import { createSignedInUser, createTestApp, dbKinds, manualClock, type TestContext } from '../../test/test-app';
import { renderAll } from './content.render';
import { restorePage, savePage, type ContentDeps } from './content.service';

const ownAbout = '# About Blockforge\n\nWe run servers from {{seller.address}}.\n\n## Who we are\n\n{{seller.name}} since 2019.';

describe.each(dbKinds)('pages staff write on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock();
  let admin: string;
  let support: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    admin = (await createSignedInUser(t, { role: 'admin' })).cookie;
    support = (await createSignedInUser(t, { role: 'support' })).cookie;
    await t.database.db
      .insert(storeSettings)
      .values({ id: 1, sellerName: 'Blockforge GmbH', sellerAddress: 'Hauptstr. 1\n10115 Berlin', sellerTaxId: 'DE123456789' })
      .onConflictDoUpdate({ target: storeSettings.id, set: { sellerName: 'Blockforge GmbH', sellerAddress: 'Hauptstr. 1\n10115 Berlin', sellerTaxId: 'DE123456789' } });
  });
  afterAll(async () => t?.close());

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const post = (url: string, payload: object, cookie = admin) => t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
  async function publicPage(slug: string, lang = 'en'): Promise<RenderedPage> {
    clock.advance(5000); // past the cache
    const res = await get(`/api/content/pages/${slug}?lang=${lang}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as RenderedPage;
  }

  it('serves the sample text, marked as sample, with the seller from Settings filled in', async () => {
    const terms = await publicPage('terms');
    expect(terms).toMatchObject({ slug: 'terms', title: 'Terms of Service', sample: true, updatedAt: null });
    expect(terms.sections[0]!.html).toContain('Blockforge GmbH, Hauptstr. 1, 10115 Berlin (tax ID DE123456789)');
    const sla = await publicPage('sla');
    expect(sla.sections.map((s) => s.html).join('')).toContain('<table>');
    const list = (await get('/api/admin/content/pages', admin)).json() as { pages: ContentPageSummary[] };
    expect(list.pages.every((p) => p.sample)).toBe(true);
    // Outside production every page is published, so the footer hides no link.
    expect((await get('/api/content/unpublished')).json()).toEqual({ paths: [] });
  });

  it('saves each edit as a new version with who and when, per language, with fallback to English', async () => {
    const saved = await post('/api/admin/content/pages/about/versions', { language: 'en', body: ownAbout });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({ version: 1, sample: false, restoredFrom: null });
    const about = await publicPage('about');
    expect(about).toMatchObject({ title: 'About Blockforge', sample: false });
    expect(about.introHtml).toBe('<p>We run servers from Hauptstr. 1, 10115 Berlin.</p>\n');
    expect(about.sections).toEqual([{ id: 'who-we-are', title: 'Who we are', html: '<p>Blockforge GmbH since 2019.</p>\n' }]);

    // German has no text of its own yet: it shows the English.
    expect((await publicPage('about', 'de')).title).toBe('About Blockforge');
    await post('/api/admin/content/pages/about/versions', { language: 'de', body: '# Über uns\n\nHallo.' });
    expect((await publicPage('about', 'de')).title).toBe('Über uns');

    const edit = (await get('/api/admin/content/pages/about?lang=en', admin)).json() as ContentPageEdit;
    expect(edit.versions.map((v) => v.version)).toEqual([1, 0]);
    expect(edit.versions[0]!.authorEmail).toMatch(/@/);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'page.edited'));
    expect(audits.map((a) => a.targetId).sort()).toEqual(['about:de', 'about:en']);
  });

  it('restores an old version as a new one, and the sample as version 0 flagged sample', async () => {
    await post('/api/admin/content/pages/about/versions', { language: 'en', body: '# About us\n\nSecond text.' });
    const restored = await post('/api/admin/content/pages/about/restore', { language: 'en', version: 1 });
    expect(restored.json()).toMatchObject({ version: 3, restoredFrom: 1, sample: false });
    expect((await publicPage('about')).title).toBe('About Blockforge');
    const sample = await post('/api/admin/content/pages/about/restore', { language: 'en', version: 0 });
    expect(sample.json()).toMatchObject({ version: 4, restoredFrom: 0, sample: true });
    expect((await post('/api/admin/content/pages/about/restore', { language: 'en', version: 99 })).statusCode).toBe(404);
  });

  it('previews without saving, and refuses unknown variables, raw HTML and script links', async () => {
    const preview = await post('/api/admin/content/pages/terms/preview', {
      language: 'fr',
      body: '# Conditions\n\n<script>alert(1)</script> [x](javascript:alert(1)) {{shop.name}}',
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const html = (preview.json() as RenderedPage).introHtml;
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('href="javascript');
    expect(html).toContain(t.config.BRAND_NAME);
    expect((await get('/api/admin/content/pages/terms?lang=fr', admin)).json()).toMatchObject({ fallback: true });

    const bad = await post('/api/admin/content/pages/terms/versions', { language: 'en', body: '# Terms\n\n{{seller.nmae}} and {{rules.nope}}' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Unknown variables {{seller.nmae}}, {{rules.nope}}. Use one of the variables listed beside the editor.');
    const untitled = await post('/api/admin/content/pages/terms/versions', { language: 'en', body: 'no title' });
    expect(untitled.statusCode).toBe(400);
    expect((await publicPage('terms')).sample).toBe(true);
  });

  it('lets only roles with content.manage edit', async () => {
    expect((await post('/api/admin/content/pages/about/versions', { language: 'en', body: ownAbout }, support)).statusCode).toBe(403);
    expect((await get('/api/content/pages/nope')).statusCode).toBe(400);
  });

  it('in production refuses to publish the sample About and SLA, and does not serve them', async () => {
    const deps: ContentDeps = { db: t.database.db, clock, ids: randomIds, production: true, changed: () => undefined };
    const actor = { id: null as unknown as string, email: 'admin@example.test', role: 'admin', ip: null };
    await expect(restorePage(deps, actor, 'about', 'en', 0)).rejects.toMatchObject({ statusCode: 409, code: 'sample_content' });
    await expect(restorePage(deps, actor, 'sla', 'en', 0)).rejects.toMatchObject({ statusCode: 409 });
    await expect(savePage(deps, actor, 'terms', 'en', '# Terms\n\nOur own.')).resolves.toMatchObject({ sample: false });
    const pages = await renderAll({ db: t.database.db, production: true });
    // About's newest English version is the restored sample (version 4 above): not published.
    expect(pages.get('about:en')).toBeNull();
    expect(pages.get('sla:en')).toBeNull();
    expect(pages.get('about:de')?.title).toBe('Über uns');
    expect(pages.get('privacy:en')?.sample).toBe(true);
  });
});

describe.each(dbKinds)('the sample pages in every shipped language (decision 079) on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock();
  let admin: string;
  const deps = (): ContentDeps => ({ db: t.database.db, clock, ids: randomIds, production: true, changed: () => undefined });
  const actor = { id: null as unknown as string, email: 'admin@example.test', role: 'admin', ip: null };

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    admin = (await createSignedInUser(t, { role: 'admin' })).cookie;
  });
  afterAll(async () => t?.close());

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: { cookie: admin } });
  async function publicPage(slug: string, lang: string): Promise<RenderedPage> {
    clock.advance(5000); // past the cache
    const res = await get(`/api/content/pages/${slug}?lang=${lang}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as RenderedPage;
  }
  const text = (page: RenderedPage) => [page.title, page.introHtml, ...page.sections.flatMap((s) => [s.title, s.html])].join('\n');
  const pages = async () => ((await get('/api/admin/content/pages', admin)).json() as { pages: ContentPageSummary[] }).pages;

  it('answers a language with no staff text with its own sample, marked sample, its variables filled in its words', async () => {
    const about = await publicPage('about', 'de');
    expect(about).toMatchObject({ language: 'de', title: 'Von Spielern gebaut, betrieben wie Infrastruktur', sample: true, updatedAt: null });
    expect(text(about)).toContain('Eine 48-Stunden-Geld-zurück-Garantie auf jeden neuen Dienst');
    const home = await publicPage('home', 'de');
    expect(home).toMatchObject({ language: 'de', title: 'Ihr eigener Gameserver, startklar in Sekunden', sample: true });
    expect(home.sections.map((s) => s.title)).toEqual(['DDoS-Schutz', 'Support von Leuten, die selbst spielen', 'Verfügbarkeit, schriftlich zugesagt']);
    const sla = text(await publicPage('sla', 'de'));
    expect(sla).toContain('etwa 2 Stunden');
    expect(sla).toContain('Verfügbarkeit im Monat');
    for (const lang of ['fr', 'es', 'pt-BR']) {
      const page = await publicPage('terms', lang);
      expect(page).toMatchObject({ language: lang, sample: true });
      expect(page.title).not.toBe('Terms of Service');
    }
    expect((await publicPage('terms', 'en')).title).toBe('Terms of Service');

    // The editor shows the language's sample as its current text and as version 0.
    const edit = (await get('/api/admin/content/pages/about?lang=de', admin)).json() as ContentPageEdit;
    expect(edit).toMatchObject({ fallback: true, current: { version: 0, sample: true } });
    expect(edit.current.body).toMatch(/^# Von Spielern gebaut/);
    expect(edit.versions.map((v) => v.body)).toEqual([edit.current.body]);
    expect((await pages()).find((p) => p.slug === 'about')).toMatchObject({ sample: true, sampleLanguages: ['en', 'de', 'fr', 'es', 'pt-BR'] });
  });

  it("lets staff's German text win over the German sample, and counts the sample languages left per page", async () => {
    const saved = await post('/api/admin/content/pages/about/versions', { language: 'de', body: '# Über Blockforge\n\nUnsere eigenen Worte.' });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({ version: 1, sample: false });
    expect(await publicPage('about', 'de')).toMatchObject({ title: 'Über Blockforge', sample: false });
    // French still has its own sample; English too.
    expect(await publicPage('about', 'fr')).toMatchObject({ language: 'fr', sample: true });
    expect((await pages()).find((p) => p.slug === 'about')).toMatchObject({ sample: true, languages: ['de'], sampleLanguages: ['en', 'fr', 'es', 'pt-BR'] });

    // Restoring version 0 in German brings back the German sample, flagged sample.
    const restored = await post('/api/admin/content/pages/about/restore', { language: 'de', version: 0 });
    expect(restored.json()).toMatchObject({ version: 2, restoredFrom: 0, sample: true });
    expect(await publicPage('about', 'de')).toMatchObject({ title: 'Von Spielern gebaut, betrieben wie Infrastruktur', sample: true });

    // Staff's own English text is the host's: a language with no text of its own shows it, not a sample.
    await post('/api/admin/content/pages/refund/versions', { language: 'en', body: '# Refunds at Blockforge\n\nOur own rules.' });
    expect(await publicPage('refund', 'es')).toMatchObject({ language: 'en', title: 'Refunds at Blockforge', sample: false });
    expect((await pages()).find((p) => p.slug === 'refund')).toMatchObject({ sample: false, sampleLanguages: [] });
    const edit = (await get('/api/admin/content/pages/refund?lang=es', admin)).json() as ContentPageEdit;
    expect(edit).toMatchObject({ fallback: true, current: { version: 1, sample: false } });
    expect(edit.versions.at(-1)!.body).toMatch(/^# Política de reembolso/);
  });

  it('in production refuses to publish the German sample About and SLA, and does not serve them', async () => {
    await expect(restorePage(deps(), actor, 'about', 'de', 0)).rejects.toMatchObject({ statusCode: 409, code: 'sample_content' });
    await expect(restorePage(deps(), actor, 'sla', 'de', 0)).rejects.toMatchObject({ statusCode: 409 });
    // Saving the German sample text as is, or under another language, is the sample too.
    const germanSla = ((await get('/api/admin/content/pages/sla?lang=de', admin)).json() as ContentPageEdit).current.body;
    await expect(savePage(deps(), actor, 'sla', 'de', germanSla)).rejects.toMatchObject({ statusCode: 409 });
    await expect(savePage(deps(), actor, 'sla', 'fr', `${germanSla}\n\n`)).rejects.toMatchObject({ statusCode: 409 });
    const rendered = await renderAll({ db: t.database.db, production: true });
    // About in German is the restored sample (above), the SLA has no German text: neither is published.
    expect(rendered.get('about:de')).toBeNull();
    expect(rendered.get('sla:de')).toBeNull();
    expect(rendered.get('sla:fr')).toBeNull();
    // The other sample pages are, in the language's own words.
    expect(rendered.get('terms:de')).toMatchObject({ language: 'de', title: 'Nutzungsbedingungen', sample: true });
  });

  it("falls back to staff's text in the shop's default language before English, and before another language's sample", async () => {
    const setDefault = (defaultLocale: string) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/settings/language', headers: { cookie: admin }, payload: { defaultLocale, reason: 'A German shop' } });
    expect((await setDefault('de')).statusCode).toBe(200);
    try {
      expect((await post('/api/admin/content/pages/privacy/versions', { language: 'de', body: '# Datenschutz bei Blockforge\n\nUnsere eigenen Regeln.' })).statusCode).toBe(201);
      const rendered = await renderAll({ db: t.database.db, production: false });
      expect(rendered.get('privacy:fr')).toMatchObject({ language: 'de', title: 'Datenschutz bei Blockforge', sample: false });
      expect(rendered.get('privacy:en')).toMatchObject({ language: 'de', sample: false });
      const edit = (await get('/api/admin/content/pages/privacy?lang=fr', admin)).json() as ContentPageEdit;
      expect(edit).toMatchObject({ fallback: true, current: { sample: false } });
      expect(edit.current.body).toMatch(/^# Datenschutz bei Blockforge/);
      expect((await pages()).find((p) => p.slug === 'privacy')).toMatchObject({ sample: false, sampleLanguages: [] });
    } finally {
      expect((await setDefault('en')).statusCode).toBe(200);
    }
  });
});
