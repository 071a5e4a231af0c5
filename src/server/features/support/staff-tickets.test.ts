import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  dbKinds,
  manualClock,
  readMailbox,
  type TestContext,
  type TestUser,
} from '../../test/test-app';
import { ticketApi } from './ticket-test-kit';

type Signed = TestUser & { cookie: string };

describe.each(dbKinds)('the staff ticket queue on %s', (kind) => {
  let t: TestContext;
  let api: ReturnType<typeof ticketApi>;
  let customer: Signed;
  let agent: Signed;
  let admin: Signed;
  const clock = manualClock(new Date('2030-02-01T09:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { PUBLIC_URL: 'https://play.example.test' } });
    api = ticketApi(t);
    customer = await createSignedInUser(t);
    agent = await createSignedInUser(t, { role: 'support' });
    admin = await createSignedInUser(t, { role: 'admin' });
    await t.database.query("update users set first_name = 'Sam', last_name = 'Agent' where id = $1", [agent.id]);
  });
  afterAll(async () => t?.close());

  it('is closed to customers (403) and to visitors (401)', async () => {
    const ticket = await api.create(customer.cookie);
    const calls = [
      ['GET', '/api/admin/tickets', undefined],
      ['GET', `/api/admin/tickets/${ticket.id}`, undefined],
      ['POST', `/api/admin/tickets/${ticket.id}/replies`, { body: 'Hi' }],
      ['PATCH', `/api/admin/tickets/${ticket.id}`, { status: 'resolved' }],
    ] as const;
    for (const [method, url, body] of calls) {
      expect((await api.call(method, url, customer.cookie, body)).statusCode).toBe(403);
      expect((await api.call(method, url, undefined, body)).statusCode).toBe(401);
    }
    expect((await api.call('GET', `/api/tickets/${ticket.id}`, customer.cookie)).json().messages).toHaveLength(1);
  });

  it('lists every customer’s tickets and guest tickets, with who asked, for support and admin', async () => {
    const other = await createSignedInUser(t);
    const mine = await api.create(customer.cookie, { subject: 'Mine' });
    const theirs = await api.create(other.cookie, { subject: 'Theirs' });
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Gus Guest', email: 'Gus@Example.com', subject: 'Pre-sales question', message: 'Do you host in Sydney?' },
      remoteAddress: '10.9.0.1',
    });
    expect(guest.statusCode).toBe(201);

    for (const staff of [agent, admin]) {
      const res = await api.call('GET', '/api/admin/tickets', staff.cookie);
      expect(res.statusCode).toBe(200);
      const byId = new Map((res.json() as { id: string; requester: unknown }[]).map((x) => [x.id, x]));
      expect(byId.get(mine.id)).toMatchObject({ subject: 'Mine', requester: { kind: 'customer', email: customer.email } });
      expect(byId.get(theirs.id)).toMatchObject({ subject: 'Theirs', requester: { kind: 'customer', email: other.email } });
      expect(byId.get(guest.json().id)).toMatchObject({
        subject: 'Pre-sales question',
        status: 'open',
        requester: { kind: 'guest', name: 'Gus Guest', email: 'gus@example.com' },
      });
    }
    const detail = (await api.call('GET', `/api/admin/tickets/${guest.json().id}`, agent.cookie)).json();
    expect(detail.messages).toEqual([expect.objectContaining({ authorKind: 'guest', authorName: 'Gus Guest', body: 'Do you host in Sydney?' })]);
    expect((await api.call('GET', '/api/admin/tickets/not-a-ticket', agent.cookie)).statusCode).toBe(404);
  });

  it('a staff reply sets the ticket pending, shows in the customer’s thread and emails the customer', async () => {
    const ticket = await api.create(customer.cookie, { subject: 'Cannot connect' });
    clock.advance(60_000);
    const res = await api.call('POST', `/api/admin/tickets/${ticket.id}/replies`, agent.cookie, {
      body: 'Please restart the server.\n\nThen try again.',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'pending', responses: 1 });

    const thread = (await api.call('GET', `/api/tickets/${ticket.id}`, customer.cookie)).json();
    expect(thread.status).toBe('pending');
    expect(thread.responses).toBe(1);
    expect(thread.messages.map((m: { authorKind: string; authorName: string }) => [m.authorKind, m.authorName])).toEqual([
      ['customer', customer.email],
      ['staff', 'Sam Agent'],
    ]);

    const [mail] = await readMailbox(t, customer.email);
    expect(mail?.subject).toBe(`New reply to your ticket #${ticket.reference}: Cannot connect`);
    expect(mail?.text).toContain('Sam Agent replied to your ticket');
    expect(mail?.text).toContain('Please restart the server.');
    expect(mail?.text).toContain(`https://play.example.test/dashboard/support/${ticket.id}`);
    expect(mail?.html).toContain('Then try again.');

    // The customer answers: back to open.
    const answer = await api.call('POST', `/api/tickets/${ticket.id}/replies`, customer.cookie, { body: 'Still broken.' });
    expect(answer.json().status).toBe('open');
  });

  it('sends no email to a customer who turned email notifications off', async () => {
    const quiet = await createSignedInUser(t);
    const off = { email: false, sms: false, push: true, maintenance: true, billing: true, security: true };
    expect((await api.call('PUT', '/api/account/notifications', quiet.cookie, off)).statusCode).toBe(200);
    const ticket = await api.create(quiet.cookie);
    const res = await api.call('POST', `/api/admin/tickets/${ticket.id}/replies`, admin.cookie, { body: 'Fixed it.' });
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('pending');
    expect(await readMailbox(t, quiet.email)).toEqual([]);
  });

  it('answers a guest ticket by email', async () => {
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Gina', email: 'gina@example.com', subject: 'Discounts?', message: 'Any student discount?' },
      remoteAddress: '10.9.0.2',
    });
    const { id, reference } = guest.json();
    const res = await api.call('POST', `/api/admin/tickets/${id}/replies`, agent.cookie, { body: 'Yes: 10% with a student email.' });
    expect(res.statusCode).toBe(201);
    expect(res.json().requester).toEqual({ kind: 'guest', name: 'Gina', email: 'gina@example.com' });
    const [reply, ack] = await readMailbox(t, 'gina@example.com');
    expect(reply?.subject).toBe(`Re: Discounts? [#${reference}]`);
    expect(reply?.text).toContain('Yes: 10% with a student email.');
    expect(reply?.text).toContain(reference);
    expect(ack?.subject).toBe(`We received your message [#${reference}]`);
  });

  it('changes the status, filters the queue, and refuses an unknown status', async () => {
    const ticket = await api.create(customer.cookie, { subject: 'Queue filter check', priority: 'high' });
    const res = await api.call('PATCH', `/api/admin/tickets/${ticket.id}`, agent.cookie, { status: 'resolved' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('resolved');
    expect((await api.call('GET', `/api/tickets/${ticket.id}`, customer.cookie)).json().status).toBe('resolved');

    const ids = async (query: string) =>
      ((await api.call('GET', `/api/admin/tickets${query}`, agent.cookie)).json() as { id: string }[]).map((x) => x.id);
    expect(await ids('?status=resolved&priority=high')).toEqual([ticket.id]);
    expect(await ids('?q=queue+filter')).toEqual([ticket.id]);
    expect(await ids('?status=open')).not.toContain(ticket.id);

    const bad = await api.call('PATCH', `/api/admin/tickets/${ticket.id}`, agent.cookie, { status: 'closed' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ status: 'Choose open, pending or resolved' });
    const missing = await api.call('PATCH', '/api/admin/tickets/0a0a0a0a-0000-4000-8000-000000000000', agent.cookie, { status: 'open' });
    expect(missing.statusCode).toBe(404);
  });
});
