import { readFileSync } from 'node:fs';
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
const ownerEmail = uniqueEmail('files-owner');
const serverName = 'E2E Files Grove';
const newMotd = 'motd=Welcome to the E2E Grove';

/** Playwright-core has no web-first assertions: poll until it holds. */
async function until(check: () => Promise<boolean>, what: string, timeout = 15_000) {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('The file manager', () => {
  let owner: TestPage;
  const files = () => owner.page.getByRole('table');
  const editor = () => owner.page.getByLabel('Contents of server.properties');
  const rowLink = (name: string | RegExp): Locator => files().getByRole('link', { name, exact: true });

  beforeAll(async () => {
    owner = await openPage(browser);
    await signUpAndVerify(owner.page, ownerEmail, password);
    await signIn(owner.page, ownerEmail, password);
    await buyServer(owner.page, owner.context, serverName);
  });
  afterAll(async () => owner?.context.close());

  it("opens from the server's card and lists the server's folder", async () => {
    const { page } = owner;
    await page.goto('/dashboard/services');
    const card = page.getByRole('article', { name: serverName });
    await card.getByText('Online', { exact: true }).waitFor({ timeout: 60_000 });
    await card.getByRole('link', { name: /^Files/ }).click();
    await page.waitForURL((url) => /^\/dashboard\/servers\/[\w-]+\/files$/.test(url.pathname));
    await page.getByRole('heading', { level: 1, name: `Files: ${serverName}` }).waitFor();
    await rowLink('server.properties').waitFor();
    await rowLink(/^plugins/).waitFor();
    expect(owner.errors).toEqual([]);
  });

  it('edits the motd in server.properties, and the new motd is there after a reload', async () => {
    const { page } = owner;
    await rowLink('server.properties').click();
    await until(async () => (await editor().inputValue()).includes('motd=A Minecraft Server'), 'the file to open');
    const text = await editor().inputValue();
    await editor().fill(text.replace(/^motd=.*$/m, newMotd));
    await page.getByText('Unsaved changes').waitFor();

    // Leaving with unsaved changes asks first.
    await page.getByRole('link', { name: 'Back to folder' }).click();
    const discard = page.getByRole('dialog', { name: 'Discard your changes?' });
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await discard.waitFor({ state: 'hidden' });
    expect(await editor().inputValue()).toContain(newMotd);

    await page.getByRole('button', { name: 'Save server.properties' }).click();
    await page.getByText('server.properties was saved.').waitFor();
    await page.getByText('All changes saved').waitFor();

    await page.reload();
    await until(async () => (await editor().count()) === 1 && (await editor().inputValue()).includes(newMotd), 'the saved motd after a reload');
    expect(await editor().inputValue()).not.toContain('motd=A Minecraft Server');

    // The download is the saved file.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download', exact: true }).click()]);
    expect(download.suggestedFilename()).toBe('server.properties');
    expect(readFileSync(await download.path(), 'utf8')).toContain(newMotd);
    expect(owner.errors).toEqual([]);
  });

  it('creates a folder, uploads a 5 MB file into it and sees it listed, on a phone-sized screen', async () => {
    const { page } = owner;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('navigation', { name: 'Folder path' }).getByRole('link', { name: 'Root folder' }).click();
    await rowLink('server.properties').waitFor();

    await page.getByRole('button', { name: 'New folder' }).click();
    const create = page.getByRole('dialog', { name: 'New folder' });
    await create.getByLabel('Folder name').fill('maps');
    await create.getByRole('button', { name: 'Create folder' }).click();
    await create.waitFor({ state: 'hidden' });
    await rowLink(/^maps/).click();
    await page.getByRole('heading', { name: 'This folder is empty' }).waitFor();

    await page.locator('input[type="file"]').setInputFiles({
      name: 'grove-map.zip',
      mimeType: 'application/zip',
      buffer: Buffer.alloc(5 * 1024 * 1024, 7),
    });
    const uploads = page.getByRole('region', { name: 'Uploads' });
    await uploads.getByText('Uploaded · 5 MB').waitFor({ timeout: 30_000 });
    await rowLink('grove-map.zip').waitFor();
    await files().getByRole('row', { name: /grove-map\.zip/ }).getByText('5 MB', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Deleting asks first, then the folder is empty again.
    await files().getByRole('button', { name: 'Delete grove-map.zip' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete grove-map.zip?' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'This folder is empty' }).waitFor();
    expect(owner.errors).toEqual([]);
  });
});
