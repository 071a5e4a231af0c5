import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { base32Decode, totp } from '../../src/server/features/auth/totp';
import { baseURL } from './browser';

/** Steps several journeys share: a new verified customer, signing in, and the built-in checkout. */

/** An address no earlier run has used, e.g. uniqueEmail('billing') → billing-1700000000000@spawnpoint.test. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}@spawnpoint.test`;
}

export interface MailboxEmail {
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; bytes: number }[];
}

/** What the dev mailbox holds for one address (GET /api/dev/mailbox?to=). */
export async function mailbox(to: string): Promise<MailboxEmail[]> {
  const res = await fetch(`${baseURL()}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as MailboxEmail[];
}

/** The path of the verification link emailed to an address. */
export async function verificationPath(to: string): Promise<string> {
  const mails = await mailbox(to);
  const path = mails.map((m) => m.text.match(/https?:\/\/\S+?(\/auth\/verify\?token=[A-Za-z0-9_%-]+)/)?.[1]).find(Boolean);
  if (!path) throw new Error(`no verification link for ${to}`);
  return path;
}

/**
 * On the verify page: types the password the account was signed up with. Verifying signs in and
 * lands on `landing` (the dashboard, or where the sign-up started).
 */
export async function confirmVerification(page: Page, password: string, landing = '/dashboard') {
  await page.getByRole('heading', { name: 'Confirm your password to finish' }).waitFor();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await page.getByText('Your email is verified').first().waitFor();
  await page.waitForURL((url) => url.pathname === landing);
}

/**
 * Signs out from the account menu and waits until it is done: the menu stays open ("Signing out…")
 * until the server answers, and a click on the menu button before that would only close it.
 */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('menu').waitFor({ state: 'detached' });
}

/**
 * Signs up through the form at signupPath (e.g. a referral link), opens the emailed verification
 * link and confirms it with the password. Verifying signs in; the journeys then sign in on /auth
 * themselves, so this signs out again.
 */
export async function signUpAndVerify(page: Page, email: string, password: string, signupPath = '/signup') {
  await page.goto(signupPath);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByText(`We sent a confirmation link to ${email}`).waitFor();
  await page.goto(await verificationPath(email));
  await confirmVerification(page, password);
  await signOut(page);
}

/** Signs in on /auth and waits for the home page. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/**
 * The checkout tab that open() makes, recording its console errors until it leaves for the success
 * page (a page of its own, tested elsewhere). A declined card answers 402, which Chromium reports as
 * a failed resource: pass allowDeclined when the journey declines a card on purpose.
 */
export async function checkoutTab(context: BrowserContext, open: () => Promise<void>, options: { allowDeclined?: boolean } = {}) {
  const [tab] = await Promise.all([context.waitForEvent('page'), open()]);
  const errors: string[] = [];
  let left = false;
  tab.on('framenavigated', (frame) => {
    if (frame === tab.mainFrame() && !new URL(frame.url()).pathname.startsWith('/checkout/')) left = true;
  });
  tab.on('console', (msg) => {
    if (left || msg.type() !== 'error') return;
    if (options.allowDeclined && /status of 402/.test(msg.text())) return;
    errors.push(msg.text());
  });
  tab.on('pageerror', (err) => errors.push(err.message));
  await tab.waitForURL(/\/checkout\/cs_local_[\w-]+$/);
  return { tab, errors };
}

export interface JourneyBillingDetails {
  name: string;
  country: string;
  postalCode: string;
  region?: string;
  vatId?: string;
}

/** What journeys' customers give at their first checkout: a US address, where the store charges no tax. */
export const usBilling: JourneyBillingDetails = { name: 'Ada Lovelace', country: 'US', postalCode: '94103' };

/** Fills the billing details form (the first checkout's dialog, or Settings → Billing details). */
export async function fillBillingDetails(scope: Page | Locator, details: JourneyBillingDetails) {
  await scope.getByLabel('Name or company').fill(details.name);
  await scope.getByLabel('Country').selectOption(details.country);
  await scope.getByLabel(/^State or region/).fill(details.region ?? '');
  await scope.getByLabel('Postal code').fill(details.postalCode);
  await scope.getByLabel('EU VAT ID (businesses, optional)').fill(details.vatId ?? '');
}

/**
 * Clicks a button that starts a checkout (Deploy Server, Purchase for …). At a customer's first
 * checkout the billing details dialog comes first: it is filled with `details`, and its button
 * opens the payment tab. Pass it as checkoutTab's `open`.
 */
export async function clickToPay(page: Page, button: Locator, details: JourneyBillingDetails = usBilling) {
  const saved = await page.evaluate(async () => ((await (await fetch('/api/account/billing-details')).json()) as { details: unknown }).details);
  await button.click();
  if (saved) return;
  const dialog = page.getByRole('dialog', { name: 'Your billing details' });
  await fillBillingDetails(dialog, details);
  await dialog.getByRole('button', { name: 'Save and continue to payment' }).click();
}

/** Fills the card form on the checkout tab with a valid expiry and CVC. */
export async function fillCard(tab: Page, number: string, nameOnCard = 'Ada Lovelace') {
  await tab.getByLabel('Card number').fill(number);
  await tab.getByLabel('Expiry (MM/YY)').fill('12/34');
  await tab.getByLabel('CVC').fill('123');
  await tab.getByLabel('Name on card').fill(nameOnCard);
}

/**
 * Buys a Minecraft server named serverName (the configurator's default plan, or `plan` such as '2GB'),
 * paying with a good card on the built-in checkout (optionally saving it for renewals), and waits
 * for /success; answers the total paid.
 */
export async function buyServer(
  page: Page,
  context: BrowserContext,
  serverName: string,
  options: { saveCard?: boolean; nameOnCard?: string; plan?: string } = {},
): Promise<string> {
  await page.goto('/configure/minecraft');
  await page.getByLabel('Server name').fill(serverName);
  if (options.plan) await page.getByRole('radio', { name: new RegExp(`^${options.plan}\\b`) }).check();
  const { tab, errors } = await checkoutTab(context, () => clickToPay(page, page.getByRole('button', { name: 'Deploy Server' })));
  const total = (await tab.getByTestId('checkout-total').textContent())?.trim() ?? '';
  expect(total).toMatch(/^\$\d+\.\d{2}$/);
  await fillCard(tab, '4242 4242 4242 4242', options.nameOnCard);
  if (options.saveCard) {
    const save = tab.getByRole('checkbox', { name: 'Save this card for renewals' });
    await save.check();
    expect(await save.isChecked()).toBe(true);
  }
  await tab.getByRole('button', { name: `Pay ${total}` }).click();
  await tab.waitForURL((url) => url.pathname === '/success');
  expect(errors).toEqual([]);
  await tab.close();
  return total;
}

/**
 * Turns on two-factor from Settings for the signed-in account (staff need it before /admin opens);
 * answers the secret, so a later sign-in can compute codes.
 */
export async function enableTwoFactor(page: Page): Promise<string> {
  await page.goto('/dashboard/settings?tab=security');
  await page.getByRole('button', { name: 'Enable two-factor' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Confirmation code').fill(totp(base32Decode(secret), new Date()));
  await page.getByRole('button', { name: 'Confirm and enable' }).click();
  await expect.poll(() => page.getByRole('list', { name: 'Recovery codes' }).locator('li').count()).toBe(10);
  return secret;
}

/**
 * A staff admin ready to use the console: signs up one of the addresses in the e2e server's
 * ADMIN_EMAILS (global-setup.ts), verifies it, signs in and turns on two-factor.
 */
export async function becomeAdmin(page: Page, email: string, password: string): Promise<{ secret: string }> {
  await signUpAndVerify(page, email, password);
  await signIn(page, email, password);
  const secret = await enableTwoFactor(page);
  return { secret };
}
