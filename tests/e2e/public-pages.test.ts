import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, type ExpectStatic } from 'vitest';
import { BRAND } from '../../src/client/lib/brand';
import { baseURL, launch, openPage } from './browser';

const globalExpect = expect;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

interface PublicRoute {
  path: string;
  /** The page's main heading, as the component renders it. */
  heading: string;
  /** A piece of the document title that only this page has. */
  title: string;
  /** Some other key text of the page. */
  text?: string;
  /** false for a page served as the app shell, which the client renders from nothing. */
  prerendered?: false;
}

const publicRoutes: PublicRoute[] = [
  { path: '/', heading: 'Deploy your custom game server in seconds', title: 'server hosting', text: 'Pick your game' },
  { path: '/auth', heading: 'Welcome Back', title: 'Sign in or create your account', text: 'Sign in to manage your servers.' },
  { path: '/login', heading: 'Welcome Back', title: 'Sign in or create your account', text: 'Forgot your password?' },
  { path: '/signup', heading: 'Join the Movement', title: 'Sign in or create your account', text: 'Create your account and deploy your first server.' },
  { path: '/deploy', heading: 'Choose your game', title: 'Deploy a game server', text: 'Configure Palworld' },
  { path: '/configure/minecraft', heading: 'Configure your Minecraft server', title: 'Configure your server', text: 'Choose your plan' },
  { path: '/configure/fivem', heading: 'Configure your FiveM server', title: 'Configure your server', text: 'Billing period' },
  { path: '/configure/palworld', heading: 'Configure your Palworld server', title: 'Configure your server', text: 'Server details' },
  { path: '/upgrade/spawnpoint-essentials', heading: 'Essentials', title: 'Upgrade packs', text: 'Upgrade Now' },
  { path: '/upgrade/game-expansion-pack', heading: 'Game Expansion Pack', title: 'Upgrade packs', text: 'Upgrade Now' },
  { path: '/upgrade/community-pack', heading: 'Community Pack', title: 'Upgrade packs', text: 'Upgrade Now' },
  { path: '/discord', heading: `Join the ${BRAND} Discord`, title: 'Community Discord' },
  { path: '/help', heading: 'Help centre', title: 'Help centre', text: 'Which games can I host?' },
  { path: '/support', heading: 'How can we help?', title: 'Support centre', text: 'Quick answers' },
  { path: '/about', heading: 'Built by players, run like infrastructure', title: 'About us' },
  { path: '/blog', heading: 'News', title: 'News', text: 'Minecraft Server Lag: How to Find It and Fix It' },
  { path: '/blog/minecraft-server-lag-guide', heading: 'Minecraft Server Lag: How to Find It and Fix It', title: 'Minecraft Server Lag', text: 'Three kinds of lag' },
  { path: '/affiliate', heading: 'Earn 25% on Every Server You Refer', title: 'Affiliate programme' },
  { path: '/partners', heading: `Grow your community with ${BRAND}`, title: 'Creator & partner programme' },
  { path: '/status', heading: 'System Status', title: 'System status' },
  { path: '/terms', heading: 'Terms of Service', title: 'Terms of Service', text: '1. Acceptance of These Terms' },
  { path: '/privacy', heading: 'Privacy Policy', title: 'Privacy Policy', text: '1. Who We Are' },
  { path: '/sla', heading: 'Service Level Agreement', title: 'Service Level Agreement', text: '2. Uptime Guarantee' },
  { path: '/refund', heading: 'Refund Policy', title: 'Refund Policy', text: '1. 48-Hour Money-Back Guarantee' },
  { path: '/purchase-confirmed', heading: 'Purchase Confirmed!', title: 'Purchase confirmed', text: 'What happens next', prerendered: false },
];

type Kept = Window & { keptHeading?: Element; keptWhile?: DocumentReadyState };

