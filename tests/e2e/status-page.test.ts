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
// Listed in ADMIN_EMAILS by global-setup.ts.
const adminEmail = 'admin-status-e2e@spawnpoint.test';
const customerEmail = uniqueEmail('status-customer');
const title = `Network upgrade ${Date.now().toString(36)}`;

describe('status page: staff post a maintenance notice, the public page shows it and the customer is emailed', () => {
  let admin: TestPage;
  let customer: TestPage;
  let visitor: TestPage;

  beforeAll(async () => {
    admin = await openPage(browser);
    customer = await openPage(browser);
    visitor = await openPage(browser);
  });
  afterAll(async () => {
    await admin?.context.close();
    await customer?.context.close();
    await visitor?.context.close();
  });

  it('shows no invented claims', async () => {
    await visitor.page.goto('/status');
    await visitor.page.getByRole('heading', { name: 'Services' }).waitFor();
    expect(await visitor.page.getByText('All Systems Operational').count()).toBe(0);
    expect(await visitor.page.getByText(/99\.9\d%/).count()).toBe(0);
    expect(visitor.errors).toEqual([]);
  });

  it('a customer has a server', async () => {
    await signUpAndVerify(customer.page, customerEmail, password);
    await signIn(customer.page, customerEmail, password);
    await buyServer(customer.page, customer.context, 'Status Journey SMP');
  });

  it('an admin posts a maintenance notice for every location', { timeout: 150_000 }, async () => {
    await becomeAdmin(admin.page, adminEmail, password);
    await admin.page.goto('/admin/status');
    const { page } = admin;
    await page.getByLabel('Kind').selectOption('maintenance');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Message to customers').fill('We replace the core switches; each server restarts once.');
    await page.getByLabel('Starts (your local time)').fill('2031-02-03T02:00');
    await page.getByLabel('Ends (your local time)').fill('2031-02-03T03:00');
    const locations = page.getByRole('group', { name: /Affected locations/ }).getByRole('checkbox');
    for (const box of await locations.all()) await box.check();
    await page.getByLabel('Reason').fill('The data centre scheduled the work');
    await page.getByRole('button', { name: 'Post it' }).click();
    // The answer does not wait for the mail (decision 074): the notice is listed at once, and its
    // count fills in as a job emails every customer with a server on the journeys' shared server.
    await page.getByRole('heading', { name: title }).waitFor({ timeout: 15_000 });
    const posted = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await expect.poll(async () => posted.getByText(/[1-9]\d* customer\(s\) emailed/).count(), { timeout: 120_000, interval: 1_000 }).toBeGreaterThan(0);
    expect(admin.errors).toEqual([]);
  });

  it('the public status page shows it, and the customer got the email', async () => {
    await visitor.page.goto('/status');
    const current = visitor.page.getByRole('region', { name: 'Current incidents and maintenance' });
    await current.getByRole('heading', { name: title }).waitFor();
    expect(await current.getByText('Scheduled maintenance').count()).toBeGreaterThan(0);
    expect(await current.getByText('We replace the core switches; each server restarts once.').count()).toBe(1);
    expect(visitor.errors).toEqual([]);

    const notice = async () => (await mailbox(customerEmail)).find((m) => m.subject.includes(`Planned maintenance: ${title}`));
    await expect.poll(notice, { timeout: 30_000 }).toBeDefined();
    expect((await notice())?.text).toContain('We replace the core switches');
  });

  it('staff post a dashboard announcement; the customer sees it and dismisses it for good', async () => {
    const announcement = `Panel update ${Date.now().toString(36)}`;
    const { page } = admin;
    await page.goto('/admin/announcements');
    await page.getByLabel('Title', { exact: true }).fill(announcement);
    await page.getByLabel('Text', { exact: true }).fill('The game panel restarts **tonight** at 02:00 UTC.');
    await page.getByLabel('Severity').selectOption('warning');
    await page.getByLabel('Reason').fill('Panel upgrade planned');
    await page.getByRole('button', { name: 'Post announcement' }).click();
    await page.getByRole('heading', { level: 3, name: announcement }).waitFor();
    expect(admin.errors).toEqual([]);

    await customer.page.goto('/dashboard');
    const banners = customer.page.getByRole('region', { name: 'Announcements' });
    await banners.getByText(announcement).waitFor();
    expect(await banners.locator('strong', { hasText: 'tonight' }).count()).toBe(1);
    await banners.getByRole('button', { name: `Dismiss “${announcement}”` }).click();
    await expect.poll(() => customer.page.getByText(announcement).count()).toBe(0);
    await customer.page.reload();
    await customer.page.getByRole('heading', { level: 1 }).first().waitFor();
    await customer.page.waitForLoadState('networkidle');
    expect(await customer.page.getByText(announcement).count()).toBe(0);
    expect(customer.errors).toEqual([]);
  });
});
