import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage, type TestPage } from './browser';
import { buyServer, confirmVerification, mailbox, signIn, signUpAndVerify, uniqueEmail, verificationPath } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const password = 'correct horse battery staple';
const ownerEmail = uniqueEmail('shared-owner');
const friendEmail = uniqueEmail('shared-friend');
const serverName = 'E2E Shared Meadow';

/** Playwright-core has no web-first assertions: poll until the control can be pressed. */
async function enabled(locator: Locator, timeout = 30_000): Promise<Locator> {
  await locator.waitFor({ timeout });
  const deadline = Date.now() + timeout;
  while (!(await locator.isEnabled())) {
    if (Date.now() > deadline) throw new Error(`still disabled after ${timeout} ms: ${locator}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return locator;
}

/** The path of the invitation link in the newest email to `to` that carries one. */
async function invitationPath(to: string): Promise<string> {
  const mails = await mailbox(to);
  const path = mails
    .map((m) => m.text.match(/https?:\/\/\S+?(\/dashboard\/shared\/accept\?token=[A-Za-z0-9_%-]+)/)?.[1])
    .filter(Boolean)
    .at(-1);
  if (!path) throw new Error(`no invitation link for ${to}`);
  return path;
}

describe('Sharing a server with console-only access', () => {
  let owner: TestPage;
  let friend: TestPage;

  beforeAll(async () => {
    owner = await openPage(browser);
    await signUpAndVerify(owner.page, ownerEmail, password);
    await signIn(owner.page, ownerEmail, password);
    await buyServer(owner.page, owner.context, serverName);
  });
  afterAll(async () => {
    await owner?.context.close();
    await friend?.context.close();
  });

  it('the owner invites a friend with the console permission only', async () => {
    const { page } = owner;
    await page.goto('/dashboard/services');
    const card = page.getByRole('article', { name: serverName });
    await card.getByText('Online', { exact: true }).waitFor({ timeout: 60_000 });
    await (await enabled(card.getByRole('button', { name: /^Share/ }))).click();
    const dialog = page.getByRole('dialog', { name: `Share: ${serverName}` });
    await dialog.getByLabel('Their email address').fill(friendEmail);
    const permissions = dialog.getByRole('group', { name: 'What they can do' });
    expect(await permissions.getByRole('checkbox', { name: 'Console' }).isChecked()).toBe(true);
    for (const other of ['Power', 'Backups', 'Files', 'Settings']) {
      expect(await permissions.getByRole('checkbox', { name: other }).isChecked(), other).toBe(false);
    }
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('Invitation Sent').waitFor();
    // Pending until the friend accepts: it can still be withdrawn.
    await dialog.getByRole('button', { name: `Withdraw ${friendEmail}` }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(owner.errors).toEqual([]);
  });

  it('the friend signs up from the emailed link and accepts it', async () => {
    friend = await openPage(browser);
    const { page } = friend;
    const link = await invitationPath(friendEmail);
    // Signed out, the link asks to sign in (or up) with the invited address.
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByText('Sign in to accept the invitation to a shared server.', { exact: false }).waitFor();
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Email').fill(friendEmail);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText(`We sent a confirmation link to ${friendEmail}`).waitFor();

    // Confirming the password on the verification page signs in and goes back to the invitation.
    await page.goto(await verificationPath(friendEmail));
    await confirmVerification(page, password, '/dashboard/shared/accept');
    await page.getByRole('heading', { name: `Help run ${serverName}` }).waitFor();
    await page.getByText('with access to: Console.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/services' && url.hash.startsWith('#server-'));
    expect(friend.errors).toEqual([]);
  });

  it('the friend sees the server under Shared with you, uses its console and has no power controls', async () => {
    const { page } = friend;
    const section = page.getByRole('region', { name: 'Shared with you' });
    const card = section.getByRole('article', { name: serverName });
    await card.waitFor();
    await card.getByText('You can use: Console.', { exact: false }).waitFor();
    // Their own list is empty: the shared server is not theirs.
    await page.getByRole('heading', { name: 'No Servers Yet' }).waitFor();

    await card.getByRole('button', { name: /^Console/ }).click();
    const dialog = page.getByRole('dialog', { name: `Console: ${serverName}` });
    const log = dialog.getByRole('log', { name: 'Console output' });
    await log.getByText(/Server thread\/INFO|Done|started/i).first().waitFor();
    await dialog.getByLabel('Command').fill('say hello from a friend');
    await (await enabled(dialog.getByRole('button', { name: 'Send' }))).click();
    await log.getByText('> say hello from a friend', { exact: true }).waitFor();
    await log.getByText('[Server] hello from a friend', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    for (const name of [/^Stop Server/, /^Start Server/, /^Restart/, /^Backup/, /^Share/, /^Files/]) {
      expect(await card.getByRole('button', { name }).count(), String(name)).toBe(0);
    }
    expect(await card.getByRole('link', { name: /^Files/ }).count()).toBe(0);
    expect(await card.getByRole('button', { name: /SFTP access/ }).count()).toBe(0);
    // The server refuses what the card does not offer.
    const serverId = (await card.getAttribute('id'))?.replace(/^server-/, '') ?? '';
    const stop = await friend.context.request.post(`/api/servers/${serverId}/power`, { data: { action: 'stop' } });
    expect(stop.status()).toBe(403);
    expect(friend.errors).toEqual([]);
  });
});
