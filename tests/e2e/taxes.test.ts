import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage, type TestPage } from './browser';
import { becomeAdmin, checkoutTab, clickToPay, fillCard, signIn, signUpAndVerify, uniqueEmail } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const password = 'correct horse battery staple';
// Listed in ADMIN_EMAILS by global-setup.ts.
const adminEmail = 'admin-taxes-e2e@spawnpoint.test';
const customerEmail = uniqueEmail('taxes-customer');
const serverName = 'Reverse Charge SMP';
const reverseChargeNote = /^Reverse charge: no VAT is charged on this invoice\./;

describe('taxes: an admin sets the seller and a German rate; a German business whose French VAT ID VIES verifies gets reverse charge', () => {
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

  it('the admin fills in the seller for invoices and adds German VAT at 19% in /admin/settings', async () => {
    const { page } = admin;
    await becomeAdmin(page, adminEmail, password);
    await page.goto('/admin/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.getByLabel('Legal name').fill('Blokhost B.V.');
    await page.getByLabel('Address').fill('Keizersgracht 1\n1015 CJ Amsterdam');
    await page.getByLabel('Country').selectOption('NL');
    await page.getByLabel('Tax ID').fill('NL123456789B01');
    await page.getByRole('button', { name: 'Save store settings' }).click();
    await page.getByText('Store settings saved').waitFor();

    // A rate above 100% is refused on the form, before anything is sent.
    await page.getByRole('button', { name: 'Add a rate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a tax rate' });
    await dialog.getByLabel('Country').selectOption('DE');
    await dialog.getByLabel('Rate (%)').fill('119');
    await dialog.getByLabel('Reason').fill('German VAT for consumers');
    await dialog.getByRole('button', { name: 'Add rate' }).click();
    await dialog.getByText('A rate cannot be more than 100%').waitFor();
    await dialog.getByLabel('Rate (%)').fill('19');
    await dialog.getByRole('button', { name: 'Add rate' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('table', { name: 'Tax rates' }).getByRole('row', { name: /Germany/ });
    expect((await row.textContent())?.replace(/\s+/g, ' ')).toContain('GermanyWhole countryVAT19%');

    await page.goto('/admin/audit');
    const records = page.getByRole('list', { name: 'Audit records' }).getByRole('listitem').filter({ hasText: 'VAT 19% · Germany' });
    await records.getByText('settings.tax_rate_created', { exact: true }).waitFor();
    await records.getByText('German VAT for consumers', { exact: false }).waitFor();
    expect(admin.errors).toEqual([]);
  });

  it('the customer gives billing details at the first checkout, VIES (the fake global-setup.ts starts) verifies the VAT ID, no VAT is paid, and the invoice says why', async () => {
    const { page, context } = customer;
    await signUpAndVerify(page, customerEmail, password);
    await signIn(page, customerEmail, password);
    await page.goto('/configure/minecraft');
    await page.getByLabel('Server name').fill(serverName);
    await page.getByTestId('tax-terms').getByText('Taxes, where they apply, are added at checkout.').waitFor();
    const total = (await page.getByTestId('total').textContent())!.trim();

    const { tab, errors } = await checkoutTab(context, () =>
      clickToPay(page, page.getByRole('button', { name: 'Deploy Server' }), {
        name: 'Klötzchen GmbH',
        country: 'DE',
        postalCode: '10119',
        vatId: 'FR 40 303265045',
      }),
    );
    await tab.getByRole('heading', { name: 'Pay Spawnpoint' }).waitFor();
    expect(await tab.getByTestId('tax-line').textContent()).toBe('VAT 0% (reverse charge)$0.00');
    expect(await tab.getByTestId('checkout-total').textContent()).toBe(total);
    expect(await tab.getByTestId('tax-note').textContent()).toMatch(reverseChargeNote);
    await fillCard(tab, '4242 4242 4242 4242', 'Klara Klötzchen');
    await tab.getByRole('button', { name: `Pay ${total}` }).click();
    await tab.waitForURL((url) => url.pathname === '/success');
    expect(errors).toEqual([]);
    await tab.close();

    // Back in the configurator, the summary now shows the customer's own tax line.
    await page.goto('/configure/minecraft');
    await expect.poll(() => page.getByTestId('tax-line').textContent()).toBe('VAT 0% (reverse charge)$0.00');

    await page.goto('/dashboard/billing?tab=history');
    const history = page.getByRole('table', { name: 'Billing history, newest first' });
    await history.getByRole('row').filter({ hasText: serverName }).getByRole('link', { name: /^View invoice/ }).click();
    await page.getByRole('heading', { name: /^INV-\d{6}$/ }).waitFor();
    expect(await page.getByTestId('tax-line').textContent()).toBe('VAT 0% (reverse charge)$0.00');
    expect(await page.getByTestId('invoice-total').textContent()).toBe(total);
    expect(await page.getByTestId('invoice-tax-note').textContent()).toMatch(reverseChargeNote);
    const seller = page.getByTestId('document-seller');
    await seller.getByText('Blokhost B.V.').waitFor();
    await seller.getByText('VAT ID: NL123456789B01').waitFor();
    const buyer = page.getByTestId('document-buyer');
    await buyer.getByText('Klötzchen GmbH').waitFor();
    await buyer.getByText('Germany').waitFor();
    await buyer.getByText('VAT ID: FR40303265045', { exact: true }).waitFor();
    // The proof behind reverse charge: VIES's consultation number, given because the seller's own VAT ID went along.
    expect(await buyer.getByTestId('vat-check').textContent()).toMatch(/^Verified with VIES on \w{3} \d{1,2}, \d{4}, consultation number WAPIAAAA[\w-]{8}$/);

    // Settings keeps the details and says the VAT ID is verified.
    await page.goto('/dashboard/settings?tab=billing');
    expect(await page.getByLabel('EU VAT ID (businesses, optional)').inputValue()).toBe('FR40303265045');
    expect(await page.getByTestId('vat-id-status').textContent()).toMatch(/^Verified with the EU's VIES service on /);
    expect(customer.errors).toEqual([]);
  }, 120_000);
});
