import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage, type TestPage } from './browser';
import { becomeAdmin, signIn, signUpAndVerify, uniqueEmail } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const password = 'correct horse battery staple';
const adminEmail = 'admin-panel-links-e2e@spawnpoint.test';
const customerEmail = uniqueEmail('panel-link-customer');
const serverName = 'E2E Legacy Lighthouse';

/** A month and a few days from now, as the date input takes it. */
function nextRenewal(): string {
  const d = new Date(Date.now() + 35 * 24 * 60 * 60 * 1000);
  return d.toISOString().slice(0, 10);
}

describe('staff link a server a customer already had on the panel', () => {
  let admin: TestPage;
  let customer: TestPage;

  beforeAll(async () => {
    admin = await openPage(browser);
    customer = await openPage(browser);
  });
  afterAll(async () => {
    await admin?.context.close();
    await customer?.context.close();
  });

  it('a customer of the host signs up here', async () => {
    await signUpAndVerify(customer.page, customerEmail, password);
    expect(customer.errors).toEqual([]);
  });

  it('an admin finds the server on the panel and links it to the customer from the keyboard', async () => {
    const { page } = admin;
    await becomeAdmin(page, adminEmail, password);
    // The simulated panel stands in for the host's own: the server was made there, not bought here.
    const made = await page.evaluate(
      async ([email, name]) => {
        const res = await fetch('/api/admin/sim-panel/existing-servers', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ownerEmail: email, name, game: 'minecraft', location: 'eu-west', ramGb: 4 }),
        });
        return res.status;
      },
      [customerEmail, serverName] as const,
    );
    expect(made).toBe(201);

    await page.goto('/migration');
    await page.getByRole('heading', { level: 1, name: 'Data Migration' }).waitFor();
    const table = page.getByRole('table', { name: 'Servers on the panel not linked yet' });
    const row = table.getByRole('row', { name: new RegExp(serverName) });
    await row.getByText(customerEmail).waitFor();
    const open = row.getByRole('button', { name: /^Link to a customer/ });
    await open.focus();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: `Link ${serverName} to a customer` });
    await dialog.waitFor();
    // The owner on the panel has an account here: already chosen.
    expect(await dialog.getByLabel('Customer', { exact: true }).inputValue()).not.toBe('');
    await dialog.getByLabel('Plan').selectOption('minecraft-4gb');
    await dialog.getByLabel('Billing period').selectOption('monthly');
    await dialog.getByLabel('Location').selectOption('eu-west');
    await dialog.getByText('The catalog price is $14.00.').waitFor();
    const price = dialog.getByLabel('Price per period in USD ($)');
    await price.fill('-5');
    await dialog.getByLabel('Next renewal date').fill(nextRenewal());
    await dialog.getByLabel('Reason').fill('Hosted with us since before the new shop');
    await dialog.getByRole('button', { name: 'Link server' }).click();
    await dialog.getByText('The amount cannot be negative. Enter an amount in USD with at most 2 decimals, like 12.50').waitFor();
    await price.fill('12.00');
    await price.press('Enter');
    await page.getByText('Server linked').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await row.waitFor({ state: 'detached' });
    expect(admin.errors).toEqual([]);
  });

  it('the customer sees it in My Services, online, and can stop it', async () => {
    const { page } = customer;
    await signIn(page, customerEmail, password);
    await page.goto('/dashboard/services');
    await page.getByRole('heading', { level: 1, name: 'My Services' }).waitFor();
    const card = page.getByRole('article', { name: serverName });
    await card.getByText('Online', { exact: true }).waitFor({ timeout: 30_000 });
    const stop = card.getByRole('button', { name: /^Stop Server/ });
    await expect.poll(() => stop.isEnabled(), { timeout: 15_000 }).toBe(true);
    await stop.click();
    await page.getByText('Server Stopping').waitFor();
    expect(customer.errors).toEqual([]);
  });
});
