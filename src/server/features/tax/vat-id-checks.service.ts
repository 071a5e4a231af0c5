import { splitVatId } from '../../../shared/vat-ids';
import type { Executor } from '../../db/client';
import type { VatIdAnswer, VatIdChecker } from '../../integrations/vies/vat-id-checker';
import { conflict, notFound } from '../../lib/errors';
import type { Clock } from '../../lib/runtime';
import { billingDetailsRow, lockBillingDetails, recordVatCheck, storeSettingsRow, vatIdsStillChecking, type BillingDetailsRow } from './tax.repository';
import { patchFor, requesterOf, vatCheckDue } from './vat-id-checks';

/*
 * VAT IDs checked with VIES (docs/decisions/033-vat-id-checks.md): when the customer saves one, at
 * once; while VIES cannot answer, by the retry job with backoff (VAT is charged meanwhile); before
 * each renewal's invoice when the last verification is over 30 days old.
 */

interface Log {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface VatIdChecksDeps {
  db: Executor;
  clock: Clock;
  checker: VatIdChecker;
  log: Log;
  /** The retry job (jobs/vat-id-checks.ts); one queued job per customer. */
  retries: { enqueue(userId: string): Promise<void> };
}

export interface VatIdChecks {
  /** Asks VIES about the customer's saved VAT ID now, and queues retries while it cannot answer. */
  checkNow(userId: string): Promise<BillingDetailsRow | undefined>;
  /** The retry job's step: throws while VIES still cannot answer, so the queue tries again later (except on the last attempt). */
  retry(userId: string, options: { last: boolean }): Promise<void>;
  /** Before a renewal's invoice: asks again about an ID still being checked, or verified more than 30 days ago. */
  refreshBeforeRenewal(userId: string): Promise<void>;
  /** Customers whose ID is still being checked and was not asked about for an hour: the sweep queues them again. */
  stillChecking(): Promise<string[]>;
}

const SWEEP_AFTER_MS = 60 * 60 * 1000;

export function createVatIdChecks(deps: VatIdChecksDeps): VatIdChecks {
  async function ask(row: BillingDetailsRow): Promise<VatIdAnswer> {
    const id = splitVatId(row.vatId);
    if (!id) return { kind: 'invalid', consultation: null, error: 'MALFORMED' };
    const requester = requesterOf((await storeSettingsRow(deps.db)).sellerTaxId);
    const answer = await deps.checker.check({ ...id, requester });
    if (answer.kind === 'error' && answer.error === 'INVALID_REQUESTER_INFO' && requester) {
      // Our own tax ID was refused (staff may have mistyped it in Settings): still check the
      // customer's, without the consultation number only the requester's ID brings.
      deps.log.warn({ requester: `${requester.countryCode}${requester.vatNumber}` }, "VIES refused the seller's tax ID as requester; checking without it");
      return deps.checker.check({ ...id, requester: null });
    }
    return answer;
  }

  async function check(userId: string): Promise<{ row: BillingDetailsRow | undefined; answer: VatIdAnswer | null }> {
    const row = await billingDetailsRow(deps.db, userId);
    if (!row?.vatId) return { row, answer: null };
    const answer = await ask(row);
    if (answer.kind === 'error' && answer.retry) deps.log.warn({ userId, error: answer.error }, 'VIES could not check a VAT ID; VAT is charged until it can');
    const saved = await recordVatCheck(deps.db, userId, row.vatId, patchFor(answer, deps.clock.now()));
    return { row: saved ?? (await billingDetailsRow(deps.db, userId)), answer };
  }

  async function queueRetry(userId: string, answer: VatIdAnswer | null) {
    if (answer?.kind !== 'error' || !answer.retry || !deps.checker.online) return;
    await deps.retries.enqueue(userId).catch((error: unknown) => deps.log.error({ err: error, userId }, 'could not queue a VAT ID check'));
  }

  async function checkNow(userId: string) {
    const { row, answer } = await check(userId);
    await queueRetry(userId, answer);
    return row;
  }

  return {
    checkNow,

    async retry(userId, { last }) {
      const current = await billingDetailsRow(deps.db, userId);
      if (!current?.vatId || current.vatIdStatus !== 'checking') return;
      const { answer } = await check(userId);
      if (answer?.kind === 'error' && answer.retry && deps.checker.online && !last) {
        throw new Error(`VIES could not answer (${answer.error}); trying again later`);
      }
    },

    async refreshBeforeRenewal(userId) {
      const row = await billingDetailsRow(deps.db, userId);
      if (!vatCheckDue(row, deps.clock.now())) return;
      try {
        await checkNow(userId);
      } catch (error) {
        // The renewal goes on with the ID as it stands (a stale verification still counts as one).
        deps.log.error({ err: error, userId }, 'could not re-check a VAT ID before a renewal');
      }
    },

    async stillChecking() {
      if (!deps.checker.online) return [];
      return vatIdsStillChecking(deps.db, new Date(deps.clock.now().getTime() - SWEEP_AFTER_MS));
    },
  };
}

/**
 * Staff mark a customer's VAT ID as verified by hand (the audited action of the customer page,
 * features/admin/customers). `vatId` is the ID the staff member looked at: a changed one refuses.
 * Answers the status before, for the audit record.
 */
export async function verifyVatIdByHand(tx: Executor, now: Date, userId: string, vatId: string) {
  const row = await lockBillingDetails(tx, userId);
  if (!row) throw notFound('This customer has not given billing details yet.');
  if (!row.vatId) throw conflict('This customer has no VAT ID to verify.');
  if (row.vatId !== vatId) throw conflict('The customer changed their VAT ID while you were looking at it. Reload the page and check the new one.');
  if (row.vatIdStatus === 'verified' && !vatCheckDue(row, now)) throw conflict('This VAT ID is already verified.');
  const before = { vatId: row.vatId, vatIdStatus: row.vatIdStatus, vatIdCheckError: row.vatIdCheckError, vatIdCheckedAt: row.vatIdCheckedAt?.toISOString() ?? null };
  await recordVatCheck(tx, userId, row.vatId, { vatIdStatus: 'verified', vatIdCheckedAt: now, vatIdConsultation: null, vatIdVerifiedBy: 'staff', vatIdCheckError: null, vatIdAttemptedAt: now });
  return { before, after: { vatId: row.vatId, vatIdStatus: 'verified', vatIdVerifiedBy: 'staff', vatIdCheckedAt: now.toISOString() } };
}
