import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage, type TestPage } from './browser';
import { becomeAdmin, buyServer, mailbox, signIn, signUpAndVerify, uniqueEmail } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const password = 'correct horse battery staple';
const adminEmail = 'admin-servers-e2e@spawnpoint.test';
const customerEmail = uniqueEmail('admin-servers-customer');
const serverName = 'E2E Retry Valley';

describe('staff retry a failed provisioning job', () => {
  let admin: TestPage;
  let customer: TestPage;

  beforeAll(async () => {
    admin = await openPage(browser);
    customer = await openPage(browser);
  });
  afterAll(async () => {
    // Leave the simulated panel as the other journeys expect it, even if this one failed half-way.
    await admin?.page
      .evaluate(() => fetch('/api/admin/sim-panel', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"failNextInstalls":0}' }))
      .catch(() => undefined);
    await admin?.context.close();
    await customer?.context.close();
  });

  it('an admin with two-factor tells the simulated panel to fail the next install', async () => {
    const { page } = admin;
    await becomeAdmin(page, adminEmail, password);
    await page.goto('/admin/jobs');
    await page.getByRole('heading', { level: 1, name: 'Jobs' }).waitFor();
    await page.getByRole('heading', { name: 'Queues' }).waitFor();
    await page.getByRole('heading', { name: 'Simulated panel' }).waitFor();
    await page.getByLabel('Installs that will fail').fill('1');
    await page.getByRole('button', { name: 'Make the next installs fail' }).click();
    await page.getByText('The next install will fail.').waitFor();
    expect(admin.errors).toEqual([]);
  });

  it('a customer buys a server, which fails to install, and is told honestly what happens next', async () => {
    const { page, context } = customer;
    await signUpAndVerify(page, customerEmail, password);
    await signIn(page, customerEmail, password);
    await buyServer(page, context, serverName);
    await page.goto('/dashboard/services');
    const card = page.getByRole('article', { name: serverName });
    await card.getByText(/Our team has been alerted and is looking at it/).waitFor({ timeout: 60_000 });
    expect(customer.errors).toEqual([]);
  });

  it('the admin finds it under the failed filter, reads the error and retries it, and it comes online', async () => {
    const { page } = admin;
    // "Our team has been alerted" is true: the staff who can retry it got an email.
    await expect
      .poll(async () => (await mailbox(adminEmail)).find((m) => m.subject.includes(`Set-up failed: ${serverName}`))?.text ?? '', { timeout: 30_000 })
      .toContain('the install script failed (install_failed)');
    await page.goto('/admin/servers');
    await page.getByRole('heading', { level: 1, name: 'Servers' }).waitFor();
    await page.getByRole('button', { name: 'Failed', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('filter') === 'failed');
    const row = page.getByRole('row', { name: new RegExp(serverName) });
    await row.getByText('1 failed attempt').waitFor();
    await row.getByRole('link', { name: serverName }).click();

    await page.getByRole('heading', { level: 1, name: serverName }).waitFor();
    await page.getByText('the install script failed (install_failed)').waitFor();
    await page.getByText(/Refunded automatically .* unless it is fixed/).waitFor();
    expect(await page.getByText('Failed attempts').locator('..').getByText('1', { exact: true }).count()).toBe(1);

    await page.getByRole('button', { name: 'Retry provisioning' }).click();
    const dialog = page.getByRole('dialog', { name: 'Retry provisioning' });
    await dialog.getByRole('button', { name: 'Retry provisioning' }).click();
    await dialog.getByText('Please give a reason of at least 3 characters').waitFor();
    await dialog.getByLabel('Reason').fill('The install image is fixed; trying again');
    await dialog.getByRole('button', { name: 'Retry provisioning' }).click();
    await page.getByText('Provisioning started again').waitFor();
    await page.getByText('Online', { exact: true }).first().waitFor({ timeout: 60_000 });
    expect(await page.getByRole('button', { name: 'Retry provisioning' }).count()).toBe(0);
    await page.getByRole('link', { name: /Open in panel/ }).waitFor();
    expect(admin.errors).toEqual([]);
  });

  it('the customer sees the server online', async () => {
    const { page } = customer;
    await page.goto('/dashboard/services');
    await page.getByRole('article', { name: serverName }).getByText('Online', { exact: true }).waitFor({ timeout: 60_000 });
    expect(customer.errors).toEqual([]);
  });
});
