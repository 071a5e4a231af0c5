import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  dbKinds,
  manualClock,
  signIn,
  signInStaff,
  type TestContext,
  type TestUser,
} from '../../test/test-app';
import { AUTO_RESOLVE_NOTE, autoResolveStaleTickets } from './auto-resolve';
import { ticketApi } from './ticket-test-kit';

const day = 24 * 60 * 60 * 1000;

describe.each(dbKinds)('auto-resolve of stale pending tickets on %s', (kind) => {
  let t: TestContext;
  let api: ReturnType<typeof ticketApi>;
  let customer: TestUser & { cookie: string };
  let staff: TestUser & { cookie: string };
  const start = new Date('2030-03-01T10:00:00Z');
  const clock = manualClock(start);
  const at = (ms: number) => ({ now: () => new Date(start.getTime() + ms) });

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    api = ticketApi(t);
    customer = await createSignedInUser(t);
    staff = await createSignedInUser(t, { role: 'support' });
  });
  afterAll(async () => t?.close());

  async function pendingTicket(subject: string) {
    const ticket = await api.create(customer.cookie, { subject });
    const res = await api.call('POST', `/api/admin/tickets/${ticket.id}/replies`, staff.cookie, { body: 'Does this help?' });
    expect(res.json().status).toBe('pending');
    return ticket;
  }
  const statusOf = async (id: string) => (await api.call('GET', `/api/tickets/${id}`, customer.cookie)).json();

  it('resolves a ticket pending for 7 days, not one pending for 6, and adds a note', async () => {
    const stale = await pendingTicket('Waiting on me');
    const answered = await pendingTicket('I answered');
    await api.call('POST', `/api/tickets/${answered.id}/replies`, customer.cookie, { body: 'No, it did not.' });
    const open = await api.create(customer.cookie, { subject: 'Never answered by staff' });

    expect(await autoResolveStaleTickets({ db: t.database.db, clock: at(6 * day) })).toBe(0);
    expect(await autoResolveStaleTickets({ db: t.database.db, clock: at(7 * day - 1000) })).toBe(0);
    expect((await statusOf(stale.id)).status).toBe('pending');

    expect(await autoResolveStaleTickets({ db: t.database.db, clock: at(7 * day) })).toBe(1);
    const resolved = await statusOf(stale.id);
    expect(resolved.status).toBe('resolved');
    expect(resolved.updatedAt).toBe(new Date(start.getTime() + 7 * day).toISOString());
    expect(resolved.messages.at(-1)).toMatchObject({ authorKind: 'staff', body: AUTO_RESOLVE_NOTE });
    expect((await statusOf(answered.id)).status).toBe('open');
    expect((await statusOf(open.id)).status).toBe('open');

    // A second run finds nothing left to do.
    expect(await autoResolveStaleTickets({ db: t.database.db, clock: at(30 * day) })).toBe(0);
  });

  it('counts the 7 days from the latest staff reply, and a customer reply reopens an auto-resolved ticket', async () => {
    const ticket = await pendingTicket('Second round');
    // Sessions expire when idle, so both sign in again after the jump in time.
    clock.advance(3 * day);
    customer = { ...customer, cookie: await signIn(t, customer) };
    staff = { ...staff, cookie: await signInStaff(t, staff) };
    await api.call('POST', `/api/tickets/${ticket.id}/replies`, customer.cookie, { body: 'Tried it.' });
    await api.call('POST', `/api/admin/tickets/${ticket.id}/replies`, staff.cookie, { body: 'Try this instead.' });
    // 8 days after the first staff reply, 5 after the second: still pending.
    expect(await autoResolveStaleTickets({ db: t.database.db, clock: at(8 * day) })).toBe(0);
    expect(await autoResolveStaleTickets({ db: t.database.db, clock: at(10 * day) })).toBe(1);
    expect((await statusOf(ticket.id)).status).toBe('resolved');

    clock.set(new Date(start.getTime() + 11 * day));
    customer = { ...customer, cookie: await signIn(t, customer) };
    const reply = await api.call('POST', `/api/tickets/${ticket.id}/replies`, customer.cookie, { body: 'It broke again.' });
    expect(reply.json().status).toBe('open');
  });
});
