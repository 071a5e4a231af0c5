import type { Locale } from '../../../shared/i18n/locales';
import { formatMoney } from '../../../shared/money';
import { sayIn, shippedMessages } from '../../lib/say';
import { customerLanguage } from '../i18n';
import { invoices } from '../../db/schema';
import { markApplied, priceInForce } from '../catalog';
import { priceBeforeCoupon, renewalLines, renewalPrice } from '../coupons';
import { addLedgerEntry, lockedBalanceCents } from '../../lib/credit-ledger';
import { nextRenewalDate } from '../../lib/renewal-dates';
import { dueDunningStep, dunningRulesFrom, nextDunningStep, type DunningState } from './dunning';
import { getBusinessRules } from '../brand';
import { completeRenewal, endCancelledService, failRenewal, suspendForNonPayment, terminateUnpaid, type RenewalDeps } from './renewals.outcomes';
import { applyTax } from '../../../shared/tax';
import { taxColumns, taxContextFor, taxNoteOf } from '../tax';
import { nextDocumentNumber } from './document-numbers';
import {
  ensureRenewal,
  grossOf,
  openRenewalsDue,
  openStatuses,
  renewalWithServer,
  serversPastRenewal,
  transition,
  type RenewalRow,
} from './renewals.repository';
import { defaultSavedCard } from './payment-methods.service';
import { UNKNOWN_CHARGE_STOP_AFTER_MS } from './paid-change';
import { isChargeable, splitUnderMinimum } from '../../lib/minimum-charge';
import type { SavedCardCharge } from '../../integrations/payments/payment-provider';

export type { RenewalDeps } from './renewals.outcomes';

/** How long a worker holds a renewal it is charging; a crashed worker's claim is retaken after it. */
export const CHARGE_LEASE_MS = 10 * 60 * 1000;
const BATCH = 200;

function dunningState(r: RenewalRow): DunningState {
  return { dueAt: r.periodStart, attempts: r.attempts, lastAttemptAt: r.lastAttemptAt, suspended: r.suspendedAt !== null };
}

/**
 * One pass of the renewal job: opens a renewal for every server past its renews_at, then takes
 * every open renewal whose time has come one step further (charge, retry, suspend, terminate, or
 * end a cancellation). Safe to run from many workers at once. Answers how many renewals it moved.
 */
export async function runRenewals(deps: RenewalDeps): Promise<number> {
  const now = deps.clock.now();
  for (const { server, order, cancelAt } of await serversPastRenewal(deps.db, now, BATCH)) {
    // A downgrade scheduled for this renewal changes what it charges (docs/decisions/024-plan-changes-and-proration.md).
    if (deps.applyPlanChanges) {
      await deps.applyPlanChanges(server, cancelAt).catch((error: unknown) => deps.log.error({ err: error, serverId: server.id }, 'could not apply a scheduled plan change'));
    }
    // The order's price, unless a price change was announced for this period with due notice
    // (docs/decisions/018-catalog-versions-and-public-prices.md); never the current catalog's.
    const change = await priceInForce(deps.db, server.id, server.renewsAt);
    // Less the first order's coupon while its duration covers this period (docs/decisions/019-coupons.md).
    const { amountCents } = await renewalPrice(deps.db, {
      orderId: order.id,
      serverId: server.id,
      periodStart: server.renewsAt,
      baseCents: change?.newCents ?? priceBeforeCoupon(order),
      currency: server.currency,
    });
    await ensureRenewal(deps.db, {
      id: deps.ids.uuid(),
      // Its card charge is described in this language, every attempt alike (decision 084, as 082 for paid changes).
      locale: await customerLanguage(deps.db, server.userId),
      serverId: server.id,
      userId: server.userId,
      orderId: order.id,
      periodStart: server.renewsAt,
      periodEnd: nextRenewalDate(server.renewsAt, order.months, order.paidAt ?? server.createdAt),
      amountCents,
      priceChangeId: change?.id ?? null,
      status: 'due',
      nextAttemptAt: server.renewsAt,
      createdAt: now,
      updatedAt: now,
    });
    if (change?.status === 'scheduled') await markApplied(deps.db, change.id, now);
  }
  let moved = 0;
  for (const id of await openRenewalsDue(deps.db, now, BATCH)) {
    try {
      if (await processRenewal(deps, id)) moved += 1;
    } catch (error) {
      deps.log.error({ err: error, renewalId: id }, 'renewal step failed');
    }
  }
  return moved;
}

