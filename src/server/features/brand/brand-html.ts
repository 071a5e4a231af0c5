import { brandStyleVars, defaultBrand, type Brand } from '../../../shared/brand';

/*
 * The brand in a page's <head>, written by the server when it serves the page (decision 059):
 * the title, the favicon and the primary colour as the CSS custom properties the Tailwind theme
 * reads. The body is rendered with the brand by the client's own renderer (public-pages.ts).
 */

function escapeHtml(s: string): string {
  return s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

const ICON = /<link rel="icon"[^>]*>/;
const STYLE = /<style id="sp-brand">[^<]*<\/style>/;

/** `:root{--color-accent:…}`: unlayered, so it wins over the theme's layered defaults wherever it sits. */
export function brandStyle(brand: Pick<Brand, 'primaryColor'>): string {
  const vars = Object.entries(brandStyleVars(brand.primaryColor)).map(([k, v]) => `${k}:${v}`);
  return `<style id="sp-brand">:root{${vars.join(';')}}</style>`;
}

/**
 * `html` with the brand in its head; with `meta`, its title and description too. A page with the
 * default colour and icon keeps its head as built, but for the title.
 */
export function withBrandHead(html: string, brand: Brand, meta?: { title?: string; description?: string }): string {
  let out = html;
  if (typeof meta?.title === 'string') out = out.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`);
  if (typeof meta?.description === 'string') {
    out = out.replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${escapeHtml(meta.description)}"`);
  }
  const icon = brand.favicon ? `<link rel="icon" href="${escapeHtml(brand.favicon)}" />` : '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />';
  out = out.replace(ICON, icon);
  const style = brand.primaryColor.toLowerCase() === defaultBrand.primaryColor ? '' : brandStyle(brand);
  if (STYLE.test(out)) out = out.replace(STYLE, style);
  else if (style) out = out.replace('</head>', `${style}</head>`);
  return out;
}

/** The app shell's title and description: the pages themselves set theirs once the app runs. */
export function shellMeta(brand: Pick<Brand, 'name'>): { title: string; description: string } {
  return { title: brand.name, description: `${brand.name} game server hosting` };
}
