import { createHash } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, totp } from '../../src/server/features/auth/totp';
import { launch, openPage } from './browser';
import { confirmVerification, signOut } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const password = 'a sturdy password 42';
const unique = (tag: string) =>
  `${tag}-${createHash('sha1').update(`${Date.now()}${Math.random()}`).digest('hex').slice(0, 8)}@spawnpoint.test`;

async function fillSignUp(page: Page, email: string, pass = password, confirm = pass) {
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(pass);
  await page.getByLabel('Confirm password').fill(confirm);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** Opens the dev mailbox like a person would and follows the newest link for this address. */
async function followMailLink(page: Page, email: string, pathPart: string) {
  await page.goto('/dev/mailbox');
  const link = page.locator(`a[href*="${pathPart}"]`).filter({ hasText: pathPart }).first();
  const section = page.locator('article, li, section').filter({ hasText: email }).filter({ has: link }).first();
  const href = await section.locator(`a[href*="${pathPart}"]`).first().getAttribute('href');
  if (!href) throw new Error(`no ${pathPart} link for ${email}`);
  await page.goto(new URL(href).pathname + new URL(href).search);
}

async function signIn(page: Page, email: string, pass = password) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(pass);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs up, verifies with the password (which signs in), then signs out, ready for the test's own sign-in. */
async function signUpAndVerify(page: Page, email: string) {
  await fillSignUp(page, email);
  await page.getByText('Check your email').first().waitFor();
  await followMailLink(page, email, '/auth/verify');
  await confirmVerification(page, password);
  await signOut(page);
}

describe('accounts', () => {
  it('signs up, verifies from the mailbox, signs in and out', async () => {
    const { page, context, errors } = await openPage(browser);
    page.on('response', (r) => {
      if (r.status() === 404) console.warn('404 for', r.url());
    });
    const email = unique('journey');
    await fillSignUp(page, email);
    await page.getByText("We've sent you a confirmation link to complete your registration.").waitFor();
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await followMailLink(page, email, '/auth/verify');
    // Verifying asks for the password and signs in.
    await confirmVerification(page, password);
    await page.getByRole('heading', { name: `Welcome, ${email}` }).waitFor();
    await signOut(page);
    await signIn(page, email);
    await page.getByText("You've been logged in successfully.").waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByText(email).waitFor();
    await page.getByText('Signed in').waitFor();
    await page.keyboard.press('Escape');
    await signOut(page);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign In' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("does not verify a stranger's password when the owner follows the newest link; signing up again does", async () => {
    const { page, context, errors } = await openPage(browser);
    const email = unique('owner');
    const strangers = 'a stranger chose this 9';
    await fillSignUp(page, email);
    await page.getByText('Check your email').first().waitFor();
    // Somebody else signs up with the same address afterwards: the newest email is for their password.
    const stranger = await page.request.post('/api/auth/signup', { data: { email, password: strangers } });
    expect(stranger.status()).toBe(201);

    await followMailLink(page, email, '/auth/verify');
    await page.getByRole('heading', { name: 'Confirm your password to finish' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'That is not the password this account was signed up with.' }).waitFor();

    await page.getByRole('link', { name: 'Sign up again' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Check your email').first().waitFor();
    await followMailLink(page, email, '/auth/verify');
    await confirmVerification(page, password);
    // The 401 of the wrong password is the only console noise expected.
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await context.close();
  });

  it('refuses mismatched passwords without sending anything', async () => {
    const { page, context, errors } = await openPage(browser);
    let posted = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/signup')) posted = true;
    });
    await fillSignUp(page, unique('mismatch'), 'first password 1', 'second password 2');
    await page.getByText('Passwords do not match. Please try again.').waitFor();
    expect(posted).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says Login Failed for a wrong password', async () => {
    const { page, context, errors } = await openPage(browser);
    const email = unique('wrong');
    await signUpAndVerify(page, email);
    await signIn(page, email, 'not the password');
    await page.getByText('Login Failed').waitFor();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    expect(page.url()).toContain('/auth');
    // The 401 of the failed sign-in is the only console noise expected.
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await context.close();
  });

  it('resets a forgotten password end to end', async () => {
    const { page, context, errors } = await openPage(browser);
    const email = unique('reset');
    await signUpAndVerify(page, email);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(`If an account exists for ${email}`).waitFor();
    await followMailLink(page, email, '/auth/reset-password');
    const fresh = 'a brand new password 7';
    await page.getByLabel('New password', { exact: true }).fill(fresh);
    await page.getByLabel('Confirm new password').fill(fresh);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('heading', { name: 'Your password is changed' }).waitFor();
    await signIn(page, email, password);
    await page.getByText('Login Failed').waitFor();
    await signIn(page, email, fresh);
    await page.waitForURL((url) => url.pathname === '/');
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await context.close();
  });

  it('sends a signed-out visitor to sign in and back to where they were going', async () => {
    const { page, context, errors } = await openPage(browser);
    const email = unique('return');
    await signUpAndVerify(page, email);
    await page.goto('/dashboard/settings');
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByText('Please sign in to open your dashboard.').waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/settings');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('enables two-factor and signs in with a code', async () => {
    const { page, context, errors } = await openPage(browser);
    const email = unique('totp');
    await signUpAndVerify(page, email);
    await signIn(page, email);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/dashboard/settings?tab=security');
    await page.getByRole('button', { name: 'Enable two-factor' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel('Confirmation code').fill(totp(base32Decode(secret), new Date()));
    await page.getByRole('button', { name: 'Confirm and enable' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Recovery codes' }).locator('li').count()).toBe(10);
    // The 'Two-factor enabled' toast sits below the header, so the account menu stays clickable.
    await signOut(page);

    await signIn(page, email);
    await page.getByLabel('Authentication code').waitFor();
    // The code used to enable cannot be replayed: use the next time step's, which the server
    // accepts as clock drift (one step either side).
    await page.getByLabel('Authentication code').fill(totp(base32Decode(secret), new Date(Date.now() + 30_000)));
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await context.close();
  }, 90_000);

  it('keeps settings across a reload', async () => {
    const { page, context, errors } = await openPage(browser);
    const email = unique('settings');
    await signUpAndVerify(page, email);
    await signIn(page, email);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/dashboard/settings');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your profile has been updated.').waitFor();
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await page.getByRole('switch', { name: 'SMS notifications' }).click();
    await page.getByText('Your notification settings are saved.').first().waitFor();
    // Preferences hold the language only: the shop's currency and the browser's time zone apply.
    await page.getByRole('tab', { name: 'Preferences' }).click();
    expect(await page.getByLabel('Language').inputValue()).toBe('');
    expect(await page.getByLabel('Timezone').count()).toBe(0);
    expect(await page.getByLabel('Currency').count()).toBe(0);

    await page.goto('/dashboard/settings');
    expect(await page.getByLabel('First name').inputValue()).toBe('Ada');
    expect(await page.getByLabel('Last name').inputValue()).toBe('Lovelace');
    await page.getByRole('tab', { name: 'Notifications' }).click();
    expect(await page.getByRole('switch', { name: 'SMS notifications' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('switch', { name: 'Email notifications' }).getAttribute('aria-checked')).toBe('true');
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Welcome, Ada Lovelace' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
