import { and, eq } from 'drizzle-orm';
import { baseLocale, type Locale } from '../../../shared/i18n/locales';
import type { Say } from '../../../shared/line-text';
import { formatMoney } from '../../../shared/money';
import type { TaxBreakdown } from '../../../shared/tax';
import type { Tx } from '../../db/client';
import { orders, purchases, type OrderLine } from '../../db/schema';
import { logActivity, type ActivityText } from '../../lib/activity';
import { addLedgerEntry, lockedBalanceCents } from '../../lib/credit-ledger';
import { HttpError } from '../../lib/errors';
import type { StaffAlerter } from '../../lib/staff-alert';
import { isChargeable } from '../../lib/minimum-charge';
import { sayIn, shippedMessages } from '../../lib/say';
import { announceCommission, recordReferralCommission } from '../affiliate';
import { lockServer, type ServerRow } from '../servers';
import { taxColumns } from '../tax';
import type { BillingDeps } from './billing-deps';
import { issuePaidInvoice } from './paid-invoice';
import { getBusinessRules } from '../brand';
import { defaultSavedCard } from './payment-methods.service';
import type { FoundCharge } from '../../integrations/payments/payment-provider';
import type { Db } from '../../db/client';

// One payment flow for the paid changes of a running server, plan changes and region moves
// (docs/decisions/043): claim under the server's row lock (account credit booked first, the order
// priced), charge the saved card off-session, then either fail (credit back, order expired) or
// record (order paid, purchase, invoice, commission). Each feature brings its own row and words.

export type PaidChangeDeps = Pick<BillingDeps, 'db' | 'clock' | 'ids' | 'payments' | 'events' | 'log'>;

/** A card charge whose outcome was never written is settled again after this, with the same idempotency key. */
export const PAID_CHANGE_LEASE_MS = 10 * 60 * 1000;

/** How long the order of a charge whose outcome is unknown is kept open after each try (decision 084). */
export const UNKNOWN_CHARGE_ORDER_HOLD_MS = 24 * 60 * 60 * 1000;

/** A charge still unknown this long after its claim is brought to staff, once a day while it stays so. */
export const UNKNOWN_CHARGE_ALERT_AFTER_MS = 60 * 60 * 1000;

/**
 * Stripe keeps an idempotency key for at least 24 hours and then prunes it: the same key would then
 * make a new payment. A charge still unknown this long after its first try is never sent again; staff
 * settle it by hand (decision 084).
 */
export const UNKNOWN_CHARGE_STOP_AFTER_MS = 23 * 60 * 60 * 1000;

/** The money of a claimed change, whatever table its row lives in. */
export interface ClaimedCharge {
  id: string;
  userId: string;
  serverId: string;
  grossCents: number;
  /** The service's currency, which the change is charged and credited in (decision 053). */
  currency: string;
  /** Account credit booked at the claim, given back when the card declines. */
  creditCents: number;
  orderId: string | null;
  /** When it was claimed: a charge still unknown long after is brought to staff (decision 084). */
  createdAt: Date;
  /** The card and provider customer the first try was sent with, and when; null before it (decision 084). */
  chargeMethodId: string | null;
  chargeCustomerId: string | null;
  chargeTriedAt: Date | null;
}

/** The card a change's first try was sent with, stored so that every retry sends the same request. */
export interface ChargeStamp {
  chargeMethodId: string;
  chargeCustomerId: string | null;
  chargeTriedAt: Date;
}

