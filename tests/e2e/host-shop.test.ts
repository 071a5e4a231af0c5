import type { Browser } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage, type TestPage } from './browser';
import { enableTwoFactor, type MailboxEmail } from './journeys';
import { startOwnServer, type OwnServer } from './own-server';

/**
 * Issue 22's "done when": a host makes the shop its own from the console (EUR, German, its name and
 * colour, its About page, a maintenance notice), then a customer buys a server in German and gets
 * a EUR invoice as a PDF by email. On a server of its own: the shared one has sold in USD, and a
 * shop's currency is locked once anything is sold.
 */
let browser: Browser;
let server: OwnServer;
const adminEmail = 'host-admin-e2e@spawnpoint.test';
const customerEmail = `host-kunde-${Date.now()}@spawnpoint.test`;
const password = 'correct horse battery staple';
const shopName = 'Blockforge Hosting';
const notice = `Netzwerkwartung ${Date.now().toString(36)}`;

beforeAll(async () => {
  [browser, server] = await Promise.all([launch(), startOwnServer({ ADMIN_EMAILS: adminEmail, PUBLIC_URL: undefined })]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Mail = MailboxEmail & { id: string };

async function mails(to: string): Promise<Mail[]> {
  const res = await fetch(`${server.url}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Mail[];
}

async function verificationPath(to: string): Promise<string> {
  let path: string | undefined;
  await expect
    .poll(async () => {
      path = (await mails(to)).map((m) => m.text.match(/https?:\/\/\S+?(\/auth\/verify\?token=[A-Za-z0-9_%-]+)/)?.[1]).find(Boolean);
      return Boolean(path);
    })
    .toBe(true);
  return path!;
}

async function confirm(t: TestPage, to: string) {
  await t.page.goto(await verificationPath(to));
  await t.page.getByLabel(/^(Password|Passwort)$/).fill(password);
  await t.page.getByRole('button', { name: /^(Verify and sign in|Bestätigen und anmelden)$/ }).click();
  await t.page.waitForURL((url) => url.pathname.endsWith('/dashboard'));
}

describe('a host opens its own shop: EUR, German, its brand and words; a German customer buys and gets a EUR invoice PDF', () => {
  let admin: TestPage;
  let customer: TestPage;

  beforeAll(async () => {
    admin = await openPage(browser, { baseURL: server.url });
    customer = await openPage(browser, { baseURL: server.url });
  });
  afterAll(async () => {
    await admin?.context.close();
    await customer?.context.close();
  });

  it('staff set the shop to EUR and German', async () => {
    const { page } = admin;
    await page.goto('/signup');
    await page.getByLabel('Email').fill(adminEmail);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText(`We sent a confirmation link to ${adminEmail}`).waitFor();
    await confirm(admin, adminEmail);
    await enableTwoFactor(page);

    await page.goto('/admin/settings');
    await page.getByLabel('Shop currency').selectOption('EUR');
    await page.getByLabel('Reason', { exact: true }).fill('We sell in the euro area');
    await page.getByRole('button', { name: 'Change currency' }).click();
    await page.getByText('The shop now sells in EUR').waitFor();

    await page.getByLabel('Default language').selectOption('de');
    await page.getByRole('button', { name: 'Save default language' }).click();
    await page.getByText('Default language saved').waitFor();
    expect(admin.errors).toEqual([]);
  }, 120_000);

  it('staff change the brand name and colour', async () => {
    const { page } = admin;
    await page.getByRole('button', { name: 'Edit brand' }).click();
    const card = page.getByRole('form', { name: 'Brand' });
    await card.getByRole('textbox', { name: 'Shop name', exact: true }).fill(shopName);
    await card.getByRole('textbox', { name: 'Primary colour', exact: true }).fill('#38bdf8');
    await card.getByRole('button', { name: 'Save brand' }).click();
    await page.getByText('Brand saved').waitFor();
    expect(admin.errors).toEqual([]);
  });

  it('staff write their own About page in German', async () => {
    const { page } = admin;
    await page.goto('/admin/content/about');
    await page.getByLabel('Language').selectOption('de');
    const text = page.getByLabel('Page text (Markdown)');
    await text.fill('# Über {{seller.name}}\n\n## Wer wir sind\n\nWir betreiben Spieleserver in Frankfurt, seit 2019 als Familienbetrieb.');
    await page.getByRole('button', { name: 'Save and publish' }).click();
    await expect
      .poll(async () => {
        const res = await page.request.get('/de/about');
        return res.ok() ? (await res.text()).includes('seit 2019 als Familienbetrieb') : false;
      })
      .toBe(true);
    expect(admin.errors).toEqual([]);
  });

  it('staff post a maintenance notice', async () => {
    const { page } = admin;
    await page.goto('/admin/status');
    await page.getByLabel('Kind').selectOption('maintenance');
    await page.getByLabel('Title').fill(notice);
    await page.getByLabel('Message to customers').fill('Wir tauschen die Core-Switches; jeder Server startet einmal neu.');
    await page.getByLabel('Starts (your local time)').fill('2031-02-03T02:00');
    await page.getByLabel('Ends (your local time)').fill('2031-02-03T03:00');
    const locations = page.getByRole('group', { name: /Affected locations/ }).getByRole('checkbox');
    await locations.first().waitFor();
    for (const box of await locations.all()) await box.check();
    await page.getByLabel('Reason').fill('The data centre scheduled the work');
    await page.getByRole('button', { name: 'Post it' }).click();
    await page.getByRole('heading', { name: notice }).waitFor();
    expect(admin.errors).toEqual([]);
  });

  it('a customer sees the shop in German, with its name, colour, About page, notice and euro prices', async () => {
    const { page } = customer;
    await page.goto('/');
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('de');
    await page.waitForURL((url) => url.pathname.startsWith('/de'));
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await page.getByRole('banner').getByRole('link', { name: `Startseite von ${shopName}` }).waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-accent').trim())).toBe('#38bdf8');

    await page.goto('/de/about');
    await page.getByText('seit 2019 als Familienbetrieb').waitFor();
    await page.goto('/de/status');
    await page.getByRole('heading', { name: notice }).waitFor();

    await page.goto('/de/configure/minecraft');
    await page.getByRole('heading', { name: 'Bestellübersicht' }).waitFor();
    expect(await page.getByTestId('total').textContent()).toMatch(/^\d+,\d{2}\u00a0€$/);
    expect(customer.errors).toEqual([]);
  });

  it('buys a server in German and gets the EUR invoice as a PDF by email', async () => {
    const { page, context } = customer;
    await page.goto('/de/signup');
    await page.getByLabel('E-Mail').fill(customerEmail);
    await page.getByLabel('Passwort', { exact: true }).fill(password);
    await page.getByLabel('Passwort bestätigen').fill(password);
    await page.getByRole('button', { name: 'Konto erstellen' }).click();
    await page.getByText(`Wir haben einen Bestätigungslink an ${customerEmail} geschickt`, { exact: false }).waitFor();
    await confirm(customer, customerEmail);

    await page.goto('/de/configure/minecraft');
    await page.getByLabel('Servername').fill('Burg Blockstein');
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      (async () => {
        await page.getByRole('button', { name: 'Server bereitstellen' }).click();
        const dialog = page.getByRole('dialog', { name: 'Ihre Rechnungsdaten' });
        await dialog.getByLabel('Name oder Firma').fill('Ada Lovelace');
        await dialog.getByLabel('Land', { exact: true }).selectOption('DE');
        await dialog.getByLabel('Postleitzahl').fill('10115');
        await dialog.getByRole('button', { name: 'Speichern und weiter zur Zahlung' }).click();
      })(),
    ]);
    await tab.waitForURL(/\/checkout\/cs_local_[\w-]+$/);
    const total = (await tab.getByTestId('checkout-total').textContent())!.trim();
    expect(total).toMatch(/^\d+,\d{2}\u00a0€$/);
    await tab.getByLabel('Kartennummer').fill('4242 4242 4242 4242');
    await tab.getByLabel('Gültig bis (MM/JJ)').fill('12/34');
    await tab.getByLabel('Prüfnummer (CVC)').fill('123');
    await tab.getByLabel('Name auf der Karte').fill('Ada Lovelace');
    await tab.getByRole('button', { name: `${total} zahlen` }).click();
    await tab.waitForURL((url) => url.pathname === '/success');
    await tab.getByRole('heading', { name: 'Bestellübersicht' }).waitFor();
    await tab.close();

    // The order confirmation, in German, carries the invoice as a PDF, in euros.
    let confirmation: Mail | undefined;
    await expect
      .poll(async () => {
        confirmation = (await mails(customerEmail)).find((m) => m.attachments.some((a) => a.contentType === 'application/pdf'));
        return Boolean(confirmation);
      })
      .toBe(true);
    const attachment = confirmation!.attachments!.find((a) => a.contentType === 'application/pdf')!;
    expect(attachment.filename).toMatch(/^invoice-INV-\d{6}\.pdf$/);
    const index = confirmation!.attachments!.indexOf(attachment);
    const url = `/dev/mailbox/${confirmation!.id}/attachments/${index}`;
    const res = await fetch(new URL(url, server.url));
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    expect(text).toContain(shopName);
    expect(text).toContain('Rechnung');
    expect(text.replace(/\s/g, ' ')).toContain(total.replace(/\s/g, ' '));
    expect(customer.errors).toEqual([]);
  }, 180_000);
});
