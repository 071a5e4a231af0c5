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
const email = uniqueEmail('software-switch');
const serverName = 'E2E Switch Valley';

/** Playwright-core has no web-first assertions: poll until it holds. */
async function until(check: () => Promise<boolean>, what: string, timeout = 15_000) {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("switching a Minecraft server's software from My Services", () => {
  let customer: TestPage;
  const card = () => customer.page.getByRole('article', { name: serverName });
  const dialog = () => customer.page.getByRole('dialog', { name: `Change software: ${serverName}` });
  const rowLink = (name: string | RegExp): Locator => customer.page.getByRole('table').getByRole('link', { name, exact: true });

  async function openFiles() {
    await customer.page.goto('/dashboard/services');
    await card().getByText('Online', { exact: true }).waitFor({ timeout: 60_000 });
    await card().getByRole('link', { name: /^Files/ }).click();
    await rowLink('server.properties').waitFor();
  }

  beforeAll(async () => {
    customer = await openPage(browser);
    await signUpAndVerify(customer.page, email, password);
    await signIn(customer.page, email, password);
    await buyServer(customer.page, customer.context, serverName);
  });
  afterAll(async () => customer?.context.close());

  it('switches to Paper and sees the server back online on Paper with the same world', async () => {
    const { page } = customer;
    // Something of this world to find again after the switch: a folder in it.
    await openFiles();
    await rowLink(/^world/).click();
    await page.getByRole('button', { name: 'New folder' }).click();
    const create = page.getByRole('dialog', { name: 'New folder' });
    await create.getByLabel('Folder name').fill('e2e-castle');
    await create.getByRole('button', { name: 'Create folder' }).click();
    await create.waitFor({ state: 'hidden' });
    await rowLink(/^e2e-castle/).waitFor();

    await page.goto('/dashboard/services');
    await card().getByText('Online', { exact: true }).waitFor({ timeout: 60_000 });
    expect(await card().getByTestId('server-software').textContent()).toBe('Vanilla');
    await card().getByRole('button', { name: `Change software ${serverName}` }).click();
    const d = dialog();
    await d.getByText('Runs Vanilla (the version the game panel installed).').waitFor();
    await d.getByRole('combobox', { name: 'Software' }).selectOption('paper');
    await d.getByRole('combobox', { name: 'Version' }).selectOption('1.21.1');
    // Paper fits the 4GB plan: no memory warning.
    expect(await d.getByText(/runs best with at least/).count()).toBe(0);
    await d.getByRole('button', { name: 'Continue' }).click();
    await d.getByText(`Switch ${serverName} from Vanilla to Paper 1.21.1?`).waitFor();
    await d.getByRole('button', { name: 'Switch to Paper 1.21.1' }).click();

    // The steps go by live, to the server back online on Paper.
    await d.getByRole('list', { name: 'Steps of the switch' }).waitFor();
    await d.getByText(`${serverName} is back online on Paper 1.21.1.`).waitFor({ timeout: 120_000 });
    await d.getByRole('button', { name: 'Done' }).click();
    await d.waitFor({ state: 'hidden' });

    await until(async () => (await card().getByTestId('server-software').textContent()) === 'Paper 1.21.1', 'the card to show Paper');
    await card().getByText('Online', { exact: true }).waitFor({ timeout: 60_000 });
    await page.reload();
    await until(async () => (await card().getByTestId('server-software').textContent()) === 'Paper 1.21.1', 'Paper after a reload');

    // The same world: the folder made before the switch is still in it, and the jar is Paper's.
    await openFiles();
    await rowLink(/^config/).waitFor();
    await rowLink(/^world/).click();
    await rowLink(/^e2e-castle/).waitFor();
    expect(customer.errors).toEqual([]);
  });
});
