import { eq } from 'drizzle-orm';
import { ADDITIONAL_SSD_KEY, type Catalog } from '../../../shared/catalog';
import type { Locale } from '../../../shared/i18n/locales';
import { textOf } from '../../../shared/line-text';
import type { CouponTerms } from '../../../shared/coupons';
import { effectiveMapping } from '../../../shared/panel-mapping';
import { PricingError } from '../../../shared/pricing';
import type { TaxTreatment } from '../../../shared/tax';
import type { CheckoutChoice, CheckoutResponse, OrderState } from '../../../shared/schemas/checkout';
import type { SessionUser } from '../../../shared/schemas/auth';
import { users } from '../../db/schema';
import { sayIn } from '../../lib/say';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import { couponForCheckout, fixedCouponInOtherCurrency, reserveCoupon, couponRefused, customerRefusal, type CheckedCoupon } from '../coupons';
import type { CheckoutDeps } from './checkout-deps';
import {
  expireOrder,
  findOrderBySession,
  findOwnOrder,
  insertOrder,
  orderState,
  setOrderSession,
  type OrderRow,
} from './checkout.repository';
import { expireOrderIfStale, ORDER_TTL_MS } from './order-expiry';
import { priceServerOrder, pricePackOrder, providerLines, type PricedOrder } from '../catalog';
import { taxColumns, taxContextFor } from '../tax';
import { customerLanguage } from '../i18n';
import { fulfilPaidSession } from './payment-events';
import { expireProviderSessions } from './provider-sessions';
import { isChargeable } from '../../lib/minimum-charge';
import { PaymentRequestRefused } from '../../integrations/payments/payment-provider';
import { customerGone, providerCustomerOf, settleWithoutProvider } from './checkout-payment';

function price(catalog: Catalog, choice: CheckoutChoice, coupon: CouponTerms | undefined, tax: TaxTreatment): PricedOrder {
  try {
    return choice.kind === 'server' ? priceServerOrder(catalog, choice, coupon, tax) : pricePackOrder(catalog, choice.pack, coupon, tax);
  } catch (error) {
    if (error instanceof PricingError) throw badRequest(error.message, { [error.field]: error.message });
    throw error;
  }
}

/**
 * An order is a document issued once: its lines name the add-ons, location and pack as the
 * catalog does in the customer's language when it is made (decision 085), so its invoice, page
 * and PDF keep those words. Prices and the English `description` are the catalog's own.
 */
async function inCustomersWords(
  deps: CheckoutDeps,
  priced: PricedOrder,
  at: { currency: string; catalogVersion: number; locale: Locale },
  reprice: (catalog: Catalog) => PricedOrder,
): Promise<PricedOrder> {
  const named = await deps.catalog.inCurrency(at.currency, at.locale);
  if (named.version !== at.catalogVersion) return priced;
  const words = reprice(named.catalog).lines;
  return { ...priced, lines: priced.lines.map((line, i) => (line.text && words[i]?.text ? { ...line, text: words[i].text } : line)) };
}

/** Where "Cancel and return" goes: the configurator with the same choice, or the pack's page. */
function cancelUrl(publicUrl: string, priced: PricedOrder): string {
  if (priced.server) {
    const s = priced.server;
    const params = new URLSearchParams({ plan: s.planId, period: s.period, location: s.location });
    const toggles = Object.keys(s.addons).filter((k) => k !== ADDITIONAL_SSD_KEY);
    if (toggles.length) params.set('addons', toggles.join(','));
    if (s.addons[ADDITIONAL_SSD_KEY]) params.set('ssd', String(s.addons[ADDITIONAL_SSD_KEY]));
    params.set('name', s.name);
    if (priced.coupon) params.set('coupon', priced.coupon.code);
    return `${publicUrl}/configure/${s.game}?${params}`;
  }
  return `${publicUrl}/upgrade/${priced.pack?.slug ?? ''}`;
}

export const billingDetailsRequired = 'Please add your billing details (name or company and country) before checking out.';

/**
 * POST /api/checkout: prices the choice from the catalog, checks the location has room, stores
 * a pending order and opens the provider's checkout for exactly that total.
 */
