import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage, type TestPage } from './browser';
import { becomeAdmin, buyServer, signIn, signUpAndVerify, uniqueEmail } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const password = 'correct horse battery staple';
// Listed in ADMIN_EMAILS by global-setup.ts: this journey's admin.
const adminEmail = 'admin-refunds-e2e@spawnpoint.test';
const customerEmail = uniqueEmail('refund-customer');
const serverName = 'Refund Journey SMP';
const reason = 'Half back for the outage on launch night';

/** "$14.00" → 1400 */
function cents(text: string): number {
  return Math.round(Number(text.replace(/[$,]/g, '')) * 100);
}

function dollars(amount: number): string {
  return `$${(amount / 100).toFixed(2)}`;
}

/** A refused refund answers 409, which Chromium reports as a failed resource. */
function unexpected(errors: string[]): string[] {
  return errors.filter((e) => !e.includes('status of 409'));
}

describe('staff refund half an order to account credit', () => {
  let admin: TestPage;
  let customer: TestPage;
  let paid = 0;
  let half = 0;
  let creditNote = '';
  let orderPath = '';

  beforeAll(async () => {
    customer = await openPage(browser);
    admin = await openPage(browser);
  });
  afterAll(async () => {
    await admin?.context.close();
    await customer?.context.close();
  });

  it('a customer buys a server through the built-in checkout', async () => {
    await signUpAndVerify(customer.page, customerEmail, password);
    await signIn(customer.page, customerEmail, password);
    paid = cents(await buyServer(customer.page, customer.context, serverName));
    half = Math.floor(paid / 2);
    expect(paid).toBeGreaterThan(0);
    expect(customer.errors).toEqual([]);
  });

  it('an admin finds the order by the customer email and opens it', async () => {
    const { page } = admin;
    await becomeAdmin(page, adminEmail, password);
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.getByLabel('Search orders').fill(customerEmail);
    await page.waitForURL((url) => url.searchParams.get('q') === customerEmail);
    const table = page.getByRole('table', { name: 'Orders' });
    const row = table.getByRole('row').filter({ hasText: customerEmail });
    await row.locator('[data-status="paid"]').waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    expect(await row.getByText(dollars(paid)).count()).toBe(1);
    expect(await row.getByText('Built-in checkout').count()).toBe(1);
    // The export link carries the same search.
    const exportHref = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(exportHref).toBe(`/api/admin/orders/export.csv?q=${encodeURIComponent(customerEmail)}`);
    const csv = await page.request.get(exportHref!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toContain('text/csv');
    expect(await csv.text()).toContain(customerEmail);

    await row.getByRole('link', { name: 'Minecraft 4GB' }).click();
    await page.waitForURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
    orderPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { level: 1, name: `Minecraft 4GB · ${dollars(paid)}` }).waitFor();
    await page.getByText(`${dollars(paid)} is left to refund, ${dollars(paid)} of it back to the card.`).waitFor();
    await page.getByText(/Inside the 48-hour money-back window until/).waitFor();
    await page.getByText('No refunds yet.').waitFor();
    expect(await page.getByRole('link', { name: serverName }).getAttribute('href')).toMatch(/^\/admin\/servers\/[0-9a-f-]{36}$/);
    expect(await page.getByRole('link', { name: customerEmail }).first().getAttribute('href')).toMatch(/^\/admin\/customers\/[0-9a-f-]{36}$/);
    expect(admin.errors).toEqual([]);
  });

  it('the admin refunds half of it to account credit with a reason, and the page shows what was refunded', async () => {
    const { page } = admin;
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund this order' });
    const amount = dialog.getByLabel('Amount in USD ($)');
    expect(await amount.inputValue()).toBe((paid / 100).toFixed(2));
    await amount.fill((half / 100).toFixed(2));
    await dialog.getByRole('radio', { name: 'To account credit' }).check();
    await dialog.getByRole('button', { name: `Refund ${dollars(half)}` }).click();
    await dialog.getByText('Please give a reason of at least 3 characters').waitFor();
    await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name: `Refund ${dollars(half)}` }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(new RegExp(`^Refunded \\${dollars(half)} to account credit\\. Credit note CN-\\d{6} issued\\.$`)).waitFor();

    const refunds = page.getByRole('table', { name: 'Refunds' });
    const made = refunds.getByRole('row').filter({ hasText: reason });
    await made.waitFor();
    creditNote = ((await made.getByText(/^CN-\d{6}$/).textContent()) ?? '').trim();
    expect(creditNote).toMatch(/^CN-\d{6}$/);
    expect(await made.getByText('To account credit').count()).toBe(1);
    expect(await made.getByText(adminEmail).count()).toBe(1);
    expect(await page.getByTestId('refunded-so-far').textContent()).toBe(dollars(half));
    await page.getByText(`${dollars(paid - half)} is left to refund`, { exact: false }).waitFor();
    await page.locator('[data-status="partially_refunded"]').first().waitFor();
    expect(admin.errors).toEqual([]);
  });

  it('a refund of more than is left is refused, with the reason shown in the dialog', async () => {
    const { page } = admin;
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund this order' });
    await dialog.getByLabel('Amount in USD ($)').fill((paid / 100).toFixed(2));
    await dialog.getByRole('radio', { name: 'To account credit' }).check();
    await dialog.getByLabel('Reason').fill('Trying to refund it all again');
    await dialog.getByRole('button', { name: `Refund ${dollars(paid)}` }).click();
    await dialog.getByText(`That is more than is left to refund. At most ${dollars(paid - half)} can be refunded.`).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Nothing more was refunded.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: `Minecraft 4GB · ${dollars(paid)}` }).waitFor();
    expect(await page.getByTestId('refunded-so-far').textContent()).toBe(dollars(half));
    expect(await page.getByRole('table', { name: 'Refunds' }).getByRole('row').count()).toBe(2);
    expect(unexpected(admin.errors)).toEqual([]);
  });

  it('the audit log shows the refund, its reason and its credit note', async () => {
    const { page } = admin;
    await page.goto('/admin/audit');
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    const record = page.getByRole('list', { name: 'Audit records' }).getByRole('listitem').filter({ hasText: reason });
    await record.getByText('order.refunded', { exact: true }).waitFor();
    await record.getByText(creditNote, { exact: true }).waitFor();
    await record.getByText(`By ${adminEmail}`, { exact: false }).waitFor();
    expect(await record.getByText(orderPath.split('/').pop()!, { exact: false }).count()).toBeGreaterThan(0);
    expect(unexpected(admin.errors)).toEqual([]);
  });

  it('the customer sees the credit on their balance and opens the credit note from their billing history', async () => {
    const { page } = customer;
    await page.goto('/dashboard/billing');
    await page.getByRole('heading', { name: 'Billing', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('tile-current-balance').textContent()).toContain(dollars(half));

    await page.getByRole('tab', { name: 'Billing History' }).click();
    const table = page.getByRole('table', { name: 'Billing history, newest first' });
    const refund = table.getByRole('row').filter({ hasText: creditNote });
    await refund.waitFor();
    await refund.getByRole('link', { name: /^View credit note/ }).click();
    await page.waitForURL(/\/dashboard\/billing\/credit-notes\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: creditNote }).waitFor();
    expect(await page.getByTestId('credit-note-amount').textContent()).toBe(dollars(half));
    await page.getByText('Added to your account credit', { exact: true }).waitFor();
    await page.getByText(`Reason: ${reason}`).waitFor();

    // The credit note names the invoice it corrects, and the invoice lists it.
    const invoiceLink = page.getByRole('article').getByRole('link', { name: /^INV-\d{6}$/ });
    const invoiceNumber = ((await invoiceLink.textContent()) ?? '').trim();
    await invoiceLink.click();
    await page.getByRole('heading', { level: 1, name: invoiceNumber }).waitFor();
    expect(await page.getByTestId('invoice-total').textContent()).toBe(dollars(paid));
    const notes = page.getByRole('list', { name: 'Credit notes for this invoice' });
    await notes.getByRole('link', { name: creditNote }).waitFor();
    await page.getByText(`Refunded so far: ${dollars(half)} of ${dollars(paid)}`).waitFor();
    expect(customer.errors).toEqual([]);
  });
});