/** Takes one renewal as far as the clock allows; answers whether anything happened. */
export async function processRenewal(deps: RenewalDeps, renewalId: string): Promise<boolean> {
  let acted = false;
  // Each step is short; a few in a row cover a job that was down for days.
  for (let i = 0; i < 6; i += 1) {
    const row = await renewalWithServer(deps.db, renewalId);
    if (!row || !(openStatuses as readonly string[]).includes(row.renewal.status)) return acted;
    const now = deps.clock.now();
    const { renewal } = row;
    if (renewal.status === 'charging' && renewal.nextAttemptAt && renewal.nextAttemptAt > now) return acted;
    if (row.cancelAt && row.cancelAt <= now) {
      return (await endCancelledService(deps, row)) || acted;
    }
    // A charge that was left half done (its worker stopped) is retried first, under the same key.
    const rules = dunningRulesFrom(await getBusinessRules(deps.db));
    const step = renewal.status === 'charging' ? { action: 'charge' as const } : dueDunningStep(dunningState(renewal), now, rules);
    if (!step) {
      const next = nextDunningStep(dunningState(renewal), rules).at;
      if (renewal.nextAttemptAt?.getTime() !== next.getTime()) await transition(deps.db, renewal, { nextAttemptAt: next, updatedAt: now });
      return acted;
    }
    let done: boolean;
    if (step.action === 'charge') done = await chargeRenewal(deps, row);
    else if (step.action === 'suspend') done = await suspendForNonPayment(deps, row);
    else done = await terminateUnpaid(deps, row);
    if (!done) return acted;
    acted = true;
  }
  return acted;
}

type Row = NonNullable<Awaited<ReturnType<typeof renewalWithServer>>>;

/**
 * Claims the renewal, issues its invoice and applies account credit (first attempt only), then
 * charges the rest to the default card outside the transaction and books the outcome.
 */
