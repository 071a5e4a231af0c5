import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage, type TestPage } from './browser';
import { becomeAdmin, signIn, signUpAndVerify, uniqueEmail } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const password = 'correct horse battery staple';
const adminEmail = 'admin-customers-e2e@spawnpoint.test';
const customerEmail = uniqueEmail('admin-customers-customer');
const suspendedMessage = 'This account is suspended. Contact support if you think this is a mistake.';

/** Signs in on /auth without waiting to land anywhere: the caller reads what happens. */
async function trySignIn(page: Page, email: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

describe('staff look after a customer account', () => {
  let admin: TestPage;
  let customer: TestPage;
  let customerPath = '';

  beforeAll(async () => {
    admin = await openPage(browser);
    customer = await openPage(browser, { width: 390, height: 844 });
  });
  afterAll(async () => {
    await admin?.context.close();
    await customer?.context.close();
  });

  it('a customer signs up, and an admin finds them by searching', async () => {
    await signUpAndVerify(customer.page, customerEmail, password);
    await signIn(customer.page, customerEmail, password);

    const { page } = admin;
    await becomeAdmin(page, adminEmail, password);
    await page.goto('/admin/customers');
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    await page.getByLabel('Search customers').fill(customerEmail.slice(0, 30));
    await page.waitForURL((url) => url.searchParams.get('q') === customerEmail.slice(0, 30));
    const row = page.getByRole('row', { name: new RegExp(customerEmail) });
    await row.getByText('Active').waitFor();
    await row.getByRole('link', { name: customerEmail }).click();
    await page.getByRole('heading', { level: 1, name: customerEmail }).waitFor();
    customerPath = new URL(page.url()).pathname;
    expect(customerPath).toMatch(/^\/admin\/customers\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Sessions' }).waitFor();
    expect(await page.getByRole('table', { name: 'Sessions' }).getByRole('row').count()).toBe(2);
    expect(admin.errors).toEqual([]);
  });

  it('the admin suspends them with a reason, and they can no longer sign in', async () => {
    const { page } = admin;
    await page.getByRole('button', { name: 'Suspend account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suspend this account?' });
    await dialog.getByRole('button', { name: 'Suspend account' }).click();
    await dialog.getByText('Please give a reason of at least 3 characters').waitFor();
    await dialog.getByLabel('Reason').fill('Chargeback on their first order');
    await dialog.getByRole('button', { name: 'Suspend account' }).click();
    await page.getByText(`${customerEmail} is suspended.`, { exact: false }).first().waitFor();
    await page.getByText('Reason: Chargeback on their first order').waitFor();
    await page.getByText('Not signed in anywhere.').waitFor();
    expect(admin.errors).toEqual([]);

    await trySignIn(customer.page, customerEmail);
    await customer.page.getByText(suspendedMessage).first().waitFor();
    expect(new URL(customer.page.url()).pathname).toBe('/auth');
    // The refused sign-in is a 403, which Chromium reports as a failed resource.
    expect(customer.errors.filter((e) => !e.includes('403') && !e.includes('401'))).toEqual([]);
  });

  it('the admin unsuspends them, and they can sign in again', async () => {
    const { page } = admin;
    await page.getByRole('button', { name: 'Unsuspend account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unsuspend this account?' });
    await dialog.getByLabel('Reason').fill('The bank reversed the chargeback');
    await dialog.getByRole('button', { name: 'Unsuspend account' }).click();
    await page.getByText(`${customerEmail} can sign in again`, { exact: false }).first().waitFor();
    await page.getByRole('button', { name: 'Suspend account' }).waitFor();

    await signIn(customer.page, customerEmail, password);
    await customer.page.goto('/dashboard');
    await customer.page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(admin.errors).toEqual([]);
  });

  it("the admin views the customer's dashboard read-only under a banner, then exits back to their page", async () => {
    const { page } = admin;
    await page.goto(customerPath);
    await page.getByRole('button', { name: 'View as customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'View as this customer?' });
    await dialog.getByLabel('Reason').fill('They say the dashboard looks empty');
    await dialog.getByRole('button', { name: 'Open their dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const banner = page.getByRole('region', { name: 'Staff view' });
    await banner.getByText(`Viewing ${customerEmail} as staff — read-only`).waitFor();
    await page.getByRole('navigation', { name: 'Dashboard' }).first().waitFor();
    await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
    // The dashboard is the customer's: its header names their address, and so does Services.
    await page.locator('header').getByText(customerEmail, { exact: true }).waitFor();
    await page.getByRole('link', { name: 'My Services' }).first().click();
    await page.waitForURL((url) => url.pathname === '/dashboard/services');
    await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
    await banner.getByText(`Viewing ${customerEmail} as staff — read-only`).waitFor();
    expect(admin.errors).toEqual([]);

    await banner.getByRole('button', { name: 'Exit view' }).click();
    await page.waitForURL((url) => url.pathname === customerPath);
    await page.getByRole('heading', { level: 1, name: customerEmail }).waitFor();
    expect(await page.getByRole('region', { name: 'Staff view' }).count()).toBe(0);
    expect(admin.errors).toEqual([]);
    expect(customer.errors.filter((e) => !e.includes('403') && !e.includes('401'))).toEqual([]);
  });

  it('the audit log shows the suspension, the unsuspension and the view, with their reasons', async () => {
    const { page } = admin;
    await page.goto('/admin/audit');
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    const records = page.getByRole('list', { name: 'Audit records' });
    const expected: [string, string][] = [
      ['customer.suspended', 'Chargeback on their first order'],
      ['customer.unsuspended', 'The bank reversed the chargeback'],
      ['customer.viewed_as', 'They say the dashboard looks empty'],
    ];
    for (const [action, reason] of expected) {
      const record = records.getByRole('listitem').filter({ hasText: reason });
      await record.getByText(action, { exact: true }).waitFor();
      await record.getByText(customerEmail).first().waitFor();
    }
    expect(admin.errors).toEqual([]);
  });
});