/** What differs between plan changes and region moves, for one deps. */
export interface PaidChangeKind<Row> {
  /** `plan-change` or `region-move`: starts the charge's idempotency key and the ledger's references. */
  key: 'plan-change' | 'region-move';
  /** The provider's metadata field that names the change. */
  metadataKey: string;
  money(row: Row): ClaimedCharge;
  /** What the customer reads: 'the upgrade to Minecraft 4GB', 'the move to EU West'. */
  subject(row: Row): string;
  /** The activity line of a refused charge, in the reader's language. */
  failedText(row: Row, reason: string): ActivityText;
  /** The card charge's words in the customer's language: 'Upgrade to Minecraft 4GB'. */
  chargeLabel(row: Row, say: Say): string;
  /** The customer's language stored on the row at its claim; null on rows from before it was (English). */
  locale(row: Row): Locale | null;
  /** Follows the card's refusal in the 402 answer. */
  declinedNote: string;
  /** Answered when another request or worker settled the change first. */
  conflict(): HttpError;
  /** Stores the card of the first try on the row while it is 'charging', unless one is stored already. */
  stampCharge(db: Db, row: Row, stamp: ChargeStamp): Promise<void>;
  /** Moves the row from 'charging' to its failed state; false when someone else moved it first. */
  markFailed(tx: Tx, row: Row, reason: string, now: Date): Promise<boolean>;
  /** Moves the row from 'charging' to its paid state; false when someone else moved it first. */
  markPaid(tx: Tx, row: Row, paymentId: string | null, now: Date): Promise<boolean>;
  /** Writes the invoice on the paid row and answers the row. */
  markInvoiced(tx: Tx, row: Row, invoiceId: string, paymentId: string | null, now: Date): Promise<Row>;
  /** After the payment is recorded: the work queued, the customer told. */
  afterPaid(row: Row, invoiceNumber: string): Promise<void>;
}

/** The columns of a change's order that are the feature's; the rest follow from its one prorated line. */
export type ProratedOrder = Pick<
  typeof orders.$inferInsert,
  'userId' | 'kind' | 'game' | 'planId' | 'period' | 'months' | 'location' | 'addons' | 'serverName' | 'planName' | 'buyer' | 'catalogVersion'
> & { line: OrderLine; breakdown: TaxBreakdown };

export interface PaidChangeClaim<Row> {
  serverId: string;
  /** Refusals decided under the server's row lock (a change of the same server got there first); throws to refuse. */
  refuse(tx: Tx, server: ServerRow): Promise<void>;
  /** What is paid now; absent when nothing is (a downgrade, a free swap, a move that costs less). */
  payment?: {
    grossCents: number;
    /** Account credit pays first. */
    useCredit: boolean;
    /** Refuses, once the credit is known, a change that neither it nor the saved card can pay. */
    refuseUnpayable?(creditCents: number): void;
    creditReason(server: ServerRow): string;
    order: ProratedOrder;
    /** How long the order stays open: the charge's lease, or a checkout's life. */
    orderTtlMs: number;
  };
  insert(tx: Tx, claim: { id: string; server: ServerRow; creditCents: number; orderId: string | null; now: Date }): Promise<Row>;
}

const longDate = (d: Date) => d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

export function durationLabel(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const parts = [days > 0 ? `${days} day${days === 1 ? '' : 's'}` : '', hours > 0 ? `${hours} hour${hours === 1 ? '' : 's'}` : ''].filter(Boolean);
  return parts.join(' ') || 'less than an hour';
}

/** What a prorated line changes, in the stored English and as the message that words it in the reader's language (decision 069). */
export interface ProratedChange {
  key: 'line.planChange' | 'line.regionMove';
  from: string;
  to: string;
  english: string;
}

/** The invoice line of a change's prorated difference: '<server>: <what>, prorated for the 3 days left until Feb 15, 2030'. */
export function proratedLine(serverName: string, change: ProratedChange, secondsLeft: number, periodEnd: Date, amountCents: number): OrderLine {
  const days = Math.floor(secondsLeft / 86_400);
  const hours = Math.floor((secondsLeft % 86_400) / 3_600);
  return {
    description: `${serverName}: ${change.english}, prorated for the ${durationLabel(secondsLeft)} left until ${longDate(periodEnd)}`,
    text: { key: change.key, values: { server: serverName, from: change.from, to: change.to, days, hours }, dates: { until: periodEnd.toISOString() } },
    quantity: 1,
    unitCents: amountCents,
    amountCents,
  };
}

