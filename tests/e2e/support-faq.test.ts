import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faqCategories } from '../../src/client/content/faq';
import { supportQuestions } from '../../src/client/content/support';
import { launch, openPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const allItems = faqCategories.flatMap((c) => c.items);

/** The questions the FAQ page shows right now, in order. */
function shownQuestions(page: Page) {
  return page.locator('#main section[aria-labelledby^="faq-"] li h3').allTextContents();
}

describe('FAQ search', () => {
  // A word that occurs in some answers but in no question, so a match can only come from the answer text.
  const word = 'invoice';
  const expected = allItems.filter((i) => i.answer.toLowerCase().includes(word)).map((i) => i.question);

  it('the chosen word is only in answers (test precondition)', () => {
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(allItems.length);
    expect(allItems.some((i) => i.question.toLowerCase().includes(word))).toBe(false);
  });

  it('filters on answer text regardless of case, shows no results for gibberish, and clearing restores all', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/faq');
    const search = page.getByRole('searchbox', { name: 'Search the FAQ' });
    await search.waitFor();
    await page.waitForLoadState('networkidle');
    expect(await shownQuestions(page)).toEqual(allItems.map((i) => i.question));

    await search.fill(word.toUpperCase());
    await expect.poll(() => shownQuestions(page)).toEqual(expected);
    const n = expected.length;
    await page.getByText(`${n} ${n === 1 ? 'answer matches' : 'answers match'} your search`).waitFor();
    // While searching, the category shortcuts are hidden.
    expect(await page.getByRole('navigation', { name: 'FAQ categories' }).count()).toBe(0);

    await search.fill('zqxjvwk');
    await page.getByText('No results found', { exact: true }).waitFor();
    expect(await shownQuestions(page)).toEqual([]);
    expect(await page.getByRole('link', { name: 'ask our support team' }).getAttribute('href')).toBe('/support');

    await page.getByRole('button', { name: 'Clear search' }).click();
    expect(await search.inputValue()).toBe('');
    await expect.poll(() => shownQuestions(page)).toEqual(allItems.map((i) => i.question));
    expect(await page.getByText('No results found').count()).toBe(0);
    await page.getByRole('navigation', { name: 'FAQ categories' }).waitFor();
    expect(await page.getByRole('button', { name: 'Clear search' }).count()).toBe(0);
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
    const [a, b] = supportQuestions;
    if (!a || !b) throw new Error('need two support questions');
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
