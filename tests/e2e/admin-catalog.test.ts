import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launch, openPage, type TestPage } from './browser';
import { becomeAdmin, buyServer, mailbox, signIn, signUpAndVerify, uniqueEmail } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const DAY = 24 * 60 * 60 * 1000;
const password = 'correct horse battery staple';
const adminEmail = 'admin-catalog-e2e@spawnpoint.test';
const customerEmail = uniqueEmail('catalog-customer');
const serverName = 'E2E Price Valley';

const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

interface Draft {
  plans: { id: string; priceCents: number }[];
}

/** The catalog as its page embeds it, read from the HTML the server sends before any script runs. */
async function catalogInHtml(path: string): Promise<{ html: string; plans: { id: string; priceCents: number }[] }> {
  const html = await (await fetch(`${baseURL()}${path}`)).text();
  const state = html.match(/<script type="application\/json" id="sp-state">(.*?)<\/script>/s)?.[1];
  expect(state, `no embedded state in ${path}`).toBeTruthy();
  return { html, plans: (JSON.parse(state!) as { catalog: Draft }).catalog.plans };
}

describe('an admin raises the 4GB Minecraft price', () => {
  let admin: TestPage;
  let customer: TestPage;

  beforeAll(async () => {
    admin = await openPage(browser);
    customer = await openPage(browser);
  });
  afterAll(async () => {
    // The journeys after this one sell in dollars only.
    await admin?.page
      .evaluate(() =>
        fetch('/api/admin/settings/extra-currencies', {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ currencies: [], reason: 'Back to dollars only after the journey' }),
        }),
      )
      .catch(() => undefined);
    // Put the seed prices back for the journeys that run after this one, even if it failed half-way.
    await admin?.page
      .evaluate(async () => {
        const current = (await (await fetch('/api/admin/catalog')).json()) as { version: number; catalog: Draft };
        const seed: Record<string, number> = { 'minecraft-1gb': 350, 'minecraft-4gb': 1400 };
        const changed = current.catalog.plans.some((p) => seed[p.id] !== undefined && p.priceCents !== seed[p.id]);
        if (!changed) return;
        for (const p of current.catalog.plans) if (seed[p.id] !== undefined) p.priceCents = seed[p.id]!;
        await fetch('/api/admin/catalog', {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ baseVersion: current.version, catalog: current.catalog, reason: 'Back to the seed prices after the journey' }),
        });
      })
      .catch(() => undefined);
    await admin?.context.close();
    await customer?.context.close();
  });

  it('a customer buys a 4GB Minecraft server at $14.00', async () => {
    const { page, context } = customer;
    await signUpAndVerify(page, customerEmail, password);
    await signIn(page, customerEmail, password);
    expect(await buyServer(page, context, serverName)).toBe('$14.00');
    expect(customer.errors).toEqual([]);
  });

  it('the admin changes the prices in the catalog editor, reviews who is affected, and saves a new version', async () => {
    const { page } = admin;
    await becomeAdmin(page, adminEmail, password);
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Staff console' }).first().getByRole('link', { name: 'Catalog' }).click();
    await page.getByRole('heading', { level: 1, name: 'Catalog' }).waitFor();
    const version = Number((await page.getByText(/^Version \d+, saved/).textContent())?.match(/Version (\d+)/)?.[1]);

    const fourGb = page.getByRole('textbox', { name: 'Minecraft 4GB monthly price in USD' });
    expect(await fourGb.inputValue()).toBe('14.00');
    await fourGb.fill('16.00');
    // The starting plan too, so the home page's "Starting at" shows the change.
    await page.getByRole('textbox', { name: 'Minecraft 1GB monthly price in USD' }).fill('3.75');
    const bar = page.getByRole('region', { name: 'Unsaved changes' });
    await bar.getByText('2 unsaved changes').waitFor();
    await bar.getByRole('button', { name: 'Review and save' }).click();

    const dialog = page.getByRole('dialog', { name: `Save catalog version ${version + 1}` });
    const changes = dialog.getByRole('list', { name: 'Changes' });
    await changes.getByText('Minecraft 4GB').waitFor();
    expect((await changes.textContent())?.replace(/\s+/g, ' ')).toContain('Minecraft 4GB price: $14.00 → $16.00');
    await dialog.getByText(/\d+ running services? will pay more\./).waitFor();
    await dialog.getByRole('textbox', { name: /Why/ }).fill('New hardware in every location');
    await dialog.getByRole('button', { name: `Save version ${version + 1}` }).click();
    await page.getByText(`Saved version ${version + 1}. The storefront shows it now.`, { exact: false }).waitFor();
    await page.getByText(new RegExp(`^Version ${version + 1}, saved .* by ${adminEmail} — “New hardware in every location”$`)).waitFor();
    expect(await page.getByRole('textbox', { name: 'Minecraft 4GB monthly price in USD' }).inputValue()).toBe('16.00');
    expect(admin.errors).toEqual([]);
  });

  it('a new visitor sees the new prices on / and in the configurator, in the HTML before any script runs', async () => {
    const home = await catalogInHtml('/');
    expect(home.plans.find((p) => p.id === 'minecraft-4gb')?.priceCents).toBe(1600);
    expect(home.html).toContain('$3.75');
    expect(home.html).not.toContain('$3.50');
    const configure = await catalogInHtml('/configure/minecraft');
    expect(configure.html).toContain('$16.00');

    const visitor = await openPage(browser);
    const { page } = visitor;
    await page.goto('/');
    await expect.poll(() => page.getByTestId('price-minecraft').textContent()).toBe('$3.75');
    await page.getByRole('link', { name: 'Configure Minecraft', exact: true }).click();
    await page.waitForURL('**/configure/minecraft');
    expect(await page.getByRole('radio', { name: /^4GB/ }).isChecked()).toBe(true);
    await expect.poll(() => page.getByTestId('total').textContent()).toBe('$16.00');
    await page.waitForLoadState('networkidle');
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
  });

  it('the existing customer keeps $14.00 for now and is told of $16.00 with 30 days’ notice, by email and on the dashboard', async () => {
    const { page } = customer;
    const notices = (await page.evaluate(async () => (await fetch('/api/price-changes')).json())) as {
      items: { serverName: string; oldCents: number; newCents: number; appliesFrom: string }[];
    };
    const notice = notices.items.find((n) => n.serverName === serverName);
    expect(notice).toMatchObject({ oldCents: 1400, newCents: 1600 });
    const lead = new Date(notice!.appliesFrom).getTime() - Date.now();
    // The first renewal at least 30 days away: this month's if it is far enough, else the next.
    expect(lead).toBeGreaterThanOrEqual(30 * DAY - 5 * 60_000);
    expect(lead).toBeLessThan(63 * DAY);
    const date = longDate(notice!.appliesFrom);

    await page.goto('/dashboard');
    const section = page.getByRole('region', { name: 'Price changes' });
    const item = section.getByRole('listitem').filter({ hasText: serverName });
    await item.waitFor();
    expect((await item.textContent())?.replace(/\s+/g, ' ')).toContain(
      `${serverName} (Minecraft 4GB) will cost $16.00 a month instead of $14.00, from the renewal on ${date}.`,
    );

    const mail = (await mailbox(customerEmail)).find((m) => m.subject === `Price change for ${serverName} from ${date}`);
    expect(mail?.text).toContain(`will cost $16.00 a month, up from $14.00, starting with the renewal on ${date}.`);
    expect(customer.errors).toEqual([]);
  });

  it('the admin offers euros with their own prices; a visitor picks EUR in the header and sees € prices, remembered', async () => {
    await admin.page.evaluate(async () => {
      const put = async (url: string, body: object) => {
        const res = await fetch(url, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      };
      await put('/api/admin/settings/extra-currencies', { currencies: ['eur'], reason: 'Customers in Europe' });
      type Item = { priceCents?: number; monthlyCents?: number; prices?: Record<string, number> };
      const current = (await (await fetch('/api/admin/catalog')).json()) as { version: number; catalog: Record<string, Item[]> };
      // Euro prices of their own: a tenth under the dollar figure, so the two cannot be confused.
      for (const section of ['plans', 'addons', 'packs']) for (const item of current.catalog[section]!) item.prices = { eur: Math.round(item.priceCents! * 0.9) };
      for (const location of current.catalog.locations!) if (location.monthlyCents) location.prices = { eur: Math.round(location.monthlyCents * 0.9) };
      await put('/api/admin/catalog', { baseVersion: current.version, catalog: current.catalog, reason: 'Euro price list' });
    });

    const visitor = await openPage(browser);
    const { page } = visitor;
    await page.goto('/configure/minecraft');
    await expect.poll(() => page.getByTestId('total').textContent()).toBe('$16.00');
    await page.getByRole('combobox', { name: 'Currency' }).selectOption('eur');
    const euros = new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(Math.round(1600 * 0.9) / 100);
    await expect.poll(() => page.getByTestId('total').textContent()).toBe(euros);
    // Remembered: the next page load is in euros from the start of the live catalog.
    await page.reload();
    await expect.poll(() => page.getByTestId('total').textContent()).toBe(euros);
    expect(await page.getByRole('combobox', { name: 'Currency' }).inputValue()).toBe('eur');
    await page.waitForLoadState('networkidle');
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    expect(admin.errors).toEqual([]);
  });
});