/**
 * Inserts the change under the server's row lock, so a double click or two tabs make one change
 * and the second is refused. A payment books the account credit first (given back if the card then
 * declines) and gets an order priced now, which becomes the invoice when it is paid.
 */
export async function claimPaidChange<Row>(deps: PaidChangeDeps, kind: Pick<PaidChangeKind<Row>, 'key' | 'conflict'>, claim: PaidChangeClaim<Row>): Promise<Row> {
  const now = deps.clock.now();
  const id = deps.ids.uuid();
  const { payment } = claim;
  const orderId = payment ? deps.ids.uuid() : null;
  return deps.db.transaction(async (tx) => {
    const server = await lockServer(tx, claim.serverId);
    if (!server) throw kind.conflict();
    await claim.refuse(tx, server);
    let creditCents = 0;
    const currency = server.currency;
    if (payment && payment.grossCents > 0) {
      const balance = await lockedBalanceCents(tx, server.userId, currency);
      if (payment.useCredit) creditCents = Math.max(0, Math.min(balance, payment.grossCents));
      // A rest under the card's minimum is never sent (decision 047): credit pays what it can of
      // it, even when the customer chose to keep their credit, and amountForCard waives the rest.
      const rest = payment.grossCents - creditCents;
      if (rest > 0 && !isChargeable(rest, currency)) creditCents += Math.max(0, Math.min(balance - creditCents, rest));
    }
    if (payment) {
      payment.refuseUnpayable?.(creditCents + waivedOf({ grossCents: payment.grossCents, creditCents, currency }));
      const { line, breakdown, ...columns } = payment.order;
      await tx.insert(orders).values({
        ...columns,
        id: orderId!,
        lines: [line],
        subtotalCents: line.amountCents,
        discountCents: 0,
        totalCents: line.amountCents,
        ...taxColumns(breakdown),
        currency,
        provider: deps.payments.id,
        status: 'pending',
        createdAt: now,
        expiresAt: new Date(now.getTime() + payment.orderTtlMs),
      });
    }
    const row = await claim.insert(tx, { id, server, creditCents, orderId, now });
    if (payment && creditCents > 0) {
      await addLedgerEntry(tx, {
        id: deps.ids.uuid(),
        userId: server.userId,
        amountCents: -creditCents,
        currency,
        kind: 'credit_applied',
        reason: payment.creditReason(server),
        referenceId: `${kind.key}:${id}`,
        createdAt: now,
      });
    }
    return row;
  });
}

/**
 * What is waived of a change: a rest after credit that is under the card's minimum charge
 * (decision 047's rule: never sent to the provider, never carried, never rounded up).
 */
export function waivedOf(charge: Pick<ClaimedCharge, 'grossCents' | 'creditCents' | 'currency'>): number {
  const rest = charge.grossCents - charge.creditCents;
  return rest > 0 && !isChargeable(rest, charge.currency) ? rest : 0;
}

/**
 * What the saved card is asked for: the gross less the credit booked at the claim, and nothing
 * when that is under the minimum charge. The one place that decides the card's amount.
 */
export function amountForCard(charge: ClaimedCharge): number {
  return charge.grossCents - charge.creditCents - waivedOf(charge);
}

/**
 * The card charge's description ('Upgrade auf Minecraft 4GB (3,50 $)'), in the language stored on
 * the change at its claim and worded as the build ships it: a charge a stopped process left is sent
 * again with the same idempotency key, and Stripe refuses a key used again with other parameters,
 * so neither the customer's language now nor staff's rewording may change it (decision 082).
 */
export async function chargeDescription<Row>(kind: Pick<PaidChangeKind<Row>, 'chargeLabel' | 'locale'>, row: Row, amountCents: number, currency: string): Promise<string> {
  const locale = kind.locale(row) ?? baseLocale;
  const say = await sayIn(shippedMessages, locale, 'public');
  return `${kind.chargeLabel(row, say)} (${formatMoney(amountCents, currency, locale)})`;
}

