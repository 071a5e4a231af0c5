declare const __BRAND_NAME__: string;

/** The brand, fixed at build time from BRAND_NAME. */
export const BRAND: string = typeof __BRAND_NAME__ === 'string' ? __BRAND_NAME__ : 'Spawnpoint';
