import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { invoices, servers } from '../../db/schema';
import { goodCard, minecraftChoice, payLocal, startCheckout } from '../checkout/checkout.fixtures';
import type { TestContext } from '../../test/test-app';

/** Buys through the real built-in checkout (its pay endpoint and signed webhook); answers the rows made. */
export async function buyWithLocalCard(
  t: TestContext,
  cookie: string,
  options: { card?: Partial<typeof goodCard> & { saveCard?: boolean }; choice?: object } = {},
) {
  const out = await startCheckout(t, cookie, options.choice ?? minecraftChoice);
  const paid = await payLocal(t, out.session_id, { ...goodCard, ...options.card });
  expect(paid.statusCode, paid.body).toBe(200);
  const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, out.order_id));
  const [server] = await t.database.db.select().from(servers).where(eq(servers.orderId, out.order_id));
  if (!invoice) throw new Error('the purchase made no invoice');
  return { ...out, invoice, server };
}

export function get(t: TestContext, url: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

export function post(t: TestContext, url: string, cookie?: string, payload?: object) {
  return t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, ...(payload && { payload }) });
}

export function del(t: TestContext, url: string, cookie?: string) {
  return t.app.inject({ method: 'DELETE', url, headers: cookie ? { cookie } : {} });
}
