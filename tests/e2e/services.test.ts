import { statSync } from 'node:fs';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage, type TestPage } from './browser';
import { buyServer, signIn, signUpAndVerify, uniqueEmail } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const password = 'correct horse battery staple';
const ownerEmail = uniqueEmail('services-owner');
const otherEmail = uniqueEmail('services-other');
const serverName = 'E2E Services Valley';

/** Playwright-core has no web-first assertions: poll until the control can be pressed. */
async function enabled(locator: Locator, timeout = 30_000): Promise<Locator> {
  await locator.waitFor({ timeout });
  const deadline = Date.now() + timeout;
  while (!(await locator.isEnabled())) {
    if (Date.now() > deadline) throw new Error(`still disabled after ${timeout} ms: ${locator}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return locator;
}

describe('My Services after buying a server', () => {
  let owner: TestPage;
  let paid = '';
  let serverId = '';
  const card = () => owner.page.getByRole('article', { name: serverName });

  beforeAll(async () => {
    owner = await openPage(browser);
    await signUpAndVerify(owner.page, ownerEmail, password);
    await signIn(owner.page, ownerEmail, password);
    paid = await buyServer(owner.page, owner.context, serverName);
  });
  afterAll(async () => owner?.context.close());

  it('shows the new server come online with its figures', async () => {
    const { page } = owner;
    await page.goto('/dashboard/services');
    await page.getByRole('heading', { level: 1, name: 'My Services' }).waitFor();
    await card().getByText('Online', { exact: true }).waitFor({ timeout: 60_000 });
    serverId = (await card().getAttribute('id'))?.replace(/^server-/, '') ?? '';
    expect(serverId).not.toBe('');
    expect(await card().getByText('Setting up...').count()).toBe(0);
    await card().getByRole('img', { name: /^CPU over the last hour: / }).waitFor();
    await card().getByText(/^\d+ \/ 10$/).waitFor();
    expect(owner.errors).toEqual([]);
  });

  it('stops the server, then starts it', async () => {
    const { page } = owner;
    await (await enabled(card().getByRole('button', { name: /^Stop Server/ }))).click();
    await page.getByText('Server Stopping').waitFor();
    await (await enabled(card().getByRole('button', { name: /^Start Server/ }))).click();
    await page.getByText('Server Starting').waitFor();
    await card().getByText('Online', { exact: true }).waitFor({ timeout: 30_000 });
    await enabled(card().getByRole('button', { name: /^Stop Server/ }));
    expect(owner.errors).toEqual([]);
  });

  it('opens the console, sends a command and sees it echoed', async () => {
    const { page } = owner;
    await card().getByRole('button', { name: /^Console/ }).click();
    const dialog = page.getByRole('dialog', { name: `Console: ${serverName}` });
    const log = dialog.getByRole('log', { name: 'Console output' });
    await log.getByText(/Server thread\/INFO|Done|started/i).first().waitFor();
    await dialog.getByLabel('Command').fill('say hello from the browser');
    await (await enabled(dialog.getByRole('button', { name: 'Send' }))).click();
    await log.getByText('> say hello from the browser', { exact: true }).waitFor();
    await log.getByText('[Server] hello from the browser', { exact: true }).waitFor();
    expect(await dialog.getByLabel('Command').inputValue()).toBe('');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(owner.errors).toEqual([]);
  });

  it('creates a backup and downloads it', async () => {
    const { page } = owner;
    await card().getByRole('button', { name: /^Backup/ }).click();
    const dialog = page.getByRole('dialog', { name: `Backups: ${serverName}` });
    await dialog.getByText(/of \d+ backups used/).waitFor();
    await dialog.getByLabel('Backup name (optional)').fill('Before the e2e update');
    await (await enabled(dialog.getByRole('button', { name: 'Create backup' }))).click();
    await page.getByText('Backup Started').waitFor();
    const link = dialog.getByRole('link', { name: 'Download Before the e2e update' });
    await link.waitFor({ timeout: 30_000 });
    expect(await link.getAttribute('download')).not.toBeNull();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/\S/);
    const file = await download.path();
    expect(statSync(file).size).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await card().getByText('Never').waitFor({ state: 'detached', timeout: 15_000 });
    expect(owner.errors).toEqual([]);
  });

  it("shows the overview's figures for what was bought", async () => {
    const { page } = owner;
    await page.goto('/dashboard');
    const manage = page.getByRole('link', { name: new RegExp(`^Manage\\s*${serverName}$`) });
    await manage.waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="tile-active-servers"]')?.textContent === '1');
    expect(await page.getByTestId('tile-total-spent').textContent()).toBe(paid);
    await manage.click();
    await page.waitForURL((url) => url.pathname === '/dashboard/services' && url.hash === `#server-${serverId}`);
    await card().waitFor();
    expect(owner.errors).toEqual([]);
  });

  it('shows a second customer none of it', async () => {
    const other = await openPage(browser);
    try {
      await signUpAndVerify(other.page, otherEmail, password);
      await signIn(other.page, otherEmail, password);
      await other.page.goto('/dashboard/services');
      await other.page.getByRole('heading', { name: 'No Servers Yet' }).waitFor();
      expect(await other.page.getByText(serverName).count()).toBe(0);
      for (const path of [`/api/servers/${serverId}`, `/api/servers/${serverId}/resources`, `/api/servers/${serverId}/backups`]) {
        const res = await other.context.request.get(path);
        expect(res.status(), path).toBe(404);
      }
      await other.page.goto('/dashboard');
      await other.page.waitForFunction(() => document.querySelector('[data-testid="tile-active-servers"]')?.textContent === '0');
      expect(await other.page.getByTestId('tile-total-spent').textContent()).toBe('$0.00');
      // The migration page is for admins: a customer gets the ordinary not-found screen.
      await other.page.goto('/migration');
      await other.page.getByRole('heading', { level: 1, name: 'Oops! Page not found' }).waitFor();
      expect(await other.page.getByRole('button', { name: 'Run Migration' }).count()).toBe(0);
      expect(other.errors).toEqual([]);
    } finally {
      await other.context.close();
    }
  });
});
