import type { VatCheck } from '../../../shared/schemas/tax';
import { splitVatId } from '../../../shared/vat-ids';
import type { VatIdAnswer } from '../../integrations/vies/vat-id-checker';
import type { BillingDetailsRow, VatCheckPatch } from './tax.repository';

/*
 * The rules of VAT ID checks (docs/decisions/033-vat-id-checks.md), as plain functions: what an
 * answer from VIES makes of a saved ID, and when a verified one is asked about again.
 */

/** A renewal asks VIES again about an ID last verified longer ago than this. */
export const RECHECK_AFTER_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

type CheckState = Pick<BillingDetailsRow, 'vatId' | 'vatIdStatus' | 'vatIdCheckedAt'>;

/**
 * Whether VIES should be asked before the customer's next invoice: an ID still being checked, or
 * one verified (by VIES or by hand) more than 30 days ago. An ID VIES found invalid waits for the
 * customer to change it, or to save it again.
 */
export function vatCheckDue(row: CheckState | null | undefined, now: Date): boolean {
  if (!row?.vatId) return false;
  if (row.vatIdStatus === 'checking') return true;
  if (row.vatIdStatus !== 'verified') return false;
  return !row.vatIdCheckedAt || now.getTime() - row.vatIdCheckedAt.getTime() > RECHECK_AFTER_DAYS * DAY_MS;
}

/**
 * What an answer changes. Valid: verified, with VIES's consultation number. Not registered (or
 * refused as input): invalid. No answer: 'checking' (VAT is charged meanwhile), keeping the date and
 * number of the last verification for the record, with VIES's error.
 */
export function patchFor(answer: VatIdAnswer, now: Date): VatCheckPatch {
  if (answer.kind === 'valid') {
    return { vatIdStatus: 'verified', vatIdCheckedAt: now, vatIdConsultation: answer.consultation, vatIdVerifiedBy: 'vies', vatIdCheckError: null, vatIdAttemptedAt: now };
  }
  if (answer.kind === 'invalid') {
    return { vatIdStatus: 'invalid', vatIdCheckedAt: now, vatIdConsultation: answer.consultation, vatIdVerifiedBy: 'vies', vatIdCheckError: answer.error, vatIdAttemptedAt: now };
  }
  return { vatIdStatus: 'checking', vatIdCheckError: answer.error, vatIdAttemptedAt: now };
}

/** The seller's tax ID as VIES's requester, when it is a well-formed EU VAT ID: then VIES answers a consultation number. */
export function requesterOf(sellerTaxId: string): { countryCode: string; vatNumber: string } | null {
  return splitVatId(sellerTaxId);
}

/** The check behind the current status, as billing details and invoices show it. */
export function vatCheckOf(row: Pick<BillingDetailsRow, 'vatIdVerifiedBy' | 'vatIdCheckedAt' | 'vatIdConsultation'>): VatCheck | null {
  if (!row.vatIdVerifiedBy || !row.vatIdCheckedAt) return null;
  return { by: row.vatIdVerifiedBy, consultation: row.vatIdConsultation, checkedAt: row.vatIdCheckedAt.toISOString() };
}