export async function createCheckout(
  deps: CheckoutDeps,
  user: Pick<SessionUser, 'id' | 'email'>,
  choice: CheckoutChoice,
  returnOrigin?: string,
  requestLocale?: Locale,
): Promise<CheckoutResponse> {
  const [account] = await deps.db.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, user.id));
  if (account?.suspendedAt) {
    throw new HttpError(403, 'account_suspended', 'This account is suspended, so it cannot place orders. Contact support if you think this is a mistake.');
  }
  // Taxes depend on who buys: the first checkout asks for billing details before anything else.
  const tax = await taxContextFor(deps.db, user.id);
  if (!tax.buyer) {
    throw new HttpError(400, 'billing_details_required', billingDetailsRequired, { billingDetails: billingDetailsRequired });
  }
  const { draft, shop } = await deps.catalog.current();
  // The currency the customer chose in the header: the shop's, or an offered extra one with its
  // own price list (decision 063); anything else is a 400 from inCurrency.
  const { catalog, version: catalogVersion } = await deps.catalog.inCurrency(choice.currency ?? shop);
  const currency = catalog.currency;
  const coupon = await couponForCheckout(deps, catalog, user.id, choice);
  if (coupon && coupon.terms.kind === 'fixed' && currency !== shop) {
    const message = fixedCouponInOtherCurrency(shop);
    throw badRequest(message, { coupon: message });
  }
  const locale = await customerLanguage(deps.db, user.id, requestLocale);
  const priced = await inCustomersWords(deps, price(catalog, choice, coupon?.terms, tax.treatment), { currency, catalogVersion, locale }, (named) =>
    price(named, choice, coupon?.terms, tax.treatment),
  );
  if (priced.server) {
    const { location, locationLabel, ramGb, diskGb, vcpu, game, planId } = priced.server;
    // A plan's panel set-up may name the nodes it deploys to (decision 045).
    const deployTo = effectiveMapping(draft.games.find((g) => g.slug === game)?.panel, draft.plans.find((p) => p.id === planId)?.panel).deployTo;
    if (!(await deps.catalog.hasRoom(location)) || !(await deps.panel.hasCapacity(location, { ramGb, diskGb, vcpu, deployTo }))) {
      throw new HttpError(
        409,
        'location_full',
        `${locationLabel} is full right now. Please choose another location, or try again later.`,
        { location: `${locationLabel} is full right now` },
      );
    }
  }
  const publicUrl = deps.publicUrl.replace(/\/+$/, '');
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + ORDER_TTL_MS);
  const orderId = deps.ids.uuid();
  // The order and its coupon's redemption commit together, or neither does (the coupon may be
  // used up by a racing checkout: then the customer reads why and no order is left behind).
  const replaced = await deps.db.transaction(async (tx) => {
    await insertOrder(tx, {
      id: orderId,
      userId: user.id,
      kind: priced.kind,
      status: 'pending',
      game: priced.server?.game ?? null,
      planId: priced.server?.planId ?? null,
      period: priced.server?.period ?? null,
      months: priced.months,
      location: priced.server?.location ?? null,
      addons: priced.server?.addons ?? {},
      serverName: priced.server?.name ?? null,
      packId: priced.pack?.id ?? null,
      planName: priced.planName,
      lines: priced.lines,
      subtotalCents: priced.subtotalCents,
      discountCents: priced.discountCents,
      totalCents: priced.totalCents,
      ...taxColumns(priced.tax),
      buyer: tax.buyer,
      catalogVersion,
      currency,
      provider: deps.payments.id,
      createdAt: now,
      expiresAt,
    });
    if (!coupon) return [];
    const reserved = await reserveCoupon(tx, deps, { couponId: coupon.row.id, userId: user.id, orderId, discountCents: priced.couponCents });
    return reserved.replaced;
  });
  if (replaced.length > 0) await closeReplaced(deps, user.id, orderId, replaced, coupon);

  const successPath = priced.kind === 'server' ? '/success' : '/purchase-confirmed';
  if (!isChargeable(priced.tax.grossCents, currency)) {
    // Under the provider's minimum charge (or free): never sent to it (decision 047).
    const sessionId = await settleWithoutProvider(deps, user.id, orderId, priced.tax.grossCents, currency);
    return {
      checkout_url: `${(returnOrigin ?? publicUrl).replace(/\/+$/, '')}${successPath}?session_id=${encodeURIComponent(sessionId)}`,
      provider_name: deps.payments.displayName,
      order_id: orderId,
      session_id: sessionId,
    };
  }
  let session;
  try {
    // The provider's page is in the customer's language, and names the lines in it (decision 078).
    const say = deps.i18n ? await sayIn(deps.i18n, locale, 'public') : undefined;
    const period = say?.('period.name', { months: priced.months });
    const input = {
      orderId,
      customerEmail: user.email,
      description: period ? `${priced.planName} · ${period}` : priced.description,
      // Providers get the items and the taxes added on top; the coupon is in the total.
      lines: providerLines(priced).map((line) => ({ ...line, description: textOf(line, say, locale) })),
      locale,
      totalCents: priced.tax.grossCents,
      currency,
      successUrl: `${publicUrl}${successPath}?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: cancelUrl(publicUrl, priced),
      returnOrigin,
      expiresAt,
    };
    const customerId = await providerCustomerOf(deps, user);
    try {
      session = await deps.payments.createCheckout({ ...input, customerId });
    } catch (error) {
      if (!customerId || !customerGone(error)) throw error;
      // The account's customer was deleted at the provider: once more, for a new customer.
      session = await deps.payments.createCheckout({ ...input, customerId: await providerCustomerOf(deps, user, customerId), attempt: 2 });
    }
  } catch (error) {
    deps.log.error({ err: error, orderId, provider: deps.payments.id }, 'could not create the provider checkout');
    await expireOrder(deps.db, orderId, deps.clock.now());
    if (error instanceof PaymentRequestRefused) {
      // A refused request is the shop's setup, not the customer's card: staff hear of it, at most
      // one alert each 15 minutes, since every checkout would raise it until it is fixed.
      await deps.alerts?.raise(
        {
          kind: 'payment_refused',
          subject: `${deps.payments.displayName} refused to open a checkout`,
          lines: [`Order ${orderId} for ${user.email} was closed, nothing charged.`, `${deps.payments.displayName} said: ${error.message}`, 'Run npm run check:stripe, and check the Stripe Dashboard logs.'],
          link: '/admin/orders',
        },
        { throttleKey: `payment-refused-${deps.payments.id}`, throttleSeconds: 900 },
      );
      throw new HttpError(
        422,
        'payment_request_refused',
        `${deps.payments.displayName} did not accept this checkout, so nothing was charged. Our team has been told; please try again later or contact support.`,
      );
    }
    throw new HttpError(502, 'payment_provider_unavailable', 'We could not reach the payment provider. Please try again in a moment.');
  }
  if ((await setOrderSession(deps.db, orderId, session.sessionId)) !== 'pending') {
    // A newer checkout of this customer replaced the order while its session was being opened.
    await expireProviderSessions(deps, [orderId]);
    throw await refusalOfClosed(deps, user.id, coupon);
  }

  // No activity yet: a checkout opened is not an order placed until it is paid (fulfilment says so).
  deps.events.publish(user.id, { topic: 'orders', id: orderId });
  return {
    checkout_url: session.url,
    provider_name: deps.payments.displayName,
    order_id: orderId,
    session_id: session.sessionId,
  };
}

/** Why a new order was closed before its checkout opened: its coupon is now used, or a newer checkout replaced it. */
async function refusalOfClosed(deps: CheckoutDeps, userId: string, coupon: CheckedCoupon | null): Promise<HttpError> {
  const refusal = coupon ? await customerRefusal(deps.db, coupon.row, userId) : null;
  if (refusal) return couponRefused(refusal);
  return new HttpError(409, 'checkout_replaced', 'A newer checkout replaced this one. Please continue in the newest checkout.');
}

/**
 * The customer's unpaid orders that the new one replaced are closed; their sessions are expired
 * at the provider before the new one opens. One the customer paid meanwhile is fulfilled now, and
 * if that payment used the coupon the new order is refused (fulfilment closed it).
 */
async function closeReplaced(deps: CheckoutDeps, userId: string, orderId: string, replaced: string[], coupon: CheckedCoupon | null) {
  for (const id of replaced) deps.events.publish(userId, { topic: 'orders', id });
  const paid = await expireProviderSessions(deps, replaced);
  if (paid.length === 0) return;
  for (const session of paid) {
    // If this fails, the session's webhook fulfils it later (and closes the new order then).
    await fulfilPaidSession(deps, deps.payments.id, session).catch((error: unknown) =>
      deps.log.error({ err: error, sessionId: session.sessionId }, 'could not fulfil a replaced order found paid'),
    );
  }
  const order = await findOwnOrder(deps.db, userId, orderId);
  if (order?.status !== 'pending') throw await refusalOfClosed(deps, userId, coupon);
}

/**
 * Asks the provider about an unpaid order's session and, if it was paid, runs the same
 * fulfilment as the webhook, so a late webhook never leaves a paid customer without a server.
 * An unpaid order past its expiry is marked expired.
 */
async function reconcile(deps: CheckoutDeps, order: OrderRow): Promise<OrderRow> {
  if (order.status !== 'pending' && order.status !== 'expired') return order;
  if (order.providerSessionId && order.provider === deps.payments.id) {
    try {
      const session = await deps.payments.getSession(order.providerSessionId);
      const result = await fulfilPaidSession(deps, deps.payments.id, session);
      if (result.fulfilled || session.paymentStatus === 'paid') {
        return (await findOwnOrder(deps.db, order.userId, order.id)) ?? order;
      }
    } catch (error) {
      deps.log.warn({ err: error, orderId: order.id }, 'could not reconcile the checkout session');
    }
  }
  if (order.status === 'pending' && (await expireOrderIfStale(deps.db, deps.clock, order.id))) {
    return { ...order, status: 'expired' };
  }
  return order;
}

/** GET /api/checkout/:sessionId: the signed-in customer's own order, reconciled with the provider. */
export async function readCheckout(deps: CheckoutDeps, userId: string, sessionId: string): Promise<OrderState> {
  const order = await findOrderBySession(deps.db, deps.payments.id, sessionId);
  if (!order || order.userId !== userId) throw notFound('No such checkout');
  return orderState(deps.db, await reconcile(deps, order));
}

/** GET /api/orders/:id: the same, by order id (for /purchase-confirmed opened directly). */
export async function readOrder(deps: CheckoutDeps, userId: string, orderId: string): Promise<OrderState> {
  const order = /^[0-9a-f-]{36}$/i.test(orderId) ? await findOwnOrder(deps.db, userId, orderId) : undefined;
  if (!order) throw notFound('No such order');
  return orderState(deps.db, await reconcile(deps, order));
}