/** What the charge came to: paid, refused (the card or Stripe said no), or not known (decision 084). */
type ChargeOutcome = { ok: true; paymentId: string | null } | { ok: false; reason: string } | { ok: 'unknown' };

/**
 * Charges the card for what the credit left. The first try takes the default card and stores it
 * (with its provider customer) on the row; a retry (`retry`: the change was left claimed) sends the
 * stored card under the same key, so neither removing the card nor choosing another default changes
 * the request. On a retry, a card that is gone proves nothing about the first try: unknown.
 */
async function chargeCard<Row>(deps: PaidChangeDeps, kind: PaidChangeKind<Row>, row: Row, retry: boolean): Promise<ChargeOutcome> {
  const charge = kind.money(row);
  const toCharge = amountForCard(charge);
  if (toCharge <= 0) return { ok: true, paymentId: null };
  const unknown = (why: string) => {
    deps.log.error({ changeId: charge.id, kind: kind.key, why }, 'paid change retry found no card to send; its outcome stays unknown');
    return { ok: 'unknown' } as const;
  };
  try {
    if (!deps.payments.chargeSaved) return retry ? unknown('no saved cards') : { ok: false, reason: 'There is no saved card to charge.' };
    let stamp: Omit<ChargeStamp, 'chargeTriedAt'> | null = charge.chargeMethodId ? { chargeMethodId: charge.chargeMethodId, chargeCustomerId: charge.chargeCustomerId } : null;
    if (!stamp) {
      // Read inside the try: a provider error while listing cards leaves the outcome unknown, not a 500.
      const card = await defaultSavedCard(deps, charge.userId);
      if (!card) return retry ? unknown('no saved card') : { ok: false, reason: 'There is no saved card to charge.' };
      stamp = { chargeMethodId: card.id, chargeCustomerId: card.customerId };
      // A change left claimed from before the card was stored was tried soon after its claim.
      await kind.stampCharge(deps.db, row, { ...stamp, chargeTriedAt: retry ? charge.createdAt : deps.clock.now() });
    }
    const outcome = await deps.payments.chargeSaved(stamp.chargeMethodId, toCharge, await chargeDescription(kind, row, toCharge, charge.currency), {
      currency: charge.currency,
      idempotencyKey: `${kind.key}-${charge.id}`,
      metadata: { [kind.metadataKey]: charge.id, server_id: charge.serverId },
      customerId: stamp.chargeCustomerId,
    });
    if (!outcome.ok && outcome.cardGone && retry) return unknown(outcome.reason);
    return outcome;
  } catch (error) {
    // Declines and refused requests are answered, not thrown: a throw (the connection lost after
    // Stripe charged, a 5xx, a rate limit, an idempotency error) leaves the outcome unknown. The
    // change stays claimed and the sweep asks again with the same key once the lease runs out.
    deps.log.error({ err: error, changeId: charge.id, kind: kind.key }, 'paid change charge errored; its outcome is unknown and it will be asked again');
    return { ok: 'unknown' };
  }
}

/**
 * A charge whose outcome is unknown keeps its order open past the checkout sweep's expiry: it
 * becomes the invoice if the retry finds the charge went through.
 */
async function holdOrder(deps: PaidChangeDeps, charge: ClaimedCharge): Promise<void> {
  if (!charge.orderId) return;
  const until = new Date(deps.clock.now().getTime() + UNKNOWN_CHARGE_ORDER_HOLD_MS);
  await deps.db.update(orders).set({ expiresAt: until }).where(and(eq(orders.id, charge.orderId), eq(orders.status, 'pending')));
}

/**
 * Tells staff about a charge the provider has not answered for long: it is never failed on a guess,
 * so someone should look at the payment in the provider's dashboard (a 500 Stripe replays for 24
 * hours, a key refused with other parameters).
 */
