/**
 * First paint without waiting for the stylesheet: each prerendered page carries, inline, the CSS
 * rules its own HTML uses, and fetches the full stylesheet without blocking the paint. The client
 * entry (src/client/main.tsx) applies it before it renders, so anything the page draws later
 * (menus, dialogs, the signed-in header) is styled, and then removes the inline rules, which the
 * full stylesheet repeats. Without JavaScript a <noscript> link applies it.
 */
import Beasties from 'beasties';
import { BOOT_SCRIPT } from '../src/shared/boot-script';

const STYLESHEET = /<link rel="stylesheet"( crossorigin)? href="([^"]+\.css)">/g;
const ENTRY = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g;
const PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

/**
 * The app's module script and its preloads give way to the boot script (src/shared/boot-script.ts),
 * which asks for them once the page has painted: the page shows without them (decision 083).
 */
export function scriptsAfterPaint(html: string): string {
  const entries = [...html.matchAll(ENTRY)].map((m) => m[1]!);
  if (entries.length !== 1) throw new Error(`a prerendered page needs exactly one module script, found ${entries.length}`);
  const preloads = [...html.matchAll(PRELOAD)].map((m) => m[1]!);
  const boot = `<script data-entry="${entries[0]}" data-preload="${preloads.join(' ')}">${BOOT_SCRIPT}</script>`;
  return html.replace(ENTRY, boot).replace(PRELOAD, '');
}

/** A string as a regular expression matching it literally. */
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Tailwind writes the spacing between children (`space-y-4`, `divide-y`) as
 * `:where(.space-y-4>:not(:last-child))`, a selector Beasties cannot match against the page, so it
 * left those rules out and the page's blocks moved apart once the full stylesheet applied (a
 * layout shift Lighthouse counts). The rules of the ones the page uses are kept by name.
 */
function childSpacingRules(html: string): RegExp[] {
  const used = new Set<string>();
  for (const [, classes = ''] of html.matchAll(/\bclass="([^"]*)"/g)) {
    for (const name of classes.split(/\s+/)) if (/^(space-[xy]-|divide-)/.test(name)) used.add(name);
  }
  // The selector escapes a dot in the class name (`.space-y-1\.5`).
  return [...used].map((name) => new RegExp(`^:where\\(\\.${literal(name.replaceAll('.', '\\.'))}>`));
}

export function createCriticalCss(clientDir: string) {
  const options = {
    path: clientDir,
    publicPath: '/',
    // Leave the links alone (`false`, which Beasties' types omit): they are rewritten below, as
    // Beasties' own ways need inline scripts or handlers, which the Content-Security-Policy forbids.
    preload: false as unknown as undefined,
    pruneSource: false,
    reduceInlineStyles: false,
    inlineThreshold: 0,
    keyframes: 'critical',
    compress: true,
    logLevel: 'warn',
  } as const;
  return async function inlineCriticalCss(html: string): Promise<string> {
    const beasties = new Beasties({ ...options, allowRules: childSpacingRules(html) });
    const withCritical = await beasties.process(html);
    return scriptsAfterPaint(
      withCritical
        // Marked so the client can drop it once the full stylesheet applies (src/client/main.tsx).
        .replace('<style>', '<style data-critical>')
        .replace(
          STYLESHEET,
          (_link, crossorigin: string | undefined, href: string) =>
            `<link rel="preload" as="style"${crossorigin ?? ''} href="${href}" fetchpriority="low">` +
            `<noscript><link rel="stylesheet"${crossorigin ?? ''} href="${href}"></noscript>`,
        ),
    );
  };
}