async function chargeRenewal(deps: RenewalDeps, row: Row): Promise<boolean> {
  const { renewal, order, server } = row;
  const now = deps.clock.now();
  const retake = renewal.status === 'charging';
  const attempt = retake ? renewal.attempts : renewal.attempts + 1;
  // Asked before the claim, outside any transaction: the invoice below is taxed on the answer
  // (reverse charge only for an ID verified within 30 days; docs/decisions/033-vat-id-checks.md).
  if (!retake && !renewal.invoiceId && deps.vatIds) await deps.vatIds.refreshBeforeRenewal(renewal.userId);
  const claimed = await deps.db.transaction(async (tx) => {
    const won = await transition(tx, renewal, {
      status: 'charging',
      attempts: attempt,
      lastAttemptAt: retake ? renewal.lastAttemptAt : now,
      nextAttemptAt: new Date(now.getTime() + CHARGE_LEASE_MS),
      // A new attempt takes the default card as it is now; a retake sends the one stored on its first try.
      ...(retake ? {} : { chargeMethodId: null, chargeCustomerId: null }),
      updatedAt: now,
    });
    if (!won || won.invoiceId) return won;
    const invoiceId = deps.ids.uuid();
    const billed = row.priceChange ?? order;
    const lines = await renewalLines(tx, {
      orderId: order.id,
      lines: billed.lines,
      baseCents: row.priceChange?.newCents ?? priceBeforeCoupon(order),
      amountCents: renewal.amountCents,
      currency: server.currency,
    });
    // Taxed at issue, for the customer's billing details now; the service keeps the basis (with or
    // without tax in its price) it was sold with (docs/decisions/023-taxes-and-invoice-numbering.md).
    const tax = await taxContextFor(tx, renewal.userId, { inclusive: order.taxInclusive });
    const breakdown = applyTax(renewal.amountCents, tax.treatment);
    // Credit first, then the number: every path takes the credit lock before the invoice counter.
    const credit = Math.max(0, Math.min(await lockedBalanceCents(tx, renewal.userId, server.currency), breakdown.grossCents));
    const number = await nextDocumentNumber(tx, 'invoice');
    await tx.insert(invoices).values({
      id: invoiceId,
      number,
      userId: renewal.userId,
      orderId: order.id,
      lines,
      subtotalCents: billed.subtotalCents,
      discountCents: billed.discountCents,
      totalCents: renewal.amountCents,
      currency: server.currency,
      ...taxColumns(breakdown),
      seller: tax.seller,
      buyer: tax.buyer,
      taxNote: taxNoteOf(breakdown.reverseCharge),
      status: 'pending',
      issuedAt: now,
    });
    if (credit > 0) {
      await addLedgerEntry(tx, {
        id: deps.ids.uuid(),
        userId: renewal.userId,
        amountCents: -credit,
        currency: server.currency,
        kind: 'credit_applied',
        reason: `Applied to invoice ${number} (${server.name} renewal)`,
        referenceId: invoiceId,
        createdAt: now,
      });
    }
    return transition(tx, won, { invoiceId, creditCents: credit, grossCents: breakdown.grossCents, updatedAt: now });
  });
  if (!claimed?.invoiceId) return false;

  let settled = await settleUnderMinimum(deps, claimed, server.name, server.currency);
  if (!settled) return false;
  const toCharge = grossOf(settled) - settled.creditCents - settled.waivedCents;
  const firstTry = settled.lastAttemptAt ?? now;
  if (retake && toCharge > 0 && now.getTime() - firstTry.getTime() >= UNKNOWN_CHARGE_STOP_AFTER_MS) {
    await stopUnknownRenewalCharge(deps, settled, server.name, `renewal-${renewal.id}-${attempt}`, firstTry);
    return false;
  }
  let outcome: SavedCardCharge | { ok: true; paymentId: null };
  if (toCharge === 0) {
    outcome = { ok: true, paymentId: null };
  } else if (!deps.payments.chargeSaved) {
    outcome = { ok: false, reason: 'Saved cards cannot be charged with this payment provider.' };
  } else {
    try {
      let card = settled.chargeMethodId ? { id: settled.chargeMethodId, customerId: settled.chargeCustomerId } : null;
      if (!card) {
        // Inside the try: a provider error while listing cards leaves the outcome unknown.
        const found = await defaultSavedCard(deps, renewal.userId);
        if (found) {
          card = { id: found.id, customerId: found.customerId };
          const stamped = await transition(deps.db, settled, { chargeMethodId: card.id, chargeCustomerId: card.customerId, updatedAt: now });
          if (!stamped) return false;
          settled = stamped;
        }
      }
      if (!card) {
        // On a retake the first try may have charged a card removed since: still unknown.
        if (retake) return true;
        outcome = { ok: false, reason: 'There is no saved card to charge.' };
      } else {
        outcome = await deps.payments.chargeSaved(card.id, toCharge, await renewalChargeDescription(renewal.locale, server.name, toCharge, server.currency), {
          currency: server.currency,
          idempotencyKey: `renewal-${renewal.id}-${attempt}`,
          metadata: { renewal_id: renewal.id, server_id: server.id, invoice_id: claimed.invoiceId },
          customerId: card.customerId,
        });
        if (!outcome.ok && outcome.cardGone && retake) {
          deps.log.error({ renewalId: renewal.id, reason: outcome.reason }, 'renewal retry found its card gone; its outcome stays unknown');
          return true;
        }
      }
    } catch (error) {
      // The outcome is unknown: the claim runs out and the same key is tried again.
      deps.log.error({ err: error, renewalId: renewal.id }, 'renewal charge errored');
      return true;
    }
  }
  if (outcome.ok) {
    await completeRenewal(deps, row, settled, outcome.paymentId);
  } else if (outcome.refused === 'request') {
    // Stripe refused the request itself: the same request would be refused on every retry, so the
    // attempt ends here and dunning takes over, with staff told what Stripe said.
    deps.log.error({ renewalId: renewal.id, serverId: server.id, reason: outcome.reason }, 'the payment provider refused a renewal charge; staff must look at it');
    await failRenewal(deps, row, settled, 'The payment could not be taken. Our team has been told and will be in touch.', outcome.reason);
  } else {
    await failRenewal(deps, row, settled, outcome.reason);
  }
  return true;
}

