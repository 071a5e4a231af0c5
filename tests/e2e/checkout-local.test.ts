import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage, type TestPage } from './browser';
import { checkoutTab, clickToPay, fillCard, signIn, signUpAndVerify, uniqueEmail } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const password = 'correct horse battery staple';
const email = uniqueEmail('checkout');

describe('checkout with the built-in card page', () => {
  let customer: TestPage;

  beforeAll(async () => {
    customer = await openPage(browser);
    await signUpAndVerify(customer.page, email, password);
    await signIn(customer.page, email, password);
  });
  afterAll(async () => customer?.context.close());

  it('configures Minecraft, is declined once, pays with a good card and lands on /success', async () => {
    const { page, context } = customer;
    await page.goto('/configure/minecraft');
    await page.getByLabel('Server name').fill('E2E Valley');
    const { tab, errors } = await checkoutTab(context, () => clickToPay(page, page.getByRole('button', { name: 'Deploy Server' })), { allowDeclined: true });
    await page.getByText('Redirecting to Spawnpoint Checkout').waitFor();

    await tab.getByRole('heading', { name: 'Pay Spawnpoint' }).waitFor();
    expect(await tab.getByTestId('checkout-total').textContent()).toBe('$14.00');
    await tab.getByText('Minecraft 4GB server (1 month)').waitFor();
    await tab.getByRole('complementary', { name: 'Test cards' }).getByText('4000 0000 0000 0341').waitFor();

    await fillCard(tab, '4000000000000002');
    expect(await tab.getByLabel('Card number').inputValue()).toBe('4000 0000 0000 0002');
    await tab.getByRole('button', { name: 'Pay $14.00' }).click();
    await tab.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    expect(new URL(tab.url()).pathname).toMatch(/^\/checkout\//);

    await tab.getByLabel('Card number').fill('4242 4242 4242 4242');
    await tab.getByRole('button', { name: 'Pay $14.00' }).click();
    const successErrors: string[] = [];
    tab.on('console', (msg) => {
      if (msg.type() === 'error') successErrors.push(msg.text());
    });
    await tab.waitForURL((url) => url.pathname === '/success' && /^cs_local_/.test(url.searchParams.get('session_id') ?? ''));

    // The success screen follows the server live: setting up, then ready (install takes 3 s in e2e).
    await tab.getByRole('heading', { name: 'Setting Up Your Server...' }).waitFor();
    await tab.getByText('usually 1-3 minutes').first().waitFor();
    expect(await tab.getByTestId('amount-paid').textContent()).toBe('$14.00');
    await tab.getByText('Server Ready!').waitFor({ timeout: 45_000 });
    await tab.getByText('Your game server has been provisioned and is ready to use.').waitFor();
    await tab.getByRole('heading', { name: 'Welcome to Spawnpoint' }).waitFor();
    expect(await tab.getByTestId('server-server-name').textContent()).toBe('E2E Valley');
    expect(await tab.getByTestId('server-address').textContent()).toMatch(/^\d+\.\d+\.\d+\.\d+:\d+$/);
    expect(await tab.getByTestId('server-ram').textContent()).toBe('4GB');
    expect(await tab.getByRole('button', { name: 'Check Status' }).count()).toBe(0);

    expect(errors).toEqual([]);
    expect(successErrors).toEqual([]);
    expect(customer.errors).toEqual([]);
    await tab.close();
  }, 120_000);

  it('shows card errors before anything is sent', async () => {
    const { page, context } = customer;
    await page.goto('/configure/minecraft?plan=minecraft-1gb');
    const { tab, errors } = await checkoutTab(context, () => clickToPay(page, page.getByRole('button', { name: 'Deploy Server' })), { allowDeclined: true });
    await tab.getByRole('button', { name: 'Pay $3.50' }).click();
    await tab.getByText('Enter your card number').waitFor();
    await fillCard(tab, '4242 4242 4242 4241');
    await tab.getByLabel('Expiry (MM/YY)').fill('01/20');
    await tab.getByRole('button', { name: 'Pay $3.50' }).click();
    await tab.getByText('Your card number is invalid.').waitFor();
    await tab.getByText("Your card's expiration year is in the past.").waitFor();
    expect(await tab.getByLabel('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(errors).toEqual([]);
    await tab.close();
  });

  it('walks the configurator, the card page and the success page in German', async () => {
    const { page, context } = customer;
    // German writes the amount after the number, with a no-break space: "14,00 $".
    const total = '14,00\u00a0$';
    await page.goto('/configure/minecraft');
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('de');
    await page.waitForURL('**/de/configure/minecraft');
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    expect(await page.title()).toBe('Server konfigurieren | Spawnpoint');
    await page.getByRole('heading', { name: 'Bestellübersicht' }).waitFor();
    await page.getByText('für 1 Monat').waitFor();
    expect(await page.getByTestId('total').textContent()).toBe(total);
    await page.getByLabel('Servername').fill('Zweiter Server');
    const { tab, errors } = await checkoutTab(context, () => clickToPay(page, page.getByRole('button', { name: 'Server bereitstellen' })), { allowDeclined: true });
    await page.getByText('Weiterleitung zu Spawnpoint Checkout').waitFor();

    // The card page is in the language the customer chose, its refusals too.
    await tab.getByRole('heading', { name: 'An Spawnpoint zahlen' }).waitFor();
    expect(await tab.locator('html').getAttribute('lang')).toBe('de');
    await tab.getByRole('complementary', { name: 'Testkarten' }).getByText('Karte wird abgelehnt').waitFor();
    await tab.getByRole('button', { name: `${total} zahlen` }).click();
    await tab.getByText('Geben Sie Ihre Kartennummer ein').waitFor();
    await tab.getByLabel('Kartennummer').fill('4000 0000 0000 0002');
    await tab.getByLabel('Gültig bis (MM/JJ)').fill('12/34');
    await tab.getByLabel('Prüfnummer (CVC)').fill('123');
    await tab.getByLabel('Name auf der Karte').fill('Ada Lovelace');
    await tab.getByRole('button', { name: `${total} zahlen` }).click();
    await tab.getByRole('alert').filter({ hasText: 'Ihre Karte wurde abgelehnt.' }).waitFor();
    await tab.getByLabel('Kartennummer').fill('4242 4242 4242 4242');
    await tab.getByRole('button', { name: `${total} zahlen` }).click();
    await tab.waitForURL((url) => url.pathname === '/success');

    await tab.getByRole('heading', { name: /Ihr Server wird eingerichtet|Willkommen bei Spawnpoint/ }).waitFor();
    await tab.getByRole('heading', { name: 'Bestellübersicht' }).waitFor();
    expect(await tab.getByTestId('amount-paid').textContent()).toBe(total);
    await tab.getByRole('list', { name: 'Fortschritt der Einrichtung' }).getByText('Zahlung erhalten').waitFor();
    await tab.getByRole('heading', { name: 'Willkommen bei Spawnpoint' }).waitFor({ timeout: 45_000 });
    expect(await tab.getByTestId('server-server-name').textContent()).toBe('Zweiter Server');
    expect(errors).toEqual([]);
    expect(customer.errors).toEqual([]);
    await tab.close();

    // Back to English for the steps after this one.
    await page.locator('footer').getByRole('combobox', { name: 'Sprache' }).selectOption('en');
    await page.waitForURL((url) => url.pathname === '/en/configure/minecraft');
  }, 120_000);

  it('buys an upgrade pack through to /purchase-confirmed', async () => {
    const { page, context } = customer;
    await page.goto('/upgrade/spawnpoint-essentials');
    await page.getByRole('button', { name: 'Upgrade Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete Your Purchase' });
    const { tab, errors } = await checkoutTab(context, () => clickToPay(page, dialog.getByRole('button', { name: 'Purchase for $6.99/mo' })), {
      allowDeclined: true,
    });
    await page.getByText('Redirecting to Spawnpoint Checkout').waitFor();
    await tab.getByText('Essentials pack (1 month)').waitFor();
    await fillCard(tab, '4242 4242 4242 4242');
    await tab.getByRole('button', { name: 'Pay $6.99' }).click();
    await tab.waitForURL((url) => url.pathname === '/purchase-confirmed' && /^cs_local_/.test(url.searchParams.get('session_id') ?? ''));
    await tab.getByRole('heading', { name: 'Purchase Confirmed!' }).waitFor();
    await tab.getByText('Plugins, mods or resources installed and configured by our team').waitFor();
    await tab.getByText('$6.99/mo').waitFor();
    await tab.getByText('Your request reaches our team').waitFor();
    // The pack is set up by hand: the dashboard says it waits for staff (decision 058).
    await tab.getByRole('link', { name: 'See your upgrades' }).click();
    const packs = tab.getByRole('region', { name: 'Your upgrade packs' });
    await packs.getByText('Essentials').waitFor();
    await packs.getByText('Waiting for our team').waitFor();
    expect(errors).toEqual([]);
    expect(customer.errors).toEqual([]);
    await tab.close();
  });
});
