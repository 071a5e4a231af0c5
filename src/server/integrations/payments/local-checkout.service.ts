import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { cardBrand, declineMessages, digitsOnly, parseExpiry, testCards, validateCard } from '../../../shared/cards';
import { baseLocale, type Locale } from '../../../shared/i18n/locales';
import { textOf } from '../../../shared/line-text';
import type { CardPayment, LocalCheckoutView } from '../../../shared/schemas/checkout';
import type { Db } from '../../db/client';
import { localCheckoutSessions, localPaymentMethods, orders } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import { returnLink } from '../../lib/request-origin';
import type { Clock } from '../../lib/runtime';
import { randomToken } from '../../lib/secrets';
import { sayIn, type MessageSource } from '../../lib/say';
import type { LocalPaymentProvider } from './local-provider';
import { taxSummaryOf } from '../../features/tax/tax.service';

export interface WebhookDelivery {
  (request: { path: string; body: string; headers: Record<string, string> }): Promise<{ statusCode: number; body: string }>;
}

export interface LocalCheckoutDeps {
  db: Db;
  clock: Clock;
  provider: LocalPaymentProvider;
  /** The shop's name as saved in Settings → Brand when the page is shown. */
  brand: () => Promise<string>;
  /** Return links that point elsewhere than the request's host or PUBLIC_URL fall back to PUBLIC_URL. */
  publicUrl: string;
  /** Posts a signed event to the app's own webhook endpoint (app.inject), as a real provider would. */
  deliver: WebhookDelivery;
  log: { error(obj: object, msg?: string): void };
  /** The page's words for the order's lines (`line.*` in public); without it they stay as stored. */
  i18n?: MessageSource<'public'>;
}

async function load(deps: LocalCheckoutDeps, sessionId: string) {
  const [row] = await deps.db
    .select({ session: localCheckoutSessions, order: orders })
    .from(localCheckoutSessions)
    .innerJoin(orders, eq(orders.id, localCheckoutSessions.orderId))
    .where(eq(localCheckoutSessions.id, sessionId));
  if (!row) throw notFound('This checkout does not exist.');
  return row;
}

/** What the hosted checkout page shows; public to whoever holds the unguessable session id. */
export async function localCheckoutView(
  deps: LocalCheckoutDeps,
  sessionId: string,
  requestHost: string,
  locale: Locale = baseLocale,
): Promise<LocalCheckoutView> {
  const { session, order } = await load(deps, sessionId);
  const say = deps.i18n ? await sayIn(deps.i18n, locale, 'public') : undefined;
  const state = deps.provider.sessionState(session);
  return {
    id: session.id,
    brand: await deps.brand(),
    providerName: deps.provider.displayName,
    status: state.status,
    paymentStatus: session.paymentStatus,
    description: order.planName,
    // In the language the customer checks out in; lines from before they had words stay English.
    lines: order.lines.map((line) => ({ ...line, description: textOf(line, say, locale) })),
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    totalCents: session.amountCents,
    tax: taxSummaryOf(order),
    currency: order.currency,
    lastError: state.status === 'open' ? session.lastError : null,
    cancelUrl: returnLink(session.cancelUrl, requestHost, deps.publicUrl),
    redirectUrl: state.status === 'complete' ? returnLink(session.successUrl, requestHost, deps.publicUrl) : null,
    expiresAt: session.expiresAt.toISOString(),
    testMode: true,
  };
}

/** A session past its expiry closes with its order, as the expiry sweep would have done. */
async function expire(deps: LocalCheckoutDeps, sessionId: string, orderId: string) {
  await deps.db
    .update(localCheckoutSessions)
    .set({ status: 'expired' })
    .where(and(eq(localCheckoutSessions.id, sessionId), eq(localCheckoutSessions.status, 'open')));
  await deps.db
    .update(orders)
    .set({ status: 'expired' })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending'), lte(orders.expiresAt, deps.clock.now())));
}

function refuseClosed(status: 'complete' | 'expired'): never {
  if (status === 'complete') throw new HttpError(409, 'checkout_complete', 'This checkout has already been paid.');
  throw new HttpError(409, 'checkout_expired', 'This checkout has expired. Please start a new order.');
}

/**
 * Charges a card on the built-in checkout. Stripe's test numbers behave as on Stripe; any other
 * valid card succeeds. A decline leaves the session open for another card. On success the
 * payment is reported through the signed webhook, and the page is sent to the success URL.
 */
export async function payLocalCheckout(
  deps: LocalCheckoutDeps,
  sessionId: string,
  card: CardPayment,
  requestHost: string,
): Promise<{ redirect_url: string }> {
  const { session, order } = await load(deps, sessionId);
  const state = deps.provider.sessionState(session);
  if (state.status === 'expired') await expire(deps, session.id, order.id);
  if (state.status !== 'open') refuseClosed(state.status);
  // An order that expired or was replaced by a newer checkout is not paid, whatever its session says.
  if (order.status !== 'pending') {
    await deps.provider.expireSession(session.id);
    refuseClosed('expired');
  }
  const now = deps.clock.now();
  const errors = validateCard(card, now);
  const first = Object.values(errors)[0];
  if (first) throw new HttpError(400, 'invalid_card', first, errors);

  const number = digitsOnly(card.number);
  const outcome = testCards[number] ?? 'success';
  if (outcome === 'declined' || outcome === 'insufficient_funds') {
    const message = declineMessages[outcome];
    await deps.db
      .update(localCheckoutSessions)
      .set({ lastError: message })
      .where(eq(localCheckoutSessions.id, sessionId));
    throw new HttpError(402, outcome === 'declined' ? 'card_declined' : 'insufficient_funds', message);
  }

  const expiry = parseExpiry(card.expiry)!;
  const brand = cardBrand(number);
  const last4 = number.slice(-4);
  const paid = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(localCheckoutSessions)
      .set({
        status: 'complete',
        paymentStatus: 'paid',
        chargeId: `ch_local_${randomToken(18)}`,
        cardBrand: brand,
        cardLast4: last4,
        lastError: null,
      })
      .where(
        and(
          eq(localCheckoutSessions.id, sessionId),
          eq(localCheckoutSessions.status, 'open'),
          gt(localCheckoutSessions.expiresAt, now),
          sql`exists (select 1 from ${orders} where ${orders.id} = ${localCheckoutSessions.orderId} and ${orders.status} = 'pending')`,
        ),
      )
      .returning();
    if (!row) return undefined;
    if (card.saveCard === false) return row;
    await tx.insert(localPaymentMethods).values({
      id: `pm_local_${randomToken(18)}`,
      userId: order.userId,
      sessionId,
      brand,
      last4,
      expMonth: expiry.month,
      expYear: expiry.year,
      failsRenewals: outcome === 'renewals_fail',
      createdAt: now,
    });
    return row;
  });
  if (!paid) refuseClosed((await deps.provider.getSession(sessionId)).status === 'complete' ? 'complete' : 'expired');

  // The success page reconciles with getSession, so a failed delivery still ends with a server.
  const event = deps.provider.signedEvent(paid, 'checkout.session.completed');
  try {
    const response = await deps.deliver({ path: `/api/webhooks/${deps.provider.id}`, ...event });
    if (response.statusCode >= 300) {
      deps.log.error({ sessionId, statusCode: response.statusCode, body: response.body.slice(0, 500) }, 'local webhook delivery failed');
    }
  } catch (error) {
    deps.log.error({ err: error, sessionId }, 'local webhook delivery failed');
  }
  return { redirect_url: returnLink(paid.successUrl, requestHost, deps.publicUrl) };
}
