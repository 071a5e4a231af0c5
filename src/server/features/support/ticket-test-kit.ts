import { orders, servers } from '../../db/schema';
import { randomIds } from '../../lib/runtime';
import type { TestContext } from '../../test/test-app';

/** Helpers for the ticket tests: JSON calls as a signed-in user. */
export function ticketApi(t: TestContext) {
  function call(method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, cookie?: string, payload?: unknown) {
    return t.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
  return {
    call,
    async create(cookie: string, body: Record<string, unknown> = {}) {
      const res = await call('POST', '/api/tickets', cookie, {
        subject: 'Server will not start',
        category: 'technical',
        description: 'It stops at "Loading libraries".',
        ...body,
      });
      if (res.statusCode !== 201) throw new Error(`create ticket: ${res.statusCode} ${res.body}`);
      return res.json() as { id: string; reference: string; status: string; priority: string };
    },
  };
}

/** A paid server order and its server, inserted directly: tickets only need the row to exist. */
export async function insertServer(t: TestContext, userId: string, name = 'My Survival World') {
  const now = new Date();
  const orderId = randomIds.uuid();
  const serverId = randomIds.uuid();
  await t.database.db.insert(orders).values({
    id: orderId,
    userId,
    kind: 'server',
    status: 'paid',
    planName: 'Minecraft 4GB',
    lines: [],
    subtotalCents: 1400,
    totalCents: 1400,
    netCents: 1400,
    grossCents: 1400,
    provider: 'local',
    createdAt: now,
    expiresAt: now,
  });
  await t.database.db.insert(servers).values({
    id: serverId,
    userId,
    orderId,
    name,
    game: 'minecraft',
    planId: 'minecraft-4gb',
    planName: 'Minecraft 4GB',
    ramGb: 4,
    vcpu: 2,
    diskGb: 40,
    playerCap: 10,
    location: 'us-west',
    period: 'monthly',
    renewsAt: now,
    createdAt: now,
    updatedAt: now,
  });
  return serverId;
}
