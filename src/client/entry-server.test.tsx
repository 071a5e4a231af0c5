import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Catalog } from '../shared/catalog';
import type { RenderedPage } from '../shared/schemas/content';
import { matchesPrerender, mountApp, servedNotFoundAt } from './app/mount-app';
import { renderPage } from './entry-server';
import { primePageContent } from './lib/page-content';
import { setSessionUser } from './lib/session';
import { holdStoresForHydration } from './lib/store';
import { pageI18n } from '../../tests/setup/i18n';

const catalog: Catalog = {
  currency: 'usd',
  games: [
    { slug: 'minecraft', name: 'Minecraft', tagline: 'Blocks', playerCap: 10, sort: 1 },
    { slug: 'fivem', name: 'FiveM', tagline: 'Roleplay', playerCap: 8, sort: 2 },
  ],
  plans: [
    { id: 'minecraft-4gb', game: 'minecraft', name: '4GB', ramGb: 4, vcpu: 2, diskGb: 40, priceCents: 1400, description: 'Small', recommended: true, sort: 1 },
    { id: 'fivem-8gb', game: 'fivem', name: '8GB', ramGb: 8, vcpu: 4, diskGb: 80, priceCents: 2400, description: 'Big', recommended: true, sort: 1 },
  ],
  addons: [{ key: 'backups', name: 'Backups', description: 'Daily', priceCents: 200, games: [], sort: 1 } as unknown as Catalog['addons'][number]],
  periods: [
    { value: 'monthly', label: 'Monthly', months: 1, discountPercent: 0, sort: 1 },
    { value: 'yearly', label: 'Yearly', months: 12, discountPercent: 15, sort: 2 },
  ],
  locations: [{ value: 'us-west', label: 'US West', sort: 1 }],
  packs: [],
};

/** The staff-written page a route embeds, as the server renders it (decision 056); undefined for other routes. */
function contentFor(url: string): RenderedPage | undefined {
  const slug = url === '/' || url === '/de' ? 'home' : url === '/terms' ? 'terms' : undefined;
  if (!slug) return undefined;
  const sections = [{ id: 'first', title: 'First things', html: '<p>Read <strong>this</strong>.</p>\n' }];
  return { slug, language: 'en', title: 'A title staff wrote', introHtml: '<p>An intro.</p>\n', sections, updatedAt: null, sample: true };
}

const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  window.scrollTo = () => undefined;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/api/auth/session')) return answer({ user: null });
    if (url.includes('/api/catalog')) return answer(catalog);
    throw new Error(`unexpected fetch ${url}`);
  });
});

