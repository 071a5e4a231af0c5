import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage, type TestPage } from './browser';
import { buyServer, mailbox, signIn, signUpAndVerify, uniqueEmail } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const password = 'correct horse battery staple';
const email = uniqueEmail('billing');

describe('billing: history, invoice, saved card and cancellation', () => {
  let customer: TestPage;

  beforeAll(async () => {
    customer = await openPage(browser);
    await signUpAndVerify(customer.page, email, password);
    await signIn(customer.page, email, password);
    // Pays with 'Save this card for renewals' ticked.
    expect(await buyServer(customer.page, customer.context, 'Billing Valley', { saveCard: true })).toBe('$14.00');
  });
  afterAll(async () => customer?.context.close());

  it('lists the purchase in Billing History, and its invoice opens with the total', async () => {
    const { page } = customer;
    await page.goto('/dashboard/billing');
    await page.getByRole('heading', { name: 'Billing', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Billing History' }).click();
    const table = page.getByRole('table', { name: 'Billing history, newest first' });
    const row = table.getByRole('row').filter({ hasText: 'Minecraft 4GB · Billing Valley' });
    await row.waitFor();
    expect(await row.getByText('$14.00').count()).toBe(1);
    expect(await row.locator('[data-status="paid"]').textContent()).toBe('Status: Paid');
    await table.getByRole('row').filter({ hasText: 'Renewal of Billing Valley' }).locator('[data-status="scheduled"]').waitFor();

    await row.getByRole('link', { name: /^View invoice/ }).click();
    await page.waitForURL(/\/dashboard\/billing\/invoices\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: /^INV-\d{6}$/ }).waitFor();
    expect(await page.getByTestId('invoice-total').textContent()).toBe('$14.00');
    await page.getByText('Minecraft 4GB server (1 month)').waitFor();
    await page.getByRole('article').getByText(email).waitFor();
    await page.getByRole('article').getByText('Visa •••• 4242').waitFor();

    // 'Download PDF' saves the server's PDF of this invoice, named by its number.
    const number = (await page.getByRole('heading', { name: /^INV-\d{6}$/ }).textContent())!;
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The order confirmation carried the same invoice as an attachment.
    const confirmation = async () => (await mailbox(email)).find((m) => m.subject.startsWith('Order confirmed'));
    await expect.poll(async () => (await confirmation())?.attachments).toEqual([{ filename: `invoice-${number}.pdf`, contentType: 'application/pdf', bytes: expect.any(Number) }]);

    // Printing the page still shows the invoice alone, black on white.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('aside').first().isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: 'Download PDF' }).isVisible()).toBe(false);
    expect(await page.getByTestId('invoice-total').isVisible()).toBe(true);
    const colours = await page.evaluate(() => ({
      body: getComputedStyle(document.body).backgroundColor,
      total: getComputedStyle(document.querySelector('[data-testid="invoice-total"]')!).color,
    }));
    expect(colours).toEqual({ body: 'rgb(255, 255, 255)', total: 'rgb(0, 0, 0)' });
    await page.emulateMedia({ media: 'screen' });
    expect(customer.errors).toEqual([]);
  });

  it('shows the saved card as the default under Payment Methods', async () => {
    const { page } = customer;
    await page.goto('/dashboard/billing?tab=payment-methods');
    const cards = page.getByRole('list', { name: 'Saved cards' });
    const card = cards.getByRole('listitem').filter({ hasText: 'Visa •••• 4242' });
    await card.waitFor();
    await card.getByText('Default', { exact: true }).waitFor();
    await card.getByText('Expires 12/2034').waitFor();
    await page.getByRole('tab', { name: 'Overview' }).click();
    expect(await page.getByTestId('tile-payment-methods').textContent()).toBe('1');
    expect(await page.getByTestId('tile-this-month').textContent()).toBe('$14.00');
    expect(await page.getByTestId('tile-current-balance').textContent()).toBe('$0.00');
    expect(customer.errors).toEqual([]);
  });

  it('cancels a service at period end after a confirmation, and can keep it', async () => {
    const { page } = customer;
    await page.goto('/dashboard/billing');
    expect(await page.getByTestId('tile-next-payment').textContent()).toBe('$14.00');
    await page.getByRole('button', { name: 'Cancel at period end for Billing Valley' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel at period end?' });
    await dialog.getByRole('button', { name: 'Cancel at Period End' }).click();
    await page.getByRole('heading', { name: 'Ending services' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('tile-next-payment').textContent()).toBe('—');

    await page.getByRole('button', { name: 'Keep Service for Billing Valley' }).click();
    await page.getByRole('heading', { name: 'Ending services' }).waitFor({ state: 'detached' });
    expect(await page.getByTestId('tile-next-payment').textContent()).toBe('$14.00');
    expect(customer.errors).toEqual([]);
  });

  it('fits a 360px phone: the history becomes cards, each linking to its invoice', async () => {
    const { page } = customer;
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/dashboard/billing?tab=history');
    const list = page.getByRole('list', { name: 'Billing history' });
    const item = list.getByRole('listitem').filter({ hasText: 'Minecraft 4GB · Billing Valley' });
    await item.waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await item.getByRole('link', { name: /^View invoice/ }).click();
    await page.getByTestId('invoice-total').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(customer.errors).toEqual([]);
  });
});