async function alertUnknownCharge<Row>(alerts: StaffAlerter | undefined, kind: PaidChangeKind<Row>, row: Row, stopped: boolean): Promise<void> {
  const charge = kind.money(row);
  const since = (charge.chargeTriedAt ?? charge.createdAt).toISOString();
  await alerts?.raise(
    {
      kind: 'server_needs_staff',
      subject: `${stopped ? 'Card charge must be settled by hand' : 'Card charge not confirmed'}: ${kind.subject(row)}`,
      lines: [
        `The saved-card charge for ${kind.subject(row)} has had no answer from the payment provider since ${since}.`,
        stopped
          ? `It is no longer asked again: the provider forgets the idempotency key ${kind.key}-${charge.id} after 24 hours, and the same key would then charge the card a second time. It stays claimed, with its account credit and order, until someone settles it.`
          : `It stays claimed, with its account credit and order, and is asked again with the idempotency key ${kind.key}-${charge.id} at every sweep until ${new Date((charge.chargeTriedAt ?? charge.createdAt).getTime() + UNKNOWN_CHARGE_STOP_AFTER_MS).toISOString()}; it is not failed without an answer.`,
        `Look for the payment with metadata ${kind.metadataKey} = ${charge.id} in the payment provider's dashboard${charge.chargeCustomerId ? ` (customer ${charge.chargeCustomerId})` : ''}.`,
      ],
      link: `/admin/servers/${charge.serverId}`,
    },
    { throttleKey: `unknown-charge${stopped ? '-stopped' : ''}:${charge.id}`, throttleSeconds: 24 * 3600 },
  );
}

/** The card declined: the change fails, its order expires and the credit it had taken goes back. */
async function failPaidChange<Row>(deps: PaidChangeDeps, kind: PaidChangeKind<Row>, row: Row, reason: string): Promise<void> {
  const now = deps.clock.now();
  const charge = kind.money(row);
  await deps.db.transaction(async (tx) => {
    const failed = await kind.markFailed(tx, row, reason, now);
    if (failed && charge.orderId) await tx.update(orders).set({ status: 'expired' }).where(eq(orders.id, charge.orderId));
    if (failed && charge.creditCents > 0) {
      await addLedgerEntry(tx, {
        id: deps.ids.uuid(),
        userId: charge.userId,
        amountCents: charge.creditCents,
        currency: charge.currency,
        kind: 'refund_credit',
        reason: `Credit returned: ${kind.subject(row)} was not paid`,
        referenceId: `${kind.key}-return:${charge.id}`,
        createdAt: now,
      });
    }
  });
  await logActivity(deps, { userId: charge.userId, kind: 'payment', text: kind.failedText(row, reason), subjectId: charge.serverId });
  deps.events.publish(charge.userId, { topic: 'servers', id: charge.serverId });
}

/** The charge went through: the order paid, a purchase, its invoice and any commission, in one transaction. */
async function recordPaidChange<Row>(deps: PaidChangeDeps, kind: PaidChangeKind<Row>, row: Row, paymentId: string | null): Promise<Row> {
  const now = deps.clock.now();
  const purchaseId = deps.ids.uuid();
  const charge = kind.money(row);
  // Read before the transaction: on PGlite a query outside it would wait for it to end.
  const rules = await getBusinessRules(deps.db);
  const done = await deps.db.transaction(async (tx) => {
    if (!(await kind.markPaid(tx, row, paymentId, now)) || !charge.orderId) return null;
    const [order] = await tx.update(orders).set({ status: 'paid', paidAt: now }).where(eq(orders.id, charge.orderId)).returning();
    if (!order) throw new Error(`${kind.key} ${charge.id}: its order is missing`);
    await tx.insert(purchases).values({
      id: purchaseId,
      userId: charge.userId,
      orderId: order.id,
      planName: order.planName,
      amountCents: charge.grossCents,
      waivedCents: waivedOf(charge),
      status: 'paid',
      provider: deps.payments.id,
      providerPaymentId: paymentId,
      createdAt: now,
    });
    const invoice = await issuePaidInvoice(tx, deps.ids, order, purchaseId, now);
    // Commission on what the card paid of the net, as for renewals: credit counts against the net first.
    const commissionable = Math.min(amountForCard(charge), Math.max(0, order.netCents - charge.creditCents));
    const commission =
      commissionable > 0
        ? await recordReferralCommission(tx, deps.ids, { purchaseId, customerUserId: charge.userId, planName: order.planName, paymentCents: commissionable, currency: order.currency, paidAt: now }, rules)
        : null;
    const paid = await kind.markInvoiced(tx, row, invoice.id, paymentId, now);
    return { row: paid, invoice, commission };
  });
  if (!done) throw kind.conflict();
  if (done.commission) await announceCommission(deps, done.commission).catch((error: unknown) => deps.log.warn({ err: error }, 'could not announce a commission'));
  await kind.afterPaid(done.row, done.invoice.number);
  return done.row;
}

