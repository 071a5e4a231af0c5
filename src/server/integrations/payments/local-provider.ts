import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { localCheckoutSessions, localPaymentMethods, localRefunds, purchases } from '../../db/schema';
import { onOrigin } from '../../lib/request-origin';
import type { Clock } from '../../lib/runtime';
import { randomToken } from '../../lib/secrets';
import type { PaymentEvent, PaymentProvider, SessionState } from './payment-provider';
import { LOCAL_SIGNATURE_HEADER, signWebhook, verifyWebhook } from './webhook-signature';

export const LOCAL_PROVIDER_ID = 'local';

type LocalSessionRow = typeof localCheckoutSessions.$inferSelect;

/** The body the built-in checkout signs and posts to /api/webhooks/local, shaped like Stripe's. */
export interface LocalWebhookBody {
  id: string;
  type: 'checkout.session.completed' | 'checkout.session.expired';
  created: number;
  data: {
    object: {
      id: string;
      order_id: string;
      status: SessionState['status'];
      payment_status: SessionState['paymentStatus'];
      amount_total: number;
      payment_id: string | null;
    };
  };
}

export interface LocalPaymentProvider extends PaymentProvider {
  readonly id: typeof LOCAL_PROVIDER_ID;
  /** A signed delivery of this session's state, ready to post to /api/webhooks/local. */
  signedEvent(session: LocalSessionRow, type: LocalWebhookBody['type']): { body: string; headers: Record<string, string> };
  sessionState(row: LocalSessionRow): SessionState;
}

export function isLocalProvider(provider: PaymentProvider): provider is LocalPaymentProvider {
  return provider.id === LOCAL_PROVIDER_ID;
}

export function newLocalSessionId() {
  return `cs_local_${randomToken(24)}`;
}

/**
 * The embedded payment provider: a hosted card checkout page of the product, backed by
 * local_checkout_sessions. Payments are reported through the same signed-webhook path Stripe
 * uses, with an HMAC secret from config or generated once and stored in the database.
 */
