import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, totp } from '../../src/server/features/auth/totp';
import { launch, openPage, type TestPage } from './browser';
import { becomeAdmin, checkoutTab, clickToPay, fillCard, mailbox, signIn, signUpAndVerify, uniqueEmail } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const password = 'correct horse battery staple';
// Listed in ADMIN_EMAILS by global-setup.ts: this journey's admin, who invites the billing person.
const adminEmail = 'admin-coupons-e2e@spawnpoint.test';
const billingEmail = uniqueEmail('coupons-billing');
const billingPassword = 'a billing person password';
const customerEmail = uniqueEmail('coupon-customer');
const run = Date.now().toString(36).toUpperCase();
const code = `SPRING20-${run}`;
const fivemCode = `FIVEM-${run}`;
const serverName = 'Coupon Journey SMP';

async function invitationPath(to: string): Promise<string> {
  const mails = await mailbox(to);
  const path = mails.map((m) => m.text.match(/https?:\/\/\S+?(\/auth\/accept-invite\?token=[A-Za-z0-9_%-]+)/)?.[1]).find(Boolean);
  if (!path) throw new Error(`no invitation link for ${to}`);
  return path;
}

/** Creates a coupon from the coupons page's dialog. */
async function createCoupon(page: Page, fill: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.getByRole('button', { name: 'New coupon' }).click();
  const dialog = page.getByRole('dialog', { name: 'New coupon' });
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Create coupon' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('coupons: billing creates one, a customer pays less with it', () => {
  let admin: TestPage;
  let billing: TestPage;
  let customer: TestPage;

  beforeAll(async () => {
    admin = await openPage(browser);
    billing = await openPage(browser);
    customer = await openPage(browser);
  });
  afterAll(async () => {
    await admin?.context.close();
    await billing?.context.close();
    await customer?.context.close();
  });

  it('an admin invites a billing person, who joins and turns on two-factor', async () => {
    await becomeAdmin(admin.page, adminEmail, password);
    await admin.page.goto('/admin/staff');
    await admin.page.getByRole('button', { name: 'Invite a person' }).click();
    const invite = admin.page.getByRole('dialog', { name: 'Invite a person' });
    await invite.getByLabel('Email address').fill(billingEmail);
    await invite.getByLabel('Role').selectOption('billing');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite.waitFor({ state: 'hidden' });
    expect(admin.errors).toEqual([]);

    const { page } = billing;
    await page.goto(await invitationPath(billingEmail));
    await page.getByLabel('Password', { exact: true }).fill(billingPassword);
    await page.getByLabel('Confirm password').fill(billingPassword);
    await page.getByRole('button', { name: 'Set password and join' }).click();
    await page.getByRole('heading', { name: "You're on the team" }).waitFor();
    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.getByLabel('Email').fill(billingEmail);
    await page.getByLabel('Password', { exact: true }).fill(billingPassword);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('link', { name: 'Set up two-factor' }).click();
    await page.getByRole('button', { name: 'Enable two-factor' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel('Confirmation code').fill(totp(base32Decode(secret), new Date()));
    await page.getByRole('button', { name: 'Confirm and enable' }).click();
    await page.getByRole('link', { name: 'Continue to the staff console' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    expect(billing.errors).toEqual([]);
  });

  it('the billing person creates a 20% coupon and one only for FiveM in /admin/coupons', async () => {
    const { page } = billing;
    await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Coupons' }).click();
    await page.getByRole('heading', { level: 1, name: 'Coupons' }).waitFor();

    await createCoupon(page, async (dialog) => {
      await dialog.getByLabel('Code').fill(code.toLowerCase());
      await dialog.getByLabel('Description (optional)').fill('Spring newsletter');
      await dialog.getByLabel('Percent off').fill('20');
      await dialog.getByLabel('Maximum redemptions (optional)').fill('100');
    });
    await page.getByText(`Customers can now enter ${code} (20% off once).`).waitFor();
    await createCoupon(page, async (dialog) => {
      await dialog.getByLabel('Code').fill(fivemCode);
      await dialog.getByLabel('Discount type').selectOption('fixed');
      await dialog.getByLabel('Amount off in USD ($)').fill('5');
      await dialog.getByLabel('FiveM', { exact: true }).check();
    });

    const table = page.getByRole('table', { name: 'Coupons' });
    const row = table.locator(`tr[data-code="${code}"]`);
    await row.getByText('20% off once').waitFor();
    expect(await row.getByTestId('redeemed').textContent()).toBe('0 of 100');
    await table.locator(`tr[data-code="${fivemCode}"]`).getByText('$5.00 off once').waitFor();
    expect(billing.errors).toEqual([]);
  });

  it('a customer is told why a code is refused, then applies the 20% one and sees the discount line', async () => {
    const { page } = customer;
    await signUpAndVerify(page, customerEmail, password);
    await signIn(page, customerEmail, password);
    await page.goto('/configure/minecraft');
    await page.getByLabel('Server name').fill(serverName);
    expect(await page.getByTestId('total').textContent()).toBe('$14.00');

    const box = page.getByLabel('Coupon code');
    await box.fill('SPRING-TYPO');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('alert').filter({ hasText: "That coupon code doesn't exist. Please check it and try again." }).waitFor();
    await box.fill(fivemCode.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('alert').filter({ hasText: 'This coupon is not for this plan.' }).waitFor();
    expect(await page.getByTestId('total').textContent()).toBe('$14.00');

    await box.fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('coupon-applied').getByText('20% off once').waitFor();
    expect(await page.getByTestId('coupon-line').textContent()).toBe(`Coupon ${code} (20% off)−$2.80`);
    expect(await page.getByTestId('total').textContent()).toBe('$11.20');
    expect(await page.getByTestId('savings').textContent()).toBe('You save $2.80');
    expect(customer.errors).toEqual([]);
  });

  it('the checkout charges $11.20 with the coupon shown, and the invoice shows the discount', async () => {
    const { page, context } = customer;
    const { tab, errors } = await checkoutTab(context, () => clickToPay(page, page.getByRole('button', { name: 'Deploy Server' })));
    expect(await tab.getByTestId('checkout-total').textContent()).toBe('$11.20');
    await tab.getByText(`Coupon ${code} (20% off)`).waitFor();
    await fillCard(tab, '4242 4242 4242 4242');
    await tab.getByRole('button', { name: 'Pay $11.20' }).click();
    await tab.waitForURL((url) => url.pathname === '/success');
    expect(errors).toEqual([]);
    await tab.close();

    await page.goto('/dashboard/billing?tab=history');
    const history = page.getByRole('table', { name: 'Billing history, newest first' });
    const row = history.getByRole('row').filter({ hasText: `Minecraft 4GB · ${serverName}` });
    await row.getByText('$11.20').waitFor();
    // The coupon was for the first payment only: the renewal is announced at the full price.
    await history.getByRole('row').filter({ hasText: `Renewal of ${serverName}` }).getByText('$14.00').waitFor();
    await row.getByRole('link', { name: /^View invoice/ }).click();
    await page.waitForURL(/\/dashboard\/billing\/invoices\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: /^INV-\d{6}$/ }).waitFor();
    const lines = page.getByRole('table', { name: 'Invoice lines' });
    await lines.getByText('Minecraft 4GB server (1 month)').waitFor();
    expect(await lines.getByText(/Coupon/).count()).toBe(0);
    expect(await page.getByTestId('invoice-coupon').textContent()).toBe(`Coupon ${code} (20% off)−$2.80`);
    expect(await page.getByTestId('invoice-total').textContent()).toBe('$11.20');
    expect(customer.errors).toEqual([]);
  });

  it('a second order with the same code is refused: it was already used', async () => {
    const { page } = customer;
    await page.goto('/configure/minecraft');
    await page.getByLabel('Coupon code').fill(code);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('alert').filter({ hasText: 'You have already used this coupon.' }).waitFor();
    expect(customer.errors).toEqual([]);
  });

  it('billing sees the redemption counted and paid; the admin sees the coupons in the audit log', async () => {
    const { page } = billing;
    await page.reload();
    const row = page.getByRole('table', { name: 'Coupons' }).locator(`tr[data-code="${code}"]`);
    await expect.poll(() => row.getByTestId('redeemed').textContent()).toBe('1 of 100');
    await row.getByText('1 paid · $2.80 off').waitFor();
    expect(billing.errors).toEqual([]);

    await admin.page.goto('/admin/audit');
    const records = admin.page.getByRole('list', { name: 'Audit records' }).getByRole('listitem').filter({ hasText: code });
    await records.getByText('coupon.created', { exact: true }).waitFor();
    await records.getByText(`By ${billingEmail}`, { exact: false }).waitFor();
    expect(admin.errors).toEqual([]);
  });
});