/** Runs before the page's scripts: keeps the first heading the HTML parser inserts into #root. */
function keepParsedHeading() {
  const observer = new MutationObserver(() => {
    const h1 = document.querySelector('#root h1');
    if (!h1) return;
    Object.assign(window as Kept, { keptHeading: h1, keptWhile: document.readyState });
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * React hydrated the prerendered page: the heading the parser inserted is still the one on screen
 * (a render over the markup would have replaced it) and React has attached to it. A mismatch would
 * also have logged a console error (src/client/app/mount-app.tsx).
 */
async function expectHydrated(page: Page, expect: ExpectStatic) {
  const seen = await page.evaluate(() => {
    const { keptHeading, keptWhile } = window as Kept;
    const now = document.querySelector('#root h1');
    return {
      parsedFromHtml: keptWhile === 'loading',
      sameElement: Boolean(keptHeading) && keptHeading === now && keptHeading.isConnected,
      attached: Boolean(now) && Object.keys(now!).some((key) => key.startsWith('__reactFiber$')),
    };
  });
  expect(seen).toEqual({ parsedFromHtml: true, sameElement: true, attached: true });
}

/** The heading is on screen, the page has stopped fetching, and its title and description are its own. */
async function expectPage(page: Page, route: PublicRoute, expect: ExpectStatic = globalExpect) {
  await page.getByRole('heading', { level: 1, name: route.heading, exact: true }).waitFor();
  if (route.text) await page.getByText(route.text, { exact: true }).first().waitFor();
  // Late failures (a refetch, the session check) show up as console errors only once the requests settle.
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.title()).toContain(route.title);
  const title = await page.title();
  expect(title).not.toBe(BRAND);
  expect(title).toContain(BRAND);
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  expect(description?.length ?? 0).toBeGreaterThan(20);
  expect(description).not.toContain('__SP_');
}

describe('every public page', () => {
  // Each page has its own browser context, so a few load at once (Vitest runs 5 concurrent tests at most).
  it.concurrent.for(publicRoutes)('$path renders "$heading" with its own title, hydrates the prerendered page, and logs no console error', async (route, { expect }) => {
    const { page, context, errors } = await openPage(browser);
    await page.addInitScript(keepParsedHeading);
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
    await expectPage(page, route, expect);
    if (route.prerendered !== false) await expectHydrated(page, expect);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an unknown path shows the not-found page with a 404 status and only the 404 console error', async () => {
    const { page, context, errors } = await openPage(browser);
    const response = await page.goto('/no/such/page-here');
    expect(response?.status()).toBe(404);
    await expectPage(page, { path: '/no/such/page-here', heading: 'Oops! Page not found', title: 'Page not found' });
    await page.getByText('/no/such/page-here', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Return to Home' }).waitFor();
    // The document itself answers 404, which Chromium reports once; anything else is a real error.
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^Failed to load resource: .*404/);
    await context.close();
  });
});

describe('server-rendered HTML (no browser, no script)', () => {
  function visibleText(html: string) {
    return html
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/\s+/g, ' ');
  }

  it('/ already contains the hero heading and the starting prices', async () => {
    const res = await fetch(`${baseURL()}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '';
    expect(visibleText(h1).trim()).toBe('Deploy your custom game server in seconds');
    const text = visibleText(html);
    for (const price of ['3.50', '6.50', '12.00']) {
      expect(text).toMatch(new RegExp(`Starting at \\$${price.replace('.', '\\.')} ?/mo`));
    }
    for (const price of ['$6.99', '$14.99', '$4.99']) expect(text).toContain(price);
    expect(html).toMatch(/<title>[^<]*server hosting[^<]*<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
  });

  it('/terms already contains its 10 numbered sections', async () => {
    const res = await fetch(`${baseURL()}/terms`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const headings = [...html.matchAll(/<h2\b[^>]*>([\s\S]*?)<\/h2>/g)]
      .map((m) => visibleText(m[1] ?? '').trim())
      .filter((t) => /^\d+\. /.test(t));
    expect(headings).toHaveLength(10);
    expect(headings.map((h) => Number(h.split('.')[0]))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(headings[0]).toBe('1. Acceptance of These Terms');
    expect(headings[9]).toBe('10. Changes to These Terms and Contact');
    // Each section is a real anchor the contents list links to.
    const anchors = [...html.matchAll(/<section id="([a-z-]+)"/g)].map((m) => m[1]);
    expect(anchors).toHaveLength(10);
    for (const id of anchors) expect(html).toContain(`href="#${id}"`);
  });
});

describe('header and footer', () => {
  it('the header links to the main pages and the signed-out account menu offers Sign In and Sign Up', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const expected = [
      ['Home', '/'],
      ['Discord', '/discord'],
      ['FAQ', '/help'],
      ['Support', '/support'],
      ['User Dashboard', '/dashboard'],
    ];
    const links = nav.getByRole('link');
    await expect.poll(() => links.count()).toBe(expected.length);
    for (const [i, [name, href]] of expected.entries()) {
      expect(await links.nth(i).textContent()).toBe(name);
      expect(await links.nth(i).getAttribute('href')).toBe(href);
    }
    await page.waitForLoadState('networkidle');

    const trigger = page.getByRole('button', { name: 'Account menu' });
    await trigger.click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    const items = menu.getByRole('menuitem');
    expect(await items.allTextContents()).toEqual(['Sign In', 'Sign Up']);
    expect(await menu.getByRole('menuitem', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
    expect(await menu.getByRole('menuitem', { name: 'Sign Up' }).getAttribute('href')).toBe('/auth');

    // Sign Up opens the same screen on its sign-up tab; Sign In on its sign-in tab.
    await menu.getByRole('menuitem', { name: 'Sign Up' }).click();
    await page.waitForURL('**/auth');
    await page.getByRole('heading', { name: 'Join the Movement' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');

    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Built by players, run like infrastructure' }).waitFor();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign In' }).click();
    await page.waitForURL('**/auth');
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the footer has the Hosting, Company, Support and Legal columns and the current year', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/');
    const footer = page.locator('footer');
    const columns = footer.getByRole('navigation');
    await expect.poll(() => columns.count()).toBe(4);
    const names = await columns.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
    expect(names).toEqual(['Hosting', 'Company', 'Support', 'Legal']);
    expect(await footer.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Hosting', 'Company', 'Support', 'Legal']);
    for (const name of ['Hosting', 'Company', 'Support', 'Legal']) {
      expect(await footer.getByRole('navigation', { name, exact: true }).getByRole('link').count()).toBe(4);
    }
    expect(await footer.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(await footer.getByRole('link', { name: 'Minecraft Hosting' }).getAttribute('href')).toBe('/configure/minecraft');
    const year = new Date().getFullYear();
    await footer.getByText(`© ${year} ${BRAND}. All rights reserved.`).waitFor();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('languages', () => {
  it('the header and footer pickers switch the page to another language, which the shop then remembers', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/about');
    await page.waitForLoadState('networkidle');
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('de');
    await page.waitForURL('**/de/about');
    await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Kundenbereich' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    expect(await page.title()).toBe(`Über uns | ${BRAND}`);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(`Wer hinter ${BRAND} steht, warum wir Gameserver hosten und was wir unseren Kunden versprechen.`);
    const alternates = await page.locator('link[rel="alternate"]').evaluateAll((links) => links.map((l) => `${l.getAttribute('hreflang')} ${l.getAttribute('href')}`));
    expect(alternates).toEqual(['en', 'de', 'fr', 'es', 'pt-BR'].map((l) => `${l} ${baseURL()}/${l}/about`).concat(`x-default ${baseURL()}/about`));
    // Links between public pages stay in the language.
    expect(await page.locator('footer').getByRole('link', { name: 'Nutzungsbedingungen' }).getAttribute('href')).toBe('/de/terms');
    await page.waitForLoadState('networkidle');

    await page.locator('footer').getByRole('combobox', { name: 'Sprache' }).selectOption('fr');
    await page.waitForURL('**/fr/about');
    await page.locator('footer').getByRole('navigation', { name: 'Informations légales' }).waitFor();
    // The choice is remembered: a page opened without a language goes to the French one.
    await page.goto('/deploy');
    await page.waitForURL('**/fr/deploy');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('storefront content', () => {
  it('home shows the starting prices and the upgrade packs', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/');
    for (const [game, price] of [
      ['minecraft', '$3.50'],
      ['fivem', '$6.50'],
      ['palworld', '$12.00'],
    ] as const) {
      const el = page.getByTestId(`price-${game}`);
      await expect.poll(() => el.textContent()).toBe(price);
      const line = await el.locator('xpath=..').textContent();
      expect(line?.replace(/\s+/g, ' ').trim()).toBe(`Starting at ${price}/mo`);
    }
    const packs = page.getByRole('region', { name: 'Upgrade packs' });
    for (const [name, slug, price] of [
      ['Essentials', 'spawnpoint-essentials', '$6.99'],
      ['Game Expansion Pack', 'game-expansion-pack', '$14.99'],
      ['Community Pack', 'community-pack', '$4.99'],
    ] as const) {
      await packs.getByRole('heading', { level: 3, name, exact: true }).waitFor();
      await packs.getByText(price, { exact: true }).waitFor();
      const link = packs.getByRole('link', { name: `Learn more about ${name}` });
      expect(await link.getAttribute('href')).toBe(`/upgrade/${slug}`);
    }
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('/deploy shows three games that link to their configurators', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/deploy');
    const games = [
      ['Minecraft', 'minecraft', '$3.50'],
      ['FiveM', 'fivem', '$6.50'],
      ['Palworld', 'palworld', '$12.00'],
    ] as const;
    await expect.poll(() => page.locator('main').getByRole('heading', { level: 2 }).allTextContents()).toEqual(games.map((g) => g[0]));
    for (const [name, slug, price] of games) {
      expect(await page.getByRole('link', { name: `Configure ${name}` }).getAttribute('href')).toBe(`/configure/${slug}`);
      expect(await page.getByTestId(`price-${slug}`).textContent()).toBe(price);
    }
    await page.getByRole('link', { name: 'Configure FiveM' }).click();
    await page.waitForURL('**/configure/fivem');
    await page.getByRole('heading', { level: 1, name: 'Configure your FiveM server' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('phone width (360×740)', () => {
  it.each([
    ['/', 'Deploy your custom game server in seconds'],
    ['/configure/minecraft', 'Configure your Minecraft server'],
    ['/help', 'Help centre'],
    ['/support', 'How can we help?'],
  ])('%s fits without sideways scrolling and its menu button opens the navigation', async (path, heading) => {
    const { page, context, errors } = await openPage(browser, { width: 360, height: 740 });
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.waitForLoadState('networkidle');
    const widths = await page.evaluate(() => ({
      doc: document.documentElement.scrollWidth,
      body: document.body.scrollWidth,
    }));
    expect(widths.doc).toBeLessThanOrEqual(360);
    expect(widths.body).toBeLessThanOrEqual(360);

    // The desktop navigation is hidden; the menu button reveals the mobile one.
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    const button = page.getByRole('button', { name: 'Open menu' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    const mobile = page.getByRole('navigation', { name: 'Mobile' });
    await mobile.waitFor();
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    expect(await mobile.getByRole('link').allTextContents()).toEqual(['Home', 'Discord', 'FAQ', 'Support', 'User Dashboard']);
    // The open menu must not make the page wider either.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Following a link navigates and closes the menu.
    await mobile.getByRole('link', { name: 'Discord', exact: true }).click();
    await page.waitForURL('**/discord');
    await mobile.waitFor({ state: 'detached' });
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('keyboard', () => {
  it('on /help, Tab reaches the search box, and Enter searches', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/help');
    const search = page.getByRole('searchbox', { name: 'Search the help centre' });
    await search.waitFor();
    await page.waitForLoadState('networkidle');
    let reached = false;
    for (let i = 0; i < 30 && !reached; i += 1) {
      await page.keyboard.press('Tab');
      reached = await search.evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);
    await page.keyboard.type('refund');
    await expect.poll(() => search.inputValue()).toBe('refund');
    await page.keyboard.press('Enter');
    await page.getByText(/articles? match(es)? “refund”/).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on /configure/minecraft, arrow keys move between plan radios and the total follows', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/configure/minecraft');
    const radio = (name: string) => page.getByRole('radio', { name: new RegExp(`^${name}\\b`) });
    const total = page.getByTestId('total');
    await expect.poll(() => total.textContent()).toBe('$14.00');
    expect(await radio('4GB').isChecked()).toBe(true);
    await page.waitForLoadState('networkidle');

    await radio('4GB').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => radio('8GB').isChecked()).toBe(true);
    await expect.poll(() => total.textContent()).toBe('$28.00');
    expect(await radio('8GB').evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press('ArrowUp');
    await expect.poll(() => radio('4GB').isChecked()).toBe(true);
    await expect.poll(() => total.textContent()).toBe('$14.00');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => radio('2GB').isChecked()).toBe(true);
    await expect.poll(() => total.textContent()).toBe('$7.00');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => radio('8GB').isChecked()).toBe(true);
    await expect.poll(() => total.textContent()).toBe('$28.00');
    // Arrows stay within the plan group: the billing period did not move.
    expect(await page.getByRole('radio', { name: /^Monthly/ }).isChecked()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('dashboard signed out', () => {
  it('shows a loading state, then sends the visitor to the sign-in screen', async () => {
    const { page, context, errors } = await openPage(browser);
    // Hold the session answer until the loading state has been seen, so the check does not race it.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/session', async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto('/dashboard');
    await page.getByRole('status').filter({ hasText: 'Loading user data...' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    release();
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByRole('heading', { level: 1, name: 'Welcome Back' }).waitFor();
    await page.getByText('Please sign in to open your dashboard.').waitFor();
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.title()).toContain('Sign in or create your account');
    expect(errors).toEqual([]);
    await context.close();
  });
});
