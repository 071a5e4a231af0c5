import { describe, expect, it } from 'vitest';
import type { Catalog } from '../shared/catalog';
import { renderPage, withoutReactMarkers } from './entry-server';

describe('withoutReactMarkers', () => {
  it('drops Suspense boundaries and text separators, and nothing else', () => {
    expect(withoutReactMarkers('<div id="a"><!--$--><main>Page <!-- -->1<!-- --> of 3</main><!--/$--></div>')).toBe(
      '<div id="a"><main>Page 1 of 3</main></div>',
    );
    expect(withoutReactMarkers('<!--$?--><p>x</p><!--$!--><!-- a note -->')).toBe('<p>x</p><!-- a note -->');
  });
});

describe('renderPage', () => {
  const catalog: Catalog = { games: [], plans: [], addons: [], periods: [], locations: [], packs: [] };
  it.each(['/faq', '/auth', '/terms'])('leaves no React marker in %s, so the browser render reuses the page in place', async (url) => {
    const { html } = await renderPage(url, catalog);
    expect(html).not.toMatch(/<!--(\$|\/\$|\$\?|\$!| )-->/);
    expect(html.startsWith('<div class="')).toBe(true);
  });
});
