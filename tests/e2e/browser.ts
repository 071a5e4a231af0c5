import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const baseURL = () => inject('baseURL');

const args = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args });
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and page errors seen so far; a journey ends by asserting this is empty. */
  errors: string[];
}

/** A fresh context (no cookies) and page that records every console error. */
export async function openPage(
  browser: Browser,
  options: { width?: number; height?: number; baseURL?: string } = {},
): Promise<TestPage> {
  const context = await browser.newContext({
    baseURL: options.baseURL ?? baseURL(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
  });
  const page = await context.newPage();
  // Clicks on prerendered HTML are lost until the client takes over, so navigation waits for it.
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, opts) => {
    const response = await goto(url, opts);
    await waitForApp(page);
    return response;
  };
  page.reload = async (opts) => {
    const response = await reload(opts);
    await waitForApp(page);
    return response;
  };
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { page, context, errors };
}

/**
 * Waits until the React app has rendered over the prerendered page (no-op for non-app pages). A
 * loaded CI machine took more than 15 s for `/` and `/login` once (a run 2.5 times slower than usual).
 */
export async function waitForApp(page: Page) {
  const isApp = await page.evaluate(() => Boolean(document.getElementById('root')));
  if (isApp) await page.waitForSelector('html[data-ready="true"]', { state: 'attached', timeout: 30_000 });
}