export function createLocalPaymentProvider(deps: {
  db: Db;
  clock: Clock;
  publicUrl: string;
  /** The shop's name as saved in Settings → Brand, read whenever the provider's name is shown. */
  brand: () => string;
  /** LOCAL_PAYMENTS_SECRET, or the one every instance reads from the database (lib/shared-secrets.ts). */
  secret: string;
}): LocalPaymentProvider {
  const secret = deps.secret;
  const publicUrl = deps.publicUrl.replace(/\/+$/, '');

  function sessionState(row: LocalSessionRow): SessionState {
    const expired = row.status === 'open' && row.expiresAt.getTime() <= deps.clock.now().getTime();
    return {
      sessionId: row.id,
      orderId: row.orderId,
      status: expired ? 'expired' : row.status,
      paymentStatus: row.paymentStatus,
      amountCents: row.amountCents,
      paymentId: row.chargeId,
    };
  }

  return {
    id: LOCAL_PROVIDER_ID,
    get displayName() {
      return `${deps.brand()} Checkout`;
    },
    sessionState,

    async createCheckout(input) {
      const id = newLocalSessionId();
      // The page and its links stay on the origin the customer came from, where their cookie is.
      const origin = input.returnOrigin;
      const successUrl = input.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', id);
      await deps.db.insert(localCheckoutSessions).values({
        id,
        orderId: input.orderId,
        amountCents: input.totalCents,
        successUrl: origin ? onOrigin(successUrl, origin) : successUrl,
        cancelUrl: origin ? onOrigin(input.cancelUrl, origin) : input.cancelUrl,
        createdAt: deps.clock.now(),
        expiresAt: input.expiresAt,
      });
      return { sessionId: id, url: `${origin ?? publicUrl}/checkout/${id}` };
    },

    async getSession(sessionId) {
      const [row] = await deps.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, sessionId));
      if (!row) throw new Error(`No local checkout session ${sessionId}`);
      return sessionState(row);
    },

    async expireSession(sessionId) {
      await deps.db
        .update(localCheckoutSessions)
        .set({ status: 'expired' })
        .where(and(eq(localCheckoutSessions.id, sessionId), eq(localCheckoutSessions.status, 'open')));
      const [row] = await deps.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, sessionId));
      if (!row) throw new Error(`No local checkout session ${sessionId}`);
      return sessionState(row);
    },

    signedEvent(row, type) {
      const state = sessionState(row);
      const body: LocalWebhookBody = {
        id: `evt_local_${randomToken(18)}`,
        type,
        created: Math.floor(deps.clock.now().getTime() / 1000),
        data: {
          object: {
            id: row.id,
            order_id: row.orderId,
            status: state.status,
            payment_status: state.paymentStatus,
            amount_total: row.amountCents,
            payment_id: row.chargeId,
          },
        },
      };
      const json = JSON.stringify(body);
      return {
        body: json,
        headers: { 'content-type': 'application/json', [LOCAL_SIGNATURE_HEADER]: signWebhook(secret, json, deps.clock.now()) },
      };
    },

    parseWebhook(rawBody, headers): PaymentEvent {
      verifyWebhook(secret, rawBody, headers[LOCAL_SIGNATURE_HEADER], deps.clock.now());
      const body = JSON.parse(rawBody.toString('utf8')) as LocalWebhookBody;
      const o = body.data.object;
      const session: SessionState = {
        sessionId: o.id,
        orderId: o.order_id,
        status: o.status,
        paymentStatus: o.payment_status,
        amountCents: o.amount_total,
        paymentId: o.payment_id,
      };
      if (body.type === 'checkout.session.completed') return { id: body.id, type: 'checkout.completed', session };
      if (body.type === 'checkout.session.expired') return { id: body.id, type: 'checkout.expired', session };
      return { id: body.id, type: 'ignored', rawType: String(body.type) };
    },

    async chargeSaved(paymentMethodId) {
      const [card] = await deps.db.select().from(localPaymentMethods).where(eq(localPaymentMethods.id, paymentMethodId));
      if (!card) return { ok: false, reason: 'The saved card was not found.', cardGone: true };
      const now = deps.clock.now();
      // A card is good through the last day of its expiry month.
      if (card.expYear * 12 + card.expMonth < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
        return { ok: false, reason: 'Your card has expired.' };
      }
      if (card.failsRenewals) return { ok: false, reason: 'Your card was declined.' };
      return { ok: true, paymentId: `ch_local_${randomToken(18)}` };
    },

    async refund(paymentId, amountCents, reason, options) {
      // One row per idempotency key: a retried refund finds its row and refunds nothing more.
      await deps.db.transaction(async (tx) => {
        const [done] = await tx.select({ id: localRefunds.id }).from(localRefunds).where(eq(localRefunds.id, options.idempotencyKey));
        if (done) return;
        const [session] = await tx
          .select()
          .from(localCheckoutSessions)
          .where(and(eq(localCheckoutSessions.chargeId, paymentId), eq(localCheckoutSessions.paymentStatus, 'paid')))
          .for('update');
        // Renewals charge a saved card without a checkout session; their purchase records the charge.
        const [purchase] = session
          ? []
          : await tx.select({ amountCents: purchases.amountCents }).from(purchases).where(eq(purchases.providerPaymentId, paymentId)).for('update');
        const charged = session?.amountCents ?? purchase?.amountCents;
        if (charged === undefined) throw new Error(`No paid local charge ${paymentId} to refund`);
        const [row] = await tx
          .select({ total: sql<string | null>`sum(${localRefunds.amountCents})` })
          .from(localRefunds)
          .where(eq(localRefunds.paymentId, paymentId));
        // Full refunds made before refunds were itemised only set refunded_cents on the session.
        const already = Math.max(Number(row?.total ?? 0), session?.refundedCents ?? 0);
        if (already + amountCents > charged) {
          throw new Error(`Refusing to refund ${amountCents} cents of ${paymentId}: ${already} of ${charged} already refunded`);
        }
        await tx.insert(localRefunds).values({
          id: options.idempotencyKey,
          paymentId,
          amountCents,
          reason: reason.slice(0, 500),
          createdAt: deps.clock.now(),
        });
        if (session) {
          await tx
            .update(localCheckoutSessions)
            .set({ refundedCents: already + amountCents })
            .where(eq(localCheckoutSessions.id, session.id));
        }
      });
    },
  };
}
