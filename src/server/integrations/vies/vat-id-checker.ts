/*
 * Asking the EU's VIES service whether a VAT ID is registered (docs/decisions/033-vat-id-checks.md).
 * The REST client (vies-client.ts) when VIES_API_URL is set; otherwise the built-in checker, which
 * reaches nobody, so every ID stays "checking" and VAT is charged until staff verify it by hand.
 */

/** What VIES is asked: the prefix (EL for Greece) and the national part, and optionally who asks. */
export interface VatIdQuery {
  countryCode: string;
  vatNumber: string;
  /** The seller's own EU VAT ID: with it VIES answers a consultation number, the proof of the check. */
  requester?: { countryCode: string; vatNumber: string } | null;
}

export type VatIdAnswer =
  /** Registered. `consultation` is VIES's requestIdentifier, given only when a requester was sent. */
  | { kind: 'valid'; consultation: string | null; name: string | null; address: string | null }
  /** Not registered (valid: false), or VIES refused the number itself (error INVALID_INPUT). */
  | { kind: 'invalid'; consultation: string | null; error: string | null }
  /**
   * No answer about the ID: VIES's error code (MS_UNAVAILABLE, MS_MAX_CONCURRENT_REQ, TIMEOUT,
   * SERVICE_UNAVAILABLE...), or ours for the network. `retry`: whether asking later can help.
   */
  | { kind: 'error'; error: string; retry: boolean };

export interface VatIdChecker {
  /** false for the built-in checker: no check can ever succeed, so none is retried. */
  readonly online: boolean;
  check(query: VatIdQuery): Promise<VatIdAnswer>;
}

/** The built-in checker (no VIES_API_URL): it cannot reach VIES, so no ID is ever verified by it. */
export const offlineVatIdChecker: VatIdChecker = {
  online: false,
  async check() {
    return { kind: 'error', error: 'VIES_NOT_CONFIGURED', retry: false };
  },
};
