import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage, type TestPage } from './browser';
import { buyServer, checkoutTab, fillCard, signIn, signUpAndVerify, uniqueEmail } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const password = 'correct horse battery staple';
const email = uniqueEmail('plan-change');
const serverName = 'E2E Plan Valley';

const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[$,]/g, '')) * 100);

describe('changing plan from My Services', () => {
  let customer: TestPage;
  let upgradeTotal = '';
  const card = () => customer.page.getByRole('article', { name: serverName });
  const dialog = () => customer.page.getByRole('dialog', { name: `Change plan: ${serverName}` });

  async function openChangePlan(): Promise<Locator> {
    await card().getByRole('button', { name: `Change plan ${serverName}` }).click();
    await dialog().waitFor();
    return dialog();
  }

  beforeAll(async () => {
    customer = await openPage(browser);
    await signUpAndVerify(customer.page, email, password);
    await signIn(customer.page, email, password);
    expect(await buyServer(customer.page, customer.context, serverName, { plan: '2GB', saveCard: true })).toBe('$7.00');
  });
  afterAll(async () => customer?.context.close());

  it('upgrades 2GB to 4GB: reads the prorated amount, pays it with the saved card and sees 4 GB RAM on the card', async () => {
    const { page } = customer;
    await page.goto('/dashboard/services');
    await card().getByText('Online', { exact: true }).waitFor({ timeout: 60_000 });
    await card().getByText('2GB RAM · 20GB SSD').waitFor();

    const d = await openChangePlan();
    expect(await d.getByRole('radio', { name: '2GB (current plan)' }).isChecked()).toBe(true);
    await d.getByRole('radio', { name: '4GB', exact: true }).check();
    const quote = d.getByTestId('plan-change-quote');
    await quote.waitFor();
    // Bought moments ago: nearly the whole month is left, so nearly the whole difference ($14.00 − $7.00) is due.
    const prorated = await quote.getByTestId('plan-change-prorated').textContent();
    expect(cents(prorated)).toBeGreaterThan(650);
    expect(cents(prorated)).toBeLessThanOrEqual(700);
    expect(await quote.textContent()).toMatch(/Minecraft 2GB to Minecraft 4GB, prorated for the (30|29|28|27) days left of this period \(until \w+ \d{1,2}, \d{4}\)/);
    upgradeTotal = (await quote.getByTestId('plan-change-total').textContent()) ?? '';
    // A US customer pays no tax here: the total is the prorated amount.
    expect(upgradeTotal).toBe(prorated);
    expect(await quote.textContent()).toContain('Renewals then cost $14.00 per month, before tax.');
    expect(await d.getByRole('radio', { name: 'Saved card: Visa ending 4242' }).isChecked()).toBe(true);

    await d.getByRole('button', { name: `Pay ${upgradeTotal} and upgrade` }).click();
    await d.getByText(`Done: ${serverName} now runs Minecraft 4GB with 4 GB RAM.`).waitFor({ timeout: 60_000 });
    await d.getByRole('button', { name: 'Done' }).click();
    await d.waitFor({ state: 'hidden' });

    await card().getByText('4GB RAM · 40GB SSD').waitFor();
    await card().getByText(/ of 4 GB$/).first().waitFor({ timeout: 30_000 });
    expect(customer.errors).toEqual([]);
  });

  it('lists the prorated charge in Billing history, with its invoice line', async () => {
    const { page } = customer;
    await page.goto('/dashboard/billing?tab=history');
    const table = page.getByRole('table', { name: 'Billing history, newest first' });
    const row = table.getByRole('row').filter({ hasText: 'Minecraft 4GB upgrade' });
    await row.waitFor();
    expect(await row.getByText(upgradeTotal).count()).toBeGreaterThan(0);
    await row.getByRole('link', { name: /^View invoice/ }).click();
    await page.getByRole('heading', { name: /^INV-\d{6}$/ }).waitFor();
    expect(await page.getByTestId('invoice-total').textContent()).toBe(upgradeTotal);
    await page.getByText(new RegExp(`^${serverName}: Minecraft 2GB to Minecraft 4GB, prorated for the \\d+ days`)).waitFor();
    expect(customer.errors).toEqual([]);
  });

  it('pays a further upgrade with another card in the built-in checkout, and the dialog follows it', async () => {
    const { page, context } = customer;
    await page.goto('/dashboard/services');
    const d = await openChangePlan();
    await d.getByRole('radio', { name: '8GB', exact: true }).check();
    await d.getByTestId('plan-change-quote').waitFor();
    await d.getByRole('radio', { name: /^Another card/ }).check();
    const total = (await d.getByTestId('plan-change-total').textContent()) ?? '';
    const { tab, errors } = await checkoutTab(context, () => d.getByRole('button', { name: `Continue to payment (${total})` }).click());
    await d.getByText(`Waiting for your payment of ${total} for the upgrade to Minecraft 8GB.`).waitFor();
    expect(await tab.getByTestId('checkout-total').textContent()).toBe(total);
    await fillCard(tab, '4242 4242 4242 4242');
    await tab.getByRole('button', { name: `Pay ${total}` }).click();
    // The checkout comes back to My Services, where the change's dialog follows it.
    await tab.waitForURL((url) => url.pathname === '/dashboard/services');
    expect(errors).toEqual([]);
    await tab.close();

    await d.getByText(`Done: ${serverName} now runs Minecraft 8GB with 8 GB RAM.`).waitFor({ timeout: 60_000 });
    await page.keyboard.press('Escape');
    await card().getByText('8GB RAM · 80GB SSD').waitFor();
    expect(customer.errors).toEqual([]);
  });

  it('schedules a downgrade on a phone with the keyboard, shows it on the card, and cancels it', async () => {
    const { page } = customer;
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/dashboard/services');
    const d = await openChangePlan();
    const box = await d.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);

    await d.getByRole('radio', { name: '2GB', exact: true }).focus();
    await page.keyboard.press('Space');
    const quote = d.getByTestId('plan-change-quote');
    await quote.getByText('A smaller plan, from your next renewal').waitFor();
    expect(await quote.textContent()).toMatch(/Nothing is charged now\. The server moves to Minecraft 2GB \(2 GB RAM, 20 GB SSD\) on \w+ \d{1,2}, \d{4}/);
    expect(await quote.textContent()).toContain('Renewals then cost $7.00 per month, before tax.');
    const schedule = d.getByRole('button', { name: 'Schedule the change' });
    await schedule.focus();
    await page.keyboard.press('Enter');
    await d.getByText(new RegExp(`^${serverName} moves to Minecraft 2GB on \\w+ \\d{1,2}, \\d{4}\\.$`)).waitFor();
    await page.keyboard.press('Escape');
    await d.waitFor({ state: 'hidden' });

    const note = card().getByTestId('plan-change-note');
    await note.waitFor();
    expect(await note.textContent()).toMatch(/Moving to Minecraft 2GB on \w+ \d{1,2}, \d{4}\. Renewals then cost \$7\.00, before tax\./);
    // Until the renewal the server keeps its plan.
    await card().getByText('8GB RAM · 80GB SSD').waitFor();
    await note.getByRole('button', { name: /^Cancel change/ }).click();
    await note.getByRole('button', { name: 'Yes, cancel the change' }).click();
    await note.waitFor({ state: 'detached' });
    await page.getByText('Plan change cancelled').waitFor();
    expect(customer.errors).toEqual([]);
  });
});
