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
  options: { width?: number; height?: number } = {},
): Promise<TestPage> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { page, context, errors };
}
