import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_SCRIPT } from '../src/shared/boot-script';
import { createCriticalCss, scriptsAfterPaint } from './critical-css';

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

  it('asks for the scripts only after the first paint: the boot script names them, nothing else loads them', () => {
    expect(page).not.toContain('type="module"');
    expect(page).not.toContain('<link rel="modulepreload"');
    const boot = /<script data-entry="([^"]+)" data-preload="([^"]*)">(.*?)<\/script>/s.exec(page);
    expect(boot?.[1]).toBe('/assets/index-Cd34.js');
    expect(boot?.[2]).toBe('/assets/app-Ef56.js');
    expect(boot?.[3]).toBe(BOOT_SCRIPT);
  });

  it('adds no other inline script or event handler (the Content-Security-Policy allows the boot script alone, by its hash)', () => {
    const inline = [...page.matchAll(/<script(?![^>]*\bsrc=)[^>]*>(.*?)<\/script>/gs)].map((m) => m[1]);
    expect(inline).toEqual([BOOT_SCRIPT]);
    expect(page).not.toMatch(/\son[a-z]+=/);
  });

  it('refuses a page without exactly one module script, rather than ship a page that never starts', () => {
    expect(() => scriptsAfterPaint('<html><head></head><body></body></html>')).toThrow(/exactly one module script/);
  });
});
