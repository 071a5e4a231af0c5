/*
 * The shop's brand as staff set it in Settings → Brand: read by the storefront, the dashboard,
 * emails and invoices at run time, so a change needs no rebuild (docs/decisions/055-brand-and-business-rules-in-settings.md).
 */

export const socialNetworks = ['x', 'youtube', 'instagram', 'tiktok', 'twitch', 'facebook'] as const;
export type SocialNetwork = (typeof socialNetworks)[number];
export const socialLabels: Record<SocialNetwork, string> = {
  x: 'X (Twitter)',
  youtube: 'YouTube',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  twitch: 'Twitch',
  facebook: 'Facebook',
};

export interface Brand {
  name: string;
  /** Public URL of the uploaded logo (cache-busted by its hash), or null for the built-in mark. */
  logo: string | null;
  /** Public URL of the uploaded favicon, or null for the built-in one. */
  favicon: string | null;
  /** #rrggbb; buttons, links and highlights. Always passes the AA checks below. */
  primaryColor: string;
  supportEmail: string;
  discordUrl: string | null;
  socials: Partial<Record<SocialNetwork, string>>;
}

/** Today's look: the name and support address come from BRAND_NAME / SUPPORT_EMAIL until staff save. */
export const defaultBrand: Brand = {
  name: 'Spawnpoint',
  logo: null,
  favicon: null,
  primaryColor: '#4ade80',
  supportEmail: 'support@spawnpoint.local',
  discordUrl: null,
  socials: {},
};

/** The fixed dark surfaces the primary colour is drawn on (src/client/styles.css, mail/template.ts). */
export const brandSurfaces = {
  page: '#0b0f19',
  panel: '#121a2b',
  raised: '#1a2438',
  emailPage: '#0a0a0a',
  emailCard: '#18181b',
} as const;
/** The two inks a label on a primary-coloured button may take; the better one is chosen. */
export const buttonInks = { dark: '#0b0f19', light: '#ffffff' } as const;

export const HEX = /^#[0-9a-f]{6}$/;

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** WCAG 2.x relative luminance of an sRGB colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `top` at `alpha` over `bottom`, as the browser composites it (in sRGB). */
export function blend(top: string, bottom: string, alpha: number): string {
  const t = channels(top);
  const b = channels(bottom);
  return `#${t.map((c, i) => Math.round(c * alpha + b[i]! * (1 - alpha)).toString(16).padStart(2, '0')).join('')}`;
}

/** The ink for text on a primary-coloured button: whichever of dark or white contrasts more. */
export function inkOn(primary: string): string {
  return contrastRatio(primary, buttonInks.dark) >= contrastRatio(primary, buttonInks.light) ? buttonInks.dark : buttonInks.light;
}

export interface ContrastCheck {
  /** What is checked, in words staff understand. */
  pair: string;
  foreground: string;
  background: string;
  ratio: number;
  required: number;
  passes: boolean;
}

/** AA for normal-size text; every pair below carries body-size text. */
export const AA_TEXT = 4.5;

/** Every place the primary colour meets text, with its ratio; rounded down to two decimals so "4.5" never hides 4.499. */
export function primaryColorChecks(primary: string): ContrastCheck[] {
  const color = primary.toLowerCase();
  const pairs: [string, string, string][] = [
    ['Links and highlighted text on the page background', color, brandSurfaces.page],
    ['Links and highlighted text on raised panels', color, brandSurfaces.raised],
    ['Highlighted text on a selected (tinted) panel', color, blend(color, brandSurfaces.raised, 0.15)],
    ['Button label on a primary button', inkOn(color), color],
  ];
  return pairs.map(([pair, foreground, background]) => {
    const ratio = Math.floor(contrastRatio(foreground, background) * 100) / 100;
    return { pair, foreground, background, ratio, required: AA_TEXT, passes: ratio >= AA_TEXT };
  });
}

/** Why a colour is refused, one sentence per failing pair; empty when it meets AA everywhere. */
export function primaryColorProblems(primary: string): string[] {
  if (!HEX.test(primary.toLowerCase())) return ['Use a colour in the form #rrggbb, for example #4ade80.'];
  return primaryColorChecks(primary)
    .filter((c) => !c.passes)
    .map((c) => `${c.pair}: ${c.foreground} on ${c.background} has a contrast of ${c.ratio.toFixed(2)}:1; AA needs at least ${c.required}:1.`);
}

/**
 * The CSS custom properties the Tailwind theme reads (src/client/styles.css) for a primary colour:
 * the colour, its hover shade (moved away from the label's ink, so the label stays readable) and
 * the label ink. The default colour keeps the theme's own shades, so an unbranded shop looks as built.
 */
export function brandStyleVars(primary: string): Record<'--color-accent' | '--color-accent-strong' | '--color-accent-ink', string> {
  const color = HEX.test(primary.toLowerCase()) ? primary.toLowerCase() : defaultBrand.primaryColor;
  if (color === defaultBrand.primaryColor) return { '--color-accent': color, '--color-accent-strong': '#22c55e', '--color-accent-ink': '#052e16' };
  const ink = inkOn(color);
  return { '--color-accent': color, '--color-accent-strong': blend(color, ink === buttonInks.light ? '#000000' : '#ffffff', 0.85), '--color-accent-ink': ink };
}

/** Uploads: what each image may be. SVG is refused: it can carry script, and it is served from our origin. */
export const brandAssetKinds = ['logo', 'favicon'] as const;
export type BrandAssetKind = (typeof brandAssetKinds)[number];
export const brandAssetTypes: Record<BrandAssetKind, readonly string[]> = {
  logo: ['image/png', 'image/webp', 'image/jpeg'],
  favicon: ['image/png', 'image/x-icon', 'image/vnd.microsoft.icon'],
};
export const brandAssetMaxBytes: Record<BrandAssetKind, number> = { logo: 200 * 1024, favicon: 64 * 1024 };
