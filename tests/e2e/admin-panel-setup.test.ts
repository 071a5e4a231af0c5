import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage, type TestPage } from './browser';
import { becomeAdmin } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const password = 'correct horse battery staple';
const adminEmail = 'admin-panel-setup-e2e@spawnpoint.test';

interface Draft {
  games: { slug: string; panel?: unknown }[];
  plans: { id: string; panel?: unknown }[];
}

describe("an admin sets Minecraft's panel set-up in the catalog", () => {
  let admin: TestPage;

  beforeAll(async () => {
    admin = await openPage(browser);
  });
  afterAll(async () => {
    // Leave the catalog without a panel set-up for the journeys after this one.
    await admin?.page
      .evaluate(async () => {
        const current = (await (await fetch('/api/admin/catalog')).json()) as { version: number; catalog: Draft };
        const touched = current.catalog.games.some((g) => g.panel) || current.catalog.plans.some((p) => p.panel);
        if (!touched) return;
        for (const g of current.catalog.games) delete g.panel;
        for (const p of current.catalog.plans) delete p.panel;
        await fetch('/api/admin/catalog', {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ baseVersion: current.version, catalog: current.catalog, reason: 'Back to no panel set-up after the journey' }),
        });
      })
      .catch(() => undefined);
    await admin?.context.close();
  });

  it('edits the default and a plan, checks the plan against the panel, and saves a version the storefront does not show', async () => {
    const { page } = admin;
    await becomeAdmin(page, adminEmail, password);
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Staff console' }).first().getByRole('link', { name: 'Catalog' }).click();
    await page.getByRole('heading', { level: 1, name: 'Catalog' }).waitFor();
    const version = Number((await page.getByText(/^Version \d+, saved/).textContent())?.match(/Version (\d+)/)?.[1]);

    await page.getByText('Panel set-up for Minecraft').click();
    await page.getByRole('textbox', { name: 'Minecraft default panel egg variables' }).fill('EULA=true');
    const overrides = page.locator('details', { hasText: 'Minecraft 4GB: overrides' }).last();
    await overrides.getByText('Minecraft 4GB: overrides').click();
    await overrides.getByRole('spinbutton', { name: 'Minecraft 4GB panel Extra ports' }).fill('2');
    await overrides.getByRole('button', { name: 'Check against the panel' }).click();
    // The journeys run on the simulated panel.
    await overrides.getByText('The simulated panel needs no set-up: there is nothing to check.').waitFor();

    const bar = page.getByRole('region', { name: 'Unsaved changes' });
    await bar.getByRole('button', { name: 'Review and save' }).click();
    const dialog = page.getByRole('dialog', { name: `Save catalog version ${version + 1}` });
    await dialog.getByRole('textbox', { name: /Why/ }).fill('Minecraft needs the EULA accepted and Geyser ports');
    await dialog.getByRole('button', { name: `Save version ${version + 1}` }).click();
    await page.getByText(`Saved version ${version + 1}.`, { exact: false }).waitFor();

    const saved = await page.evaluate(async () => ((await (await fetch('/api/admin/catalog')).json()) as { catalog: Draft }).catalog);
    expect(saved.games.find((g) => g.slug === 'minecraft')?.panel).toEqual({ variables: { EULA: 'true' } });
    expect(saved.plans.find((p) => p.id === 'minecraft-4gb')?.panel).toEqual({ extraPorts: 2 });
    const storefront = await page.evaluate(async () => (await fetch('/api/catalog')).text());
    expect(storefront).not.toContain('EULA');
    expect(storefront).not.toContain('extraPorts');
  });
});

describe('an admin changes the brand, and the public pages follow within seconds', () => {
  let admin: TestPage;
  let visitor: TestPage;
  let original: Record<string, unknown> | undefined;

  beforeAll(async () => {
    admin = await openPage(browser);
    visitor = await openPage(browser);
  });
  afterAll(async () => {
    // Leave the shop as it was for the journeys after this one.
    if (original) {
      await admin?.page
        .evaluate(async (brand) => {
          await fetch('/api/admin/settings/brand', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(brand) });
        }, original)
        .catch(() => undefined);
    }
    await admin?.context.close();
    await visitor?.context.close();
  });

  it('refuses a colour that fails AA with the reason, then saves a name and colour the help centre shows at once', async () => {
    const { page } = admin;
    await becomeAdmin(page, 'admin-brand-e2e@spawnpoint.test', password);
    await page.goto('/admin/settings');
    await page.getByRole('button', { name: 'Edit brand' }).click();
    const card = page.getByRole('form', { name: 'Brand' });
    original = await page.evaluate(async () => {
      const { brand } = (await (await fetch('/api/admin/settings/brand')).json()) as { brand: Record<string, unknown> };
      const { logo: _logo, favicon: _favicon, ...rest } = brand;
      return rest;
    });

    const colour = card.getByRole('textbox', { name: 'Primary colour', exact: true });
    await colour.fill('#1d4ed8');
    await card.getByRole('button', { name: 'Save brand' }).click();
    await card.getByText(/Links and highlighted text on the page background: #1d4ed8 on #0b0f19 has a contrast of \d\.\d\d:1; AA needs at least 4\.5:1\./).waitFor();
    // The server refuses it for the same reason, whoever sends it.
    const refused = await page.evaluate(async (brand) => {
      const res = await fetch('/api/admin/settings/brand', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...brand, primaryColor: '#1d4ed8' }) });
      return { status: res.status, body: await res.text() };
    }, original);
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('AA needs at least 4.5:1');

    await colour.fill('#38bdf8');
    await card.getByRole('textbox', { name: 'Shop name', exact: true }).fill('Blockforge Hosting');
    await card.getByRole('button', { name: 'Save brand' }).click();
    await page.getByText('Brand saved').waitFor();

    const v = visitor.page;
    await expect
      .poll(
        async () => {
          await v.goto('/help');
          return {
            title: await v.title(),
            home: await v.getByRole('banner').getByRole('link', { name: 'Blockforge Hosting home' }).count(),
            accent: await v.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-accent').trim()),
          };
        },
        // The promise: within 5 s of the save, with no rebuild or restart.
        { timeout: 5000, interval: 500 },
      )
      .toEqual({ title: 'Help centre | Blockforge Hosting', home: 1, accent: '#38bdf8' });
  });
});
