import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage, waitForApp, type TestPage } from './browser';
import { signIn, signUpAndVerify, uniqueEmail } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const password = 'correct horse battery staple';

/**
 * A browser opens at most six HTTP/1.1 connections to one host. With a live-event stream per tab,
 * the seventh dashboard tab never loaded; now the tabs share one stream.
 */
describe('eight dashboard tabs', () => {
  let first: TestPage;
  const tabs: Page[] = [];
  const errors: string[] = [];
  const streams: Response[] = [];

  beforeAll(async () => {
    first = await openPage(browser);
    const email = uniqueEmail('tabs');
    await signUpAndVerify(first.page, email, password);
    await signIn(first.page, email, password);
    first.context.on('response', (res) => {
      if (new URL(res.url()).pathname === '/api/events') streams.push(res);
    });
  });
  afterAll(async () => first?.context.close());

  it('all load, hold one stream between them, and each sees a new ticket', async () => {
    for (let i = 0; i < 8; i++) {
      const page = i === 0 ? first.page : await first.context.newPage();
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(`tab ${i + 1}: ${msg.text()}`);
      });
      page.on('pageerror', (err) => errors.push(`tab ${i + 1}: ${err.message}`));
      await page.goto('/dashboard');
      await waitForApp(page);
      await expect.poll(() => page.getByTestId('tile-support-tickets').textContent()).toBe('0');
      tabs.push(page);
    }
    await expect.poll(() => streams.filter((r) => r.status() === 200).length).toBe(1);

    const status = await tabs[3]!.evaluate(async () => {
      const res = await fetch('/api/tickets', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          subject: 'Eight tabs open',
          category: 'technical',
          priority: 'low',
          description: 'Checking that every tab hears about this ticket.',
        }),
      });
      return res.status;
    });
    expect(status).toBe(201);
    for (const page of tabs) {
      await expect.poll(() => page.getByTestId('tile-support-tickets').textContent()).toBe('1');
    }
    expect(streams).toHaveLength(1);
    expect([...first.errors, ...errors]).toEqual([]);
  });

  it('another tab takes the stream over when the one holding it closes', async () => {
    const holder = tabs.find((page) => streams[0]!.frame().page() === page)!;
    await holder.close();
    const rest = tabs.filter((page) => page !== holder);
    await expect.poll(() => streams.filter((r) => r.status() === 200).length).toBe(2);
    await rest[0]!.evaluate(async () => {
      await fetch('/api/tickets', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ subject: 'One tab fewer', category: 'technical', priority: 'low', description: 'Still heard everywhere.' }),
      });
    });
    for (const page of rest) {
      await expect.poll(() => page.getByTestId('tile-support-tickets').textContent()).toBe('2');
    }
    expect(errors).toEqual([]);
  });
});