/**
 * Pays a claimed change with the saved card for what the credit left (off-session, as renewals
 * are charged). Answers the paid row; the row still claimed ('charging') when the provider's answer
 * was lost, for the sweep to settle with the same key (decision 084); or throws 402 with the
 * card's refusal after giving the credit back.
 */
export async function payClaimedChange<Row>(deps: PaidChangeDeps, kind: PaidChangeKind<Row>, row: Row): Promise<Row> {
  const outcome = await chargeCard(deps, kind, row, false);
  if (outcome.ok === 'unknown') {
    await holdOrder(deps, kind.money(row));
    return row;
  }
  if (outcome.ok) return recordPaidChange(deps, kind, row, outcome.paymentId);
  await failPaidChange(deps, kind, row, outcome.reason);
  throw new HttpError(402, 'card_declined', `${outcome.reason} ${kind.declinedNote}`);
}

/** The change's payment among the customer's at the provider, or null when it cannot be found or asked. */
async function findCharge<Row>(deps: PaidChangeDeps, kind: PaidChangeKind<Row>, charge: ClaimedCharge): Promise<FoundCharge | null> {
  if (!deps.payments.findSavedCharge || !charge.chargeCustomerId) return null;
  try {
    return await deps.payments.findSavedCharge(charge.chargeCustomerId, { key: kind.metadataKey, value: charge.id });
  } catch (error) {
    deps.log.error({ err: error, changeId: charge.id, kind: kind.key }, "could not look through the customer's payments for a change's charge");
    return null;
  }
}

/**
 * Settles a charge left claimed past its lease (a stopped process, or an answer that never came):
 * the same idempotency key charges at most once. Answers the paid row, null when the card declined,
 * or 'unknown' when the provider still could not be asked (left claimed for the next sweep).
 */
export async function settleStaleCharge<Row>(deps: PaidChangeDeps & { alerts?: StaffAlerter }, kind: PaidChangeKind<Row>, row: Row): Promise<Row | null | 'unknown'> {
  const charge = kind.money(row);
  const age = () => deps.clock.now().getTime() - (charge.chargeTriedAt ?? charge.createdAt).getTime();
  if (age() >= UNKNOWN_CHARGE_STOP_AFTER_MS) {
    // Never sent again: Stripe may have forgotten the key, and the same key would then charge again.
    // The customer's payments are looked through for ours instead; one found settles the change.
    const found = await findCharge(deps, kind, charge);
    if (found?.status === 'succeeded') return recordPaidChange(deps, kind, row, found.paymentId);
    if (found?.status === 'failed') {
      await failPaidChange(deps, kind, row, found.reason ?? 'The payment was not taken.');
      return null;
    }
    await holdOrder(deps, charge);
    await alertUnknownCharge(deps.alerts, kind, row, true);
    return 'unknown';
  }
  const outcome = await chargeCard(deps, kind, row, true);
  if (outcome.ok === 'unknown') {
    await holdOrder(deps, charge);
    if (age() >= UNKNOWN_CHARGE_ALERT_AFTER_MS) await alertUnknownCharge(deps.alerts, kind, row, false);
    return 'unknown';
  }
  if (outcome.ok) return recordPaidChange(deps, kind, row, outcome.paymentId);
  await failPaidChange(deps, kind, row, outcome.reason);
  return null;
}