afterEach(() => {
  vi.mocked(globalThis.fetch).mockRestore();
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('renderPage', () => {
  it('keeps the markers React hydrates by', async () => {
    const { html } = await renderPage('/support', catalog, pageI18n('en'));
    expect(html).toContain('<!--$-->');
  });
});

describe('hydrating a prerendered page', () => {
  // Development React reports any difference, text or attribute, with console.error, which fails the test.
  it.each(['/', '/deploy', '/configure/minecraft', '/support', '/auth', '/signup', '/terms', '/discord'])(
    '%s hydrates onto the prerendered elements without a mismatch',
    async (url) => {
      const content = contentFor(url);
      // A browser hydrates once per page load, and the stores keep what that hydration held; this
      // file hydrates page after page in one document, so the next page's text is held afresh.
      if (content) {
        primePageContent(content);
        holdStoresForHydration();
      }
      const { html } = await renderPage(url, catalog, pageI18n('en'), content);
      window.history.replaceState(null, '', url);
      const container = document.createElement('div');
      container.id = 'root';
      container.innerHTML = html;
      document.body.append(container);
      const prerendered = container.querySelector('h1');
      expect(prerendered).not.toBeNull();

      let mounted: ReturnType<typeof mountApp> | undefined;
      await act(async () => {
        mounted = mountApp(container);
        // The session and catalog requests the page starts with answer inside the same act.
        await new Promise((resolve) => setTimeout(resolve, 20));
      });

      expect(mounted?.hydrated).toBe(true);
      expect(container.querySelector('h1')).toBe(prerendered);
      expect(Object.keys(prerendered!).some((key) => key.startsWith('__reactFiber$'))).toBe(true);
      act(() => mounted?.root.unmount());
    },
  );
});

describe('a page in German', () => {
  it('/de renders in German, links stay under /de, and hydrates without a mismatch', async () => {
    const { html, state } = await renderPage('/de', catalog, pageI18n('de'), contentFor('/de'));
    expect(html).toContain('Wählen Sie Ihr Spiel');
    expect(html).toContain('href="/de/deploy"');
    expect(html).not.toContain('Pick your game');
    expect(JSON.parse(state).i18n.locale).toBe('de');
    window.history.replaceState(null, '', '/de');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const prerendered = container.querySelector('h1');
    let mounted: ReturnType<typeof mountApp> | undefined;
    await act(async () => {
      mounted = mountApp(container);
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(mounted?.hydrated).toBe(true);
    expect(container.querySelector('h1')).toBe(prerendered);
    expect(container.querySelector('nav[aria-label="Hauptmenü"]')).not.toBeNull();
    act(() => mounted?.root.unmount());
  });
});

describe('hydrating while the shared stores change', () => {
  it('a page whose boundary hydrates after the session answered still matches its HTML', async () => {
    const url = '/configure/minecraft';
    const { html } = await renderPage(url, catalog, pageI18n('en'));
    window.history.replaceState(null, '', url);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const prerendered = container.querySelector('h1');
    let mounted: ReturnType<typeof mountApp> | undefined;
    await act(async () => {
      mounted = mountApp(container);
      // React hydrates the page's Suspense boundary after the layout has committed and asked for
      // the session: the answer (signed out) can land first. Here it lands before anything hydrates.
      setSessionUser(null);
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(container.querySelector('h1')).toBe(prerendered);
    act(() => mounted?.root.unmount());
  });
});

describe('matchesPrerender', () => {
  const withPage = () => {
    const container = document.createElement('div');
    container.innerHTML = '<div></div>';
    return container;
  };
  it('hydrates the bare path, also with a referral code or campaign tags', () => {
    expect(matchesPrerender(withPage(), { pathname: '/support', search: '' }, null)).toBe(true);
    expect(matchesPrerender(withPage(), { pathname: '/', search: '?ref=abc&utm_source=x' }, { idx: 0 })).toBe(true);
  });
  it('renders when the page starts from something the prerender did not see, or has no markup', () => {
    expect(matchesPrerender(withPage(), { pathname: '/configure/minecraft', search: '?plan=x' }, null)).toBe(false);
    expect(matchesPrerender(withPage(), { pathname: '/auth', search: '' }, { usr: { mode: 'signup' }, idx: 1 })).toBe(false);
    expect(matchesPrerender(withPage(), { pathname: '/no-such-page', search: '' }, null)).toBe(false);
    expect(matchesPrerender(document.createElement('div'), { pathname: '/dashboard', search: '' }, null)).toBe(false);
  });
});

describe('servedNotFoundAt', () => {
  const notFoundMarkup = () => {
    const container = document.createElement('div');
    container.innerHTML = '<main><div data-page="not-found" class="contents"><h1>Page not found</h1></div></main>';
    return container;
  };
  it('shows the 404 the server answered at an address a route would take, without hydrating the route over it', () => {
    expect(servedNotFoundAt(notFoundMarkup(), '/help/no-such-article')).toBe('/help/no-such-article');
    expect(servedNotFoundAt(notFoundMarkup(), '/de/blog/gone')).toBe('/de/blog/gone');
    expect(matchesPrerender(notFoundMarkup(), { pathname: '/help/no-such-article', search: '' }, null)).toBe(false);
  });
  it('leaves other pages, unknown addresses and paths a route pattern would misread alone', () => {
    const page = document.createElement('div');
    page.innerHTML = '<main><h1>Refunds</h1></main>';
    expect(servedNotFoundAt(page, '/help/refund')).toBeUndefined();
    expect(servedNotFoundAt(notFoundMarkup(), '/no-such-page')).toBeUndefined();
    expect(servedNotFoundAt(notFoundMarkup(), '/help/:slug')).toBeUndefined();
    expect(servedNotFoundAt(notFoundMarkup(), '/help/a*')).toBeUndefined();
  });
});
