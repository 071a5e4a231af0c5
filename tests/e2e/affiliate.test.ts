import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launch, openPage, type TestPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const password = 'correct horse battery staple';
const stamp = Date.now();
const referrerEmail = `affiliate-a-${stamp}@spawnpoint.test`;
const customerEmail = `buyer-b-${stamp}@spawnpoint.test`;

async function verificationPath(to: string): Promise<string> {
  const res = await fetch(`${baseURL()}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  const mails = (await res.json()) as { text: string }[];
  const path = mails.map((m) => m.text.match(/https?:\/\/\S+?(\/auth\/verify\?token=[A-Za-z0-9_%-]+)/)?.[1]).find(Boolean);
  if (!path) throw new Error(`no verification link for ${to}`);
  return path;
}

/** Signs up on the page already open at /signup (with or without ?ref=), verifies from the mailbox, signs in. */
async function signUpVerifyAndSignIn(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByText(`We sent a confirmation link to ${email}`).waitFor();
  await page.goto(await verificationPath(email));
  await page.getByRole('heading', { name: 'Your email is verified' }).waitFor();
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** The built-in checkout tab, recording its console errors until it leaves for the success page. */
async function checkoutTab(context: BrowserContext, open: () => Promise<void>) {
  const [tab] = await Promise.all([context.waitForEvent('page'), open()]);
  const errors: string[] = [];
  let left = false;
  tab.on('framenavigated', (frame) => {
    if (frame === tab.mainFrame() && !new URL(frame.url()).pathname.startsWith('/checkout/')) left = true;
  });
  tab.on('console', (msg) => {
    if (!left && msg.type() === 'error') errors.push(msg.text());
  });
  tab.on('pageerror', (err) => errors.push(err.message));
  await tab.waitForURL(/\/checkout\/cs_local_[\w-]+$/);
  return { tab, errors };
}

function centsOf(text: string | null): number {
  const match = text?.match(/\$([\d,]+)\.(\d{2})/);
  if (!match) throw new Error(`no amount in ${text}`);
  return Number(match[1]!.replaceAll(',', '')) * 100 + Number(match[2]);
}

describe('a referral that pays', () => {
  let referrer: TestPage;
  let customer: TestPage;

  beforeAll(async () => {
    referrer = await openPage(browser);
    customer = await openPage(browser);
  });
  afterAll(async () => {
    await referrer?.context.close();
    await customer?.context.close();
  });

  it("shows the customer's purchase and a 25% pending commission on the referrer's affiliate page", async () => {
    // A signs up, signs in and reads their link.
    const a = referrer.page;
    await referrer.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
    await a.goto('/signup');
    await signUpVerifyAndSignIn(a, referrerEmail);
    await a.goto('/dashboard/affiliate');
    await a.getByRole('heading', { name: 'Affiliate Program' }).waitFor();
    const linkBox = a.getByRole('textbox', { name: 'Referral link' });
    await linkBox.waitFor();
    const link = await linkBox.inputValue();
    expect(link).toMatch(new RegExp(`^${baseURL().replaceAll('.', '\\.')}/signup\\?ref=[A-Z0-9]{8}$`));
    await a.getByRole('button', { name: 'Copy referral link' }).click();
    await a.getByText('Referral link copied to your clipboard.').waitFor();
    expect(await a.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await a.getByRole('button', { name: 'Join the Affiliate Program' }).click();
    await a.getByText('Payouts open at $50.00 payable').waitFor();
    expect(await a.getByRole('button', { name: 'Take as Credit' }).isDisabled()).toBe(true);

    // B opens A's link in another browser, signs up and buys a Minecraft server.
    const b = customer.page;
    const { pathname, search } = new URL(link);
    await b.goto(`${pathname}${search}`);
    await signUpVerifyAndSignIn(b, customerEmail);
    await b.goto('/configure/minecraft');
    await b.getByLabel('Server name').fill('Referred Valley');
    const { tab, errors } = await checkoutTab(customer.context, () => b.getByRole('button', { name: 'Deploy Server' }).click());
    const totalCents = centsOf(await tab.getByTestId('checkout-total').textContent());
    await tab.getByLabel('Card number').fill('4242 4242 4242 4242');
    await tab.getByLabel('Expiry (MM/YY)').fill('12/34');
    await tab.getByLabel('CVC').fill('123');
    await tab.getByLabel('Name on card').fill('Bea Buyer');
    await tab.getByRole('button', { name: /^Pay \$/ }).click();
    await tab.waitForURL((url) => url.pathname === '/success');
    expect(errors).toEqual([]);
    await tab.close();

    // A sees the referral, masked, with 25% of B's total pending.
    const commission = Math.floor((totalCents * 25) / 100);
    const amount = `$${(commission / 100).toFixed(2)}`;
    await a.reload();
    const table = a.getByRole('table', { name: 'Recent referrals' });
    const row = table.getByRole('row').filter({ hasText: 'b***@s***.test' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Minecraft 4GB');
    expect(await row.getByRole('cell').nth(2).textContent()).toBe(amount);
    expect(await row.getByText('Pending').count()).toBe(1);
    expect(await a.getByTestId('commission-pending').textContent()).toBe(amount);
    expect(await a.getByTestId('affiliate-tile-total-earnings').textContent()).toBe(amount);
    expect(await a.getByTestId('affiliate-tile-referrals').textContent()).toBe('1');
    expect(await a.getByTestId('affiliate-tile-clicks').textContent()).toBe('1');
    expect(await a.getByTestId('affiliate-tile-conversion-rate').textContent()).toBe('100%');
    expect(await a.getByText(customerEmail).count()).toBe(0);

    await a.getByRole('button', { name: 'Year' }).click();
    await a.waitForURL((url) => url.searchParams.get('period') === 'year');
    await a.getByText('vs previous year').first().waitFor();
    expect(await a.getByText('vs previous year').count()).toBe(4);

    // The public /affiliate page shows A's own code, and knows A has joined.
    await a.goto('/affiliate');
    expect(await a.getByRole('textbox', { name: 'Referral code' }).inputValue()).toBe(new URL(link).searchParams.get('ref'));
    await a.getByRole('link', { name: 'Go to Affiliate Dashboard' }).waitFor();

    expect(referrer.errors).toEqual([]);
    expect(customer.errors).toEqual([]);
  });
});
