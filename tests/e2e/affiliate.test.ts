import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launch, openPage, type TestPage } from './browser';
import { buyServer, signIn, signUpAndVerify, uniqueEmail } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const password = 'correct horse battery staple';
const referrerEmail = uniqueEmail('affiliate-a');
// Starts with 'b': the referrer sees it masked as b***@s***.test.
const customerEmail = uniqueEmail('buyer-b');

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
    await signUpAndVerify(a, referrerEmail, password);
    await signIn(a, referrerEmail, password);
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
    await signUpAndVerify(b, customerEmail, password, `${pathname}${search}`);
    await signIn(b, customerEmail, password);
    const totalCents = centsOf(await buyServer(b, customer.context, 'Referred Valley', { nameOnCard: 'Bea Buyer' }));

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
