import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCriticalCss } from './critical-css';

describe('critical CSS of a prerendered page', () => {
  let dir: string;
  let page: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sp-critical-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(
      path.join(dir, 'assets', 'index-Ab12.css'),
      '.used{color:red}.hover\\:used:hover{color:blue}.unused-anywhere{color:green}@media (min-width:40rem){.md\\:used{color:pink}}',
    );
    const html = [
      '<!doctype html><html><head>',
      '<script type="module" crossorigin src="/assets/index-Cd34.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/app-Ef56.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-Ab12.css">',
      '</head><body><div id="root"><p class="used hover:used md:used">Hi</p></div></body></html>',
    ].join('');
    page = await createCriticalCss(dir)(html);
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('inlines the rules the page uses, and only those', () => {
    const inline = /<style data-critical>(.*?)<\/style>/s.exec(page)?.[1] ?? '';
    expect(inline).toContain('.used{color:red}');
    expect(inline).toContain('.hover\\:used:hover');
    expect(inline).toContain('.md\\:used');
    expect(inline).not.toContain('unused-anywhere');
  });

  it('no longer blocks the paint on the stylesheet: a preload, and a <noscript> link', () => {
    expect(page).toContain('<link rel="preload" as="style" crossorigin href="/assets/index-Ab12.css" fetchpriority="low">');
    expect(page).toContain('<noscript><link rel="stylesheet" crossorigin href="/assets/index-Ab12.css"></noscript>');
    expect(page.replace(/<noscript>.*?<\/noscript>/gs, '')).not.toMatch(/rel="stylesheet"/);
  });

  it('adds no inline script or event handler, which the Content-Security-Policy forbids', () => {
    expect(page).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page).not.toMatch(/\son[a-z]+=/);
  });

  it('loads the scripts at low priority, as the page shows without them', () => {
    expect(page).toContain('<script type="module" crossorigin src="/assets/index-Cd34.js" fetchpriority="low">');
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/app-Ef56.js" fetchpriority="low">');
  });
});
