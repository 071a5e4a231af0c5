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
const email = uniqueEmail('region-move');
const serverName = 'E2E Move Valley';

describe('moving a server to another region from My Services', () => {
  let customer: TestPage;
  const card = () => customer.page.getByRole('article', { name: serverName });
  const dialog = () => customer.page.getByRole('dialog', { name: `Move region: ${serverName}` });
  const figure = (label: string) => card().getByText(label, { exact: true }).locator('..');

  beforeAll(async () => {
    customer = await openPage(browser);
    await signUpAndVerify(customer.page, email, password);
    await signIn(customer.page, email, password);
    await buyServer(customer.page, customer.context, serverName);
  });
  afterAll(async () => customer?.context.close());

  it('moves from US West to EU West and sees the new address and location on the card', async () => {
    const { page } = customer;
    await page.goto('/dashboard/services');
    await card().getByText('Online', { exact: true }).waitFor({ timeout: 60_000 });
    expect(await figure('Location').textContent()).toContain('US West (California)');
    const oldAddress = (await figure('Address').locator('.font-mono').textContent())?.trim() ?? '';
    expect(oldAddress).toMatch(/^[\d.]+:\d+$/);

    await card().getByRole('button', { name: `Move region ${serverName}` }).click();
    const d = dialog();
    await d.getByText(oldAddress).waitFor();
    const eu = d.getByRole('radio', { name: 'EU West (Amsterdam)' });
    await eu.waitFor();
    // Every location costs the same in the default catalog.
    expect(await d.locator(`#${await eu.getAttribute('aria-describedby')}`).textContent()).toBe('Same price');
    expect(await d.getByRole('radio', { name: 'US West (California)' }).count()).toBe(0);
    await eu.check();
    await d.getByRole('button', { name: 'Continue' }).click();
    await d.getByRole('heading', { name: `Move ${serverName} to EU West (Amsterdam)?` }).waitFor();
    await d.getByRole('button', { name: 'Move to EU West (Amsterdam)' }).click();

    // The steps go by live, to the new address.
    await d.getByRole('list', { name: 'Steps of the move' }).waitFor();
    await d.getByText(`${serverName} now runs in EU West (Amsterdam).`).waitFor({ timeout: 120_000 });
    const newAddress = (await d.locator('.font-mono').first().textContent())?.trim() ?? '';
    expect(newAddress).toMatch(/^[\d.]+:\d+$/);
    expect(newAddress).not.toBe(oldAddress);
    await d.getByRole('button', { name: 'Done' }).click();
    await d.waitFor({ state: 'hidden' });

    // My Services shows the new location and address.
    await figure('Location').getByText('EU West (Amsterdam)').waitFor();
    expect((await figure('Address').locator('.font-mono').textContent())?.trim()).toBe(newAddress);
    await card().getByText('Online', { exact: true }).waitFor({ timeout: 60_000 });
    await page.reload();
    await figure('Location').getByText('EU West (Amsterdam)').waitFor();
    expect((await figure('Address').locator('.font-mono').textContent())?.trim()).toBe(newAddress);

    // The customer is emailed the new address.
    const mail = (await mailbox(email)).find((m) => m.subject === `${serverName} now runs in EU West (Amsterdam)`);
    expect(mail?.text).toContain(`Its new address is ${newAddress}`);
    expect(customer.errors).toEqual([]);
  });
});
