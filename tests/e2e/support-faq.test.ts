import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/shared/i18n/messages/en/public.json';
import { baseURL, launch, openPage } from './browser';
import { becomeAdmin } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

describe('help centre', () => {
  it('search finds an article by a word of its text, and the article opens', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/help');
    await page.getByRole('heading', { level: 3, name: 'Billing' }).waitFor();
    const search = page.getByRole('searchbox', { name: 'Search the help centre' });
    await search.fill('MONEY-BACK');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL('**/help?q=MONEY-BACK');
    const results = page.getByRole('heading', { name: /articles? match(es)? “MONEY-BACK”/ });
    await results.waitFor();
    await page.getByRole('link', { name: /What is your refund policy\?/ }).click();
    await page.getByRole('heading', { level: 1, name: 'What is your refund policy?' }).waitFor();
    await page.getByText(/money-back guarantee/).first().waitFor();

    await page.goto('/help?q=zqxjvwk');
    await page.getByText('No article matches “zqxjvwk”.').waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.getByRole('heading', { level: 3, name: 'Billing' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the old FAQ address leads to the help centre', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/faq');
    await page.waitForURL('**/help');
    await page.getByRole('heading', { level: 1, name: 'Help centre' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('help centre in German (decision 070)', () => {
  it('/de/help comes from the server in German with hreflang links, and a newly published German article is on it', async () => {
    const admin = await openPage(browser);
    await becomeAdmin(admin.page, 'admin-help-e2e@spawnpoint.test', 'correct horse battery staple');
    const slug = `erste-schritte-${Date.now().toString(36)}`;
    const title = 'Erste Schritte mit Ihrem Server';
    const saved = await admin.page.request.put('/api/admin/articles', {
      data: { kind: 'help', slug, language: 'de', category: 'general', title, summary: 'Vom Kauf bis zum ersten Start.', body: 'Öffnen Sie **Meine Server** und starten Sie ihn.', status: 'published' },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await admin.context.close();

    // The HTML itself, with no script: German, its languages linked, the new article listed (within 5 s).
    let html = '';
    await expect
      .poll(async () => (html = await (await fetch(`${baseURL()}/de/help`)).text()), { timeout: 5000, interval: 250 })
      .toContain(title);
    expect(html).toContain('<html lang="de"');
    expect(html).toContain('<h1 class="text-3xl font-extrabold tracking-tight sm:text-5xl">Hilfe-Center</h1>');
    expect(html).toMatch(new RegExp(`<link rel="alternate" hreflang="de" href="[^"]*/de/help"`));
    expect(html).toMatch(/<link rel="alternate" hreflang="x-default" href="[^"]*\/help"/);
    expect(html).toContain(`href="/de/help/${slug}"`);
    const article = await (await fetch(`${baseURL()}/de/help/${slug}`)).text();
    expect(article).toContain(`<title>${title} | `);
    expect(article).toContain('<strong>Meine Server</strong>');
    // Only German has it.
    expect([...article.matchAll(/hreflang="([^"]+)"/g)].map((m) => m[1])).toEqual(['de', 'x-default']);
    // A trailing slash leads to the page.
    for (const path of ['/de/help', `/de/help/${slug}`]) {
      const slashed = await fetch(`${baseURL()}${path}/`, { redirect: 'manual' });
      expect(slashed.status).toBe(301);
      expect(new URL(slashed.headers.get('location')!, baseURL()).pathname).toBe(path);
    }

    // In the browser: the page hydrates in German and the article opens.
    const { page, context, errors } = await openPage(browser);
    await page.goto('/de/help');
    await page.getByRole('heading', { level: 1, name: 'Hilfe-Center' }).waitFor();
    await page.getByRole('link', { name: new RegExp(title) }).click();
    await page.waitForURL(`**/de/help/${slug}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('link', { name: 'Alle Hilfethemen' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('support page', () => {
  it('the quick-answers accordion keeps at most one item open', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/support');
    await page.getByRole('heading', { level: 1, name: 'How can we help?' }).waitFor();
    await page.waitForLoadState('networkidle');
    // The first two quick answers carry no Settings value, so the English file is their text.
    const a = { question: en['supportPage.q.connect'], answer: en['supportPage.a.connect'] };
    const b = { question: en['supportPage.q.wontStart'] };
    const buttonA = page.getByRole('button', { name: a.question });
    const buttonB = page.getByRole('button', { name: b.question });
    const panelA = page.getByRole('region', { name: a.question });
    const panelB = page.getByRole('region', { name: b.question });
    const expanded = () =>
      page
        .locator('button[aria-controls]')
        .evaluateAll((els) => els.filter((el) => el.getAttribute('aria-expanded') === 'true').map((el) => el.textContent));

    // All closed at first.
    expect(await expanded()).toEqual([]);
    expect(await page.locator('button[aria-expanded]').filter({ hasText: a.question }).count()).toBe(1);
    expect(await buttonA.getAttribute('aria-expanded')).toBe('false');
    expect(await panelA.isVisible()).toBe(false);

    await buttonA.click();
    await expect.poll(() => buttonA.getAttribute('aria-expanded')).toBe('true');
    await panelA.waitFor();
    expect(await panelA.textContent()).toBe(a.answer);
    expect(await expanded()).toEqual([a.question]);

    await buttonB.click();
    await expect.poll(() => buttonB.getAttribute('aria-expanded')).toBe('true');
    await panelB.waitFor();
    expect(await buttonA.getAttribute('aria-expanded')).toBe('false');
    await panelA.waitFor({ state: 'hidden' });
    expect(await expanded()).toEqual([b.question]);

    await buttonB.click();
    await expect.poll(() => buttonB.getAttribute('aria-expanded')).toBe('false');
    await panelB.waitFor({ state: 'hidden' });
    expect(await expanded()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  // /api/contact allows 5 messages per 10 minutes per address: this journey sends exactly one.
  it('the contact form checks its fields before sending and confirms with a reference', async () => {
    const { page, context, errors } = await openPage(browser);
    const sent: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/contact') sent.push(req.method());
    });
    await page.goto('/support');
    const form = page.getByRole('form', { name: 'Contact support' });
    await form.waitFor();
    await page.waitForLoadState('networkidle');
    const submit = form.getByRole('button', { name: 'Send Message' });

    // Empty: four errors, focus on the first field, nothing sent.
    await submit.click();
    const alerts = form.getByRole('alert');
    await expect
      .poll(() => alerts.allTextContents())
      .toEqual(['Name is required', 'Email is required', 'Subject is required', 'Message is required']);
    await expect.poll(() => form.getByLabel('Name').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await form.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    // A bad email: only that error, still nothing sent.
    await form.getByLabel('Name').fill('Alex Player');
    await form.getByLabel('Email').fill('alex-at-example');
    await form.getByLabel('Subject').fill('Server will not start');
    await form.getByLabel('Message').fill('My Minecraft server stops at "Loading libraries". What should I check?');
    await submit.click();
    await expect.poll(() => alerts.allTextContents()).toEqual(['Enter a valid email address']);
    await expect.poll(() => form.getByLabel('Email').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(sent).toEqual([]);

    // Valid: one request, a confirmation with the reference, and the form is emptied.
    await form.getByLabel('Email').fill('alex@example.com');
    const responsePromise = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/contact');
    await submit.click();
    const response = await responsePromise;
    expect(response.status()).toBe(201);
    const body = (await response.json()) as { reference: string };
    const confirmation = page.getByRole('status').filter({ hasText: 'Thanks, your message has been sent.' });
    await confirmation.waitFor();
    const reference = await confirmation.locator('strong').textContent();
    expect(reference).toMatch(/^[0-9A-F]{8}$/);
    expect(reference).toBe(body.reference);
    expect(await confirmation.textContent()).toContain('We will reply to alex@example.com.');
    expect(await alerts.count()).toBe(0);
    expect(await form.getByLabel('Name').inputValue()).toBe('');
    expect(await form.getByLabel('Message').inputValue()).toBe('');
    expect(sent).toEqual(['POST']);
    expect(errors).toEqual([]);
    await context.close();
  });
});
