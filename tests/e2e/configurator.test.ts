import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage } from './browser';
import { confirmVerification, mailbox, uniqueEmail } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

interface Combo {
  game: string;
  plan: string;
  period: string;
  location?: string;
  toggles?: string[];
  ssdSteps?: number;
  total: string;
  savings?: string;
}

// Totals worked out by hand from the spec: (plan + add-ons) × months × (1 − discount), rounded once.
const combos: Combo[] = [
  { game: 'minecraft', plan: '4GB', period: 'Monthly', total: '$14.00' },
  { game: 'minecraft', plan: '1GB', period: '3 Months', toggles: ['Automatic Backups'], total: '$18.50', savings: '$0.97' },
  { game: 'minecraft', plan: '8GB', period: '12 Months', ssdSteps: 2, location: 'EU West (Amsterdam)', total: '$316.80', savings: '$79.20' },
  { game: 'fivem', plan: '8GB', period: 'Monthly', total: '$24.50' },
  { game: 'fivem', plan: '2GB', period: '6 Months', toggles: ['Automatic Backups'], ssdSteps: 1, total: '$64.75', savings: '$7.19' },
  { game: 'fivem', plan: '6GB', period: '12 Months', ssdSteps: 1, total: '$201.60', savings: '$50.40' },
  { game: 'palworld', plan: '8GB', period: 'Monthly', total: '$24.00' },
  { game: 'palworld', plan: '4GB', period: '3 Months', ssdSteps: 3, total: '$55.58', savings: '$2.92' },
  { game: 'palworld', plan: '16GB', period: '12 Months', toggles: ['Automatic Backups'], ssdSteps: 2, total: '$537.50', savings: '$134.38' },
];

describe('configurator', () => {
  it.each(combos)('$game $plan $period totals $total', async (combo) => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`/configure/${combo.game}`);
    await page.getByRole('radio', { name: new RegExp(`^${combo.plan}\\b`) }).check();
    await page.getByRole('radio', { name: new RegExp(`^${combo.period}`) }).check();
    if (combo.location) await page.getByRole('radio', { name: combo.location }).check();
    for (const t of combo.toggles ?? []) await page.getByRole('checkbox', { name: new RegExp(t) }).check();
    for (let i = 0; i < (combo.ssdSteps ?? 0); i += 1) {
      await page.getByRole('button', { name: 'Add 50GB of storage' }).click();
    }
    await expect.poll(() => page.getByTestId('total').textContent()).toBe(combo.total);
    if (combo.savings) expect(await page.getByTestId('savings').textContent()).toBe(`You save ${combo.savings}`);
    if (combo.ssdSteps) expect(await page.getByTestId('ssd-amount').textContent()).toBe(`+${combo.ssdSteps * 50}GB`);
    // The choice lives in the URL: a reload shows the same total.
    await page.reload();
    await expect.poll(() => page.getByTestId('total').textContent()).toBe(combo.total);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('applies the spec defaults and shows the account notice when signed out', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/configure/minecraft');
    expect(await page.getByRole('radio', { name: /^4GB/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /^Monthly/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'US West (California)' }).isChecked()).toBe(true);
    await page.getByText('Account Required').waitFor();
    expect(await page.getByLabel('Server name').inputValue()).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a signed-out visitor to sign up with the return path and message', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/configure/palworld?period=6months');
    await page.getByLabel('Server name').fill('Base Camp');
    await page.getByRole('button', { name: 'Sign Up to Deploy Server' }).click();
    await page.waitForURL('**/signup');
    await page.getByText('Please create an account to deploy your server').waitFor();
    await page.getByRole('heading', { name: 'Join the Movement' }).waitFor();
    const from = await page.evaluate(() => (window.history.state as { usr?: { from?: string } }).usr?.from);
    expect(from).toBe('/configure/palworld?period=6months&name=Base+Camp');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('signing up from the configurator', () => {
  it('keeps the configuration when the verify link opens in another browser', async () => {
    const visitor = await openPage(browser);
    await visitor.page.goto('/configure/minecraft?plan=minecraft-2gb&location=eu-west');
    await visitor.page.getByLabel('Server name').fill('Creeper Valley');
    await visitor.page.getByRole('button', { name: 'Sign Up to Deploy Server' }).click();
    await visitor.page.waitForURL('**/signup');
    const email = uniqueEmail('configured');
    const password = 'a sturdy password 42';
    await visitor.page.getByLabel('Email').fill(email);
    await visitor.page.getByLabel('Password', { exact: true }).fill(password);
    await visitor.page.getByLabel('Confirm password').fill(password);
    await visitor.page.getByRole('button', { name: 'Create Account' }).click();
    await visitor.page.getByText('Check your email').first().waitFor();
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();

    // The phone: no history state, nothing remembered; only the link.
    const phone = await openPage(browser);
    const [mail] = await mailbox(email);
    const link = new URL(mail!.text.match(/https?:\/\/\S+\/auth\/verify\?\S+/)![0]);
    await phone.page.goto(link.pathname + link.search);
    await confirmVerification(phone.page, password, '/configure/minecraft');
    expect(new URL(phone.page.url()).search).toBe('?plan=minecraft-2gb&location=eu-west&name=Creeper+Valley');
    expect(await phone.page.getByRole('radio', { name: 'EU West (Amsterdam)' }).isChecked()).toBe(true);
    expect(await phone.page.getByLabel('Server name').inputValue()).toBe('Creeper Valley');
    await phone.page.getByRole('button', { name: 'Deploy Server', exact: true }).waitFor();
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  }, 90_000);
});

describe('upgrade packs signed out', () => {
  it('opens the purchase dialog and sends the visitor to sign up', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/upgrade/spawnpoint-essentials');
    expect(await page.getByTestId('pack-price').textContent()).toBe('$6.99');
    await page.getByRole('button', { name: 'Upgrade Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete Your Purchase' });
    await dialog.waitFor();
    await dialog.getByText('+1 more feature', { exact: true }).waitFor();
    await dialog.getByText(/Account required/).waitFor();
    await dialog.getByRole('button', { name: 'Sign Up to Purchase' }).click();
    await page.waitForURL('**/signup');
    await page.getByText('Please create an account to complete your purchase').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['game-expansion-pack', '$14.99'],
    ['community-pack', '$4.99'],
  ])('/upgrade/%s shows %s and its dialog', async (slug, price) => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`/upgrade/${slug}`);
    expect(await page.getByTestId('pack-price').textContent()).toBe(price);
    await page.getByRole('button', { name: 'Upgrade Now' }).click();
    await page.getByRole('dialog', { name: 'Complete Your Purchase' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
