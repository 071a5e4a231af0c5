import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage, type TestPage } from './browser';
import { checkoutTab, clickToPay, confirmVerification, fillCard, uniqueEmail, type MailboxEmail } from './journeys';
import { startOwnServer, type OwnServer } from './own-server';

/**
 * `npm start` as a newcomer runs it: PUBLIC_URL unset (so it defaults to http://localhost:<port>),
 * and the shop opened at http://127.0.0.1:<port>. The whole purchase must stay on 127.0.0.1,
 * where the session cookie is, and end on 'Server Ready!'.
 */
let browser: Browser;
let server: OwnServer;
beforeAll(async () => {
  [browser, server] = await Promise.all([launch(), startOwnServer({ PUBLIC_URL: undefined })]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const password = 'correct horse battery staple';
const email = uniqueEmail('origin');

async function verificationPath(to: string): Promise<string> {
  const res = await fetch(`${server.url}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  const mails = (await res.json()) as MailboxEmail[];
  // Emails keep PUBLIC_URL (localhost here); the browser opens the same path on its own origin.
  const link = mails.map((m) => m.text.match(/(https?:\/\/[^/\s]+)(\/auth\/verify\?token=[A-Za-z0-9_%-]+)/)).find(Boolean);
  if (!link?.[2]) throw new Error(`no verification link for ${to}`);
  expect(link[1]).toBe(`http://localhost:${server.port}`);
  return link[2];
}

describe('a purchase on 127.0.0.1 with PUBLIC_URL unset', () => {
  let customer: TestPage;

  beforeAll(async () => {
    customer = await openPage(browser, { baseURL: server.url });
    const { page } = customer;
    await page.goto('/signup');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText(`We sent a confirmation link to ${email}`).waitFor();
    await page.goto(await verificationPath(email));
    // Confirming the password signs in, on 127.0.0.1.
    await confirmVerification(page, password);
  });
  afterAll(async () => customer?.context.close());

  it('pays for a server and comes back to 127.0.0.1, signed in, to see it ready', async () => {
    const { page, context } = customer;
    await page.goto('/configure/minecraft');
    await page.getByLabel('Server name').fill('Loopback Valley');
    const { tab, errors } = await checkoutTab(context, () => clickToPay(page, page.getByRole('button', { name: 'Deploy Server' })));
    expect(new URL(tab.url()).origin).toBe(server.url);
    await tab.getByRole('heading', { name: 'Pay Spawnpoint' }).waitFor();
    await fillCard(tab, '4242 4242 4242 4242');
    await tab.getByRole('button', { name: 'Pay $14.00' }).click();
    await tab.waitForURL((url) => url.pathname === '/success');
    expect(new URL(tab.url()).origin).toBe(server.url);

    await tab.getByText('Server Ready!').waitFor({ timeout: 45_000 });
    expect(await tab.getByTestId('server-server-name').textContent()).toBe('Loopback Valley');
    expect(await tab.getByText('Sign in to see your order').count()).toBe(0);
    expect(errors).toEqual([]);
    await tab.close();
  }, 120_000);

  it('buys a pack and comes back to 127.0.0.1 too', async () => {
    const { page, context } = customer;
    await page.goto('/upgrade/spawnpoint-essentials');
    await page.getByRole('button', { name: 'Upgrade Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete Your Purchase' });
    const { tab, errors } = await checkoutTab(context, () => clickToPay(page, dialog.getByRole('button', { name: 'Purchase for $6.99/mo' })));
    expect(new URL(tab.url()).origin).toBe(server.url);
    await fillCard(tab, '4242 4242 4242 4242');
    await tab.getByRole('button', { name: 'Pay $6.99' }).click();
    await tab.waitForURL((url) => url.pathname === '/purchase-confirmed');
    expect(new URL(tab.url()).origin).toBe(server.url);
    await tab.getByRole('heading', { name: 'Purchase Confirmed!' }).waitFor();
    await tab.getByText('$6.99/mo').waitFor();
    expect(errors).toEqual([]);
    expect(customer.errors).toEqual([]);
    await tab.close();
  });
});
