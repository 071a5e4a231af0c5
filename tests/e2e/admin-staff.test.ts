import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, totp } from '../../src/server/features/auth/totp';
import { launch, openPage, type TestPage } from './browser';
import { becomeAdmin, buyServer, mailbox, signIn, signUpAndVerify, uniqueEmail } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const password = 'correct horse battery staple';
// Listed in ADMIN_EMAILS by global-setup.ts: this journey's admin.
const adminEmail = 'admin-staff-e2e@spawnpoint.test';
const agentEmail = uniqueEmail('support-agent');
const agentPassword = 'a support agent password';
const customerEmail = uniqueEmail('staff-journey-customer');

/** The path of the invitation link emailed to an address. */
async function invitationPath(to: string): Promise<string> {
  const mails = await mailbox(to);
  const path = mails.map((m) => m.text.match(/https?:\/\/\S+?(\/auth\/accept-invite\?token=[A-Za-z0-9_%-]+)/)?.[1]).find(Boolean);
  if (!path) throw new Error(`no invitation link for ${to}`);
  return path;
}

/** Turns on two-factor on the Settings page the console's gate opened (keeping its `next`). */
async function turnOnTwoFactorHere(page: Page) {
  await page.getByRole('button', { name: 'Enable two-factor' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Confirmation code').fill(totp(base32Decode(secret), new Date()));
  await page.getByRole('button', { name: 'Confirm and enable' }).click();
  await expect.poll(() => page.getByRole('list', { name: 'Recovery codes' }).locator('li').count()).toBe(10);
}

describe('staff: invite a support agent', () => {
  let admin: TestPage;
  let agent: TestPage;
  let orderId = '';

  beforeAll(async () => {
    admin = await openPage(browser);
  });
  afterAll(async () => {
    await admin?.context.close();
    await agent?.context.close();
  });

  it('a customer buys a server, so there is an order to look at', async () => {
    const customer = await openPage(browser);
    await signUpAndVerify(customer.page, customerEmail, password);
    await signIn(customer.page, customerEmail, password);
    await buyServer(customer.page, customer.context, 'Staff Journey SMP');
    const res = await customer.page.request.get('/api/servers');
    const { servers } = (await res.json()) as { servers: { orderId: string }[] };
    orderId = servers[0]!.orderId;
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
    expect(customer.errors).toEqual([]);
    await customer.context.close();
  });

  it('the admin invites a support agent from the staff page', async () => {
    const { page } = admin;
    await becomeAdmin(page, adminEmail, password);
    await page.goto('/admin/staff');
    await page.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();
    await page.getByRole('table', { name: 'Staff accounts' }).getByText(adminEmail).waitFor();
    await page.getByRole('button', { name: 'Invite a person' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a person' });
    await dialog.getByLabel('Email address').fill(agentEmail);
    await dialog.getByLabel('Role').selectOption('support');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`${agentEmail} will get a link to join as Support.`).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('table', { name: 'Pending invitations' }).getByText(agentEmail).waitFor();
    expect(admin.errors).toEqual([]);
  });

  it('the agent opens the emailed link, sets a password, signs in and is guided through two-factor', async () => {
    agent = await openPage(browser);
    const { page } = agent;
    await page.goto(await invitationPath(agentEmail));
    await page.getByRole('heading', { name: /Join the .+ team/ }).waitFor();
    await page.getByText(agentEmail).waitFor();
    await page.getByLabel('First name (optional)').fill('Sam');
    await page.getByLabel('Password', { exact: true }).fill(agentPassword);
    await page.getByLabel('Confirm password').fill('not the same password');
    await page.getByRole('button', { name: 'Set password and join' }).click();
    await page.getByText('Passwords do not match. Please try again.').waitFor();
    await page.getByLabel('Confirm password').fill(agentPassword);
    await page.getByRole('button', { name: 'Set password and join' }).click();
    await page.getByRole('heading', { name: "You're on the team" }).waitFor();

    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.getByLabel('Email').fill(agentEmail);
    await page.getByLabel('Password', { exact: true }).fill(agentPassword);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();

    // Staff without two-factor meet the console's gate first.
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { name: 'Turn on two-factor authentication' }).waitFor();
    await page.getByRole('link', { name: 'Set up two-factor' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/settings' && url.searchParams.get('next') === '/admin');
    await turnOnTwoFactorHere(page);
    await page.getByRole('link', { name: 'Continue to the staff console' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { level: 1, name: 'Hello, Sam' }).waitFor();
    await page.getByText('Revenue, last 30 days').waitFor();
    expect(agent.errors).toEqual([]);
  });

  it('the agent sees tickets, customers and orders, but no staff, audit or refund button', async () => {
    const { page } = agent;
    const nav = page.getByRole('navigation', { name: 'Staff console' });
    await nav.getByRole('link', { name: 'Tickets' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Customers' }).isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: 'Staff' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Audit log' }).count()).toBe(0);

    // Support reads money (money.read): the orders list and the order page open, with no way to refund.
    await nav.getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.getByLabel('Search orders').fill(customerEmail);
    const row = page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: customerEmail });
    await row.getByRole('link', { name: 'Minecraft 4GB' }).click();
    await page.waitForURL((url) => url.pathname === `/admin/orders/${orderId}`);
    await page.getByRole('heading', { level: 1, name: /^Minecraft 4GB · \$\d+\.\d{2}$/ }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Payment' }).waitFor();
    await page.getByText(/is left to refund/).waitFor();
    expect(await page.getByRole('button', { name: /refund/i }).count()).toBe(0);

    await page.goto('/admin/staff');
    await page.getByRole('heading', { name: 'Your role does not include this page' }).waitFor();
    expect(agent.errors).toEqual([]);
  });

  it('the admin sees the invitation and the joining in the audit log', async () => {
    const { page } = admin;
    await page.goto('/admin/staff');
    await page.getByRole('table', { name: 'Staff accounts' }).getByText(agentEmail).waitFor();
    expect(await page.getByRole('table', { name: 'Pending invitations' }).count()).toBe(0);

    await page.goto('/admin/audit');
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    const records = page.getByRole('list', { name: 'Audit records' });
    // Other journeys invite staff into the same database: read this agent's records only.
    const agentRecords = records.getByRole('listitem').filter({ hasText: agentEmail });
    await agentRecords.filter({ hasText: 'staff.joined' }).first().waitFor();
    await agentRecords.filter({ hasText: 'staff.invited' }).first().waitFor();
    await page.getByLabel('Action').selectOption('staff.joined');
    await page.waitForURL((url) => url.searchParams.get('action') === 'staff.joined');
    await expect.poll(async () => (await records.getByRole('listitem').allTextContents()).every((text) => text.includes('staff.joined'))).toBe(true);
    await expect.poll(() => agentRecords.count()).toBe(1);
    const joined = (await agentRecords.first().textContent()) ?? '';
    expect(joined).toContain(`By ${agentEmail} (support)`);
    expect(admin.errors).toEqual([]);
  });
});