/**
 * A renewal charge still unknown 23 hours after the attempt's first try is not sent again: Stripe
 * may have forgotten its key, and the same key would then charge a second time (decision 084). It
 * stays claimed; staff are told, again each day, and settle it by hand.
 */
async function stopUnknownRenewalCharge(deps: RenewalDeps, renewal: RenewalRow, serverName: string, key: string, firstTry: Date): Promise<void> {
  const now = deps.clock.now();
  await transition(deps.db, renewal, { nextAttemptAt: new Date(now.getTime() + 24 * 3600_000), updatedAt: now });
  await deps.alerts?.raise(
    {
      kind: 'server_needs_staff',
      subject: `Card charge must be settled by hand: the renewal of ${serverName}`,
      lines: [
        `The renewal charge of ${serverName} has had no answer from the payment provider since ${firstTry.toISOString()}.`,
        `It is no longer asked again: the provider forgets the idempotency key ${key} after 24 hours, and the same key would then charge the card a second time. It stays claimed until someone settles it.`,
        `Look for the payment with metadata renewal_id = ${renewal.id} in the payment provider's dashboard${renewal.chargeCustomerId ? ` (customer ${renewal.chargeCustomerId})` : ''}.`,
      ],
      link: `/admin/servers/${renewal.serverId}`,
    },
    { throttleKey: `unknown-charge-stopped:${renewal.id}`, throttleSeconds: 24 * 3600 },
  );
}

/**
 * The renewal charge's description ('Verlängerung von Creeper Valley (15,00 $)'), in the language
 * stored on the renewal when it was opened and worded as the build ships it: an attempt whose
 * outcome is unknown is sent again with the same idempotency key, and Stripe refuses a key sent
 * again with other parameters (decision 082). A renewal opened before it had a language keeps the
 * English words it was sent with.
 */
export async function renewalChargeDescription(locale: Locale | null, serverName: string, amountCents: number, currency: string): Promise<string> {
  if (!locale) return `${serverName} renewal (${formatMoney(amountCents, currency)})`;
  const say = await sayIn(shippedMessages, locale, 'public');
  return `${say('line.renewal', { server: serverName }) ?? `${serverName} renewal`} (${formatMoney(amountCents, currency, locale)})`;
}

/**
 * An amount left to charge under the minimum charge is never sent to the provider
 * (minimum-charge.ts): credit pays what it can, the rest is waived, both written on the renewal
 * before any charge. Answers the renewal as it now stands, or undefined when another worker moved it.
 */
async function settleUnderMinimum(deps: RenewalDeps, claimed: RenewalRow, serverName: string, currency: string): Promise<RenewalRow | undefined> {
  const left = grossOf(claimed) - claimed.creditCents - claimed.waivedCents;
  if (left <= 0 || isChargeable(left, currency)) return claimed;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const split = splitUnderMinimum({ dueCents: left, balanceCents: await lockedBalanceCents(tx, claimed.userId, currency), currency });
    // Credit applied to a renewal stays within its amount (renewals_amount_check); the rest is waived.
    const credit = Math.min(split.creditCents, Math.max(0, claimed.amountCents - claimed.creditCents));
    if (credit > 0 && claimed.invoiceId) {
      await addLedgerEntry(tx, {
        id: deps.ids.uuid(),
        userId: claimed.userId,
        amountCents: -credit,
        currency,
        kind: 'credit_applied',
        reason: `Applied to the rest of the ${serverName} renewal, under the minimum card charge`,
        referenceId: `${claimed.invoiceId}:under-minimum`,
        createdAt: now,
      });
    }
    const waived = left - credit;
    if (waived > 0) deps.log.info({ renewalId: claimed.id, waivedCents: waived }, 'renewal rest under the minimum charge waived');
    return transition(tx, claimed, { creditCents: claimed.creditCents + credit, waivedCents: claimed.waivedCents + waived, updatedAt: now });
  });
}
