import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { localCheckoutSessions, orders, purchases, servers, invoices } from '../../db/schema';
import { isLocalProvider } from '../../integrations/payments/local-provider';
import { createInProcessBus, type ChangeEvent, type EventBus } from '../../lib/events';
import type { TestContext } from '../../test/test-app';

/** Test doubles and helpers shared by the checkout tests. */

export function recordingProvisioning() {
  const enqueued: string[] = [];
  return { enqueued, enqueue: async (serverId: string) => void enqueued.push(serverId) };
}

export function recordingBus(): EventBus & { published: { userId: string; event: ChangeEvent }[] } {
  const bus = createInProcessBus();
  const published: { userId: string; event: ChangeEvent }[] = [];
  return {
    published,
    publish(userId, event) {
      published.push({ userId, event });
      bus.publish(userId, event);
    },
    subscribe: bus.subscribe,
    close: bus.close,
  };
}

/** A panel whose listed locations are full. */
export function panelWithFull(...full: string[]) {
  const asked: { location: string; ramGb: number; diskGb: number; vcpu?: number }[] = [];
  return {
    asked,
    hasCapacity: async (location: string, size: { ramGb: number; diskGb: number; vcpu?: number }) => {
      asked.push({ location, ...size });
      return !full.includes(location);
    },
  };
}

export const minecraftChoice = {
  kind: 'server',
  game: 'minecraft',
  plan: 'minecraft-4gb',
  period: 'monthly',
  location: 'us-west',
  addons: {},
  serverName: 'Creeper Valley',
} as const;

export const goodCard = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada Lovelace' };

export async function startCheckout(t: TestContext, cookie: string, payload: object = minecraftChoice) {
  const res = await t.app.inject({ method: 'POST', url: '/api/checkout', payload, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { checkout_url: string; provider_name: string; order_id: string; session_id: string };
}

export function payLocal(t: TestContext, sessionId: string, card: object = goodCard) {
  return t.app.inject({ method: 'POST', url: `/api/local-checkout/${sessionId}/pay`, payload: card });
}

/** Marks a built-in session paid without delivering its webhook, as if the delivery were still on its way. */
export async function markLocalSessionPaid(t: TestContext, sessionId: string) {
  const [row] = await t.database.db
    .update(localCheckoutSessions)
    .set({ status: 'complete', paymentStatus: 'paid', chargeId: `ch_local_test_${sessionId.slice(-8)}` })
    .where(eq(localCheckoutSessions.id, sessionId))
    .returning();
  if (!row) throw new Error(`no session ${sessionId}`);
  return row;
}

/**
 * The built-in provider reports a session paid, whatever our side did to its order meanwhile (as
 * Stripe may for a session paid just before we expired it): marked paid, and its signed webhook delivered.
 */
export async function deliverLocalPayment(t: TestContext, sessionId: string) {
  const provider = t.app.payments;
  if (!isLocalProvider(provider)) throw new Error('expected the built-in provider');
  const event = provider.signedEvent(await markLocalSessionPaid(t, sessionId), 'checkout.session.completed');
  const res = await t.app.inject({ method: 'POST', url: '/api/webhooks/local', payload: event.body, headers: event.headers });
  expect(res.statusCode, res.body).toBe(200);
}

export async function rowsOf(t: TestContext, orderId: string) {
  const db = t.database.db;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return {
    order: order!,
    purchases: await db.select().from(purchases).where(eq(purchases.orderId, orderId)),
    invoices: await db.select().from(invoices).where(eq(invoices.orderId, orderId)),
    servers: await db.select().from(servers).where(eq(servers.orderId, orderId)),
  };
}
