/*
 * EU VAT identification numbers, checked for form: the country prefix, then the national number's
 * shape as each member state publishes it (docs/decisions/023-taxes-and-invoice-numbering.md).
 * Whether the number is registered is VIES's answer, asked by the server (decision 033).
 */

/** The national part after each prefix. Greece's prefix is EL, not its ISO code GR. */
const vatPatterns: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-WY][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

/** What a customer typed, as it is stored: upper case, without spaces, dots or dashes. */
export function normalizeVatId(raw: string): string {
  return raw.toUpperCase().replace(/[\s.-]/g, '');
}

/** The member state (ISO code) a VAT ID belongs to, from its prefix: "EL…" is Greece (GR). */
export function vatIdCountry(vatId: string): string | null {
  const prefix = normalizeVatId(vatId).slice(0, 2);
  if (!(prefix in vatPatterns)) return null;
  return prefix === 'EL' ? 'GR' : prefix;
}

export const vatIdMessages = {
  prefix: 'Start your VAT ID with its EU country code, such as FR or DE.',
  shape: "That VAT ID doesn't look right for its country. Please check it and try again.",
} as const;

/** Why a VAT ID is not well-formed, or null when it is (an empty one is no VAT ID, and fine). */
export function vatIdProblem(raw: string): string | null {
  const id = normalizeVatId(raw);
  if (id === '') return null;
  const pattern = vatPatterns[id.slice(0, 2)];
  if (!pattern) return vatIdMessages.prefix;
  return pattern.test(id.slice(2)) ? null : vatIdMessages.shape;
}

export function isWellFormedVatId(raw: string): boolean {
  return normalizeVatId(raw) !== '' && vatIdProblem(raw) === null;
}

/** The prefix VIES takes as countryCode (EL for Greece) and the national part, of a well-formed ID. */
export function splitVatId(raw: string): { countryCode: string; vatNumber: string } | null {
  if (!isWellFormedVatId(raw)) return null;
  const id = normalizeVatId(raw);
  return { countryCode: id.slice(0, 2), vatNumber: id.slice(2) };
}
