import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, tickets } from '../../db/schema';
import {
  createSignedInUser,
  createTestApp,
  dbKinds,
  manualClock,
  readMailbox,
  type TestContext,
  type TestUser,
} from '../../test/test-app';
import { insertServer, ticketApi } from './ticket-test-kit';

const SUPPORT = 'helpdesk@spawnpoint.test';

describe.each(dbKinds)('customer tickets on %s', (kind) => {
  let t: TestContext;
  let api: ReturnType<typeof ticketApi>;
  let alice: TestUser & { cookie: string };
  let bob: TestUser & { cookie: string };
  const clock = manualClock(new Date('2030-01-15T12:00:00Z'));
  const step = () => clock.advance(1000);

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SUPPORT_EMAIL: SUPPORT, PUBLIC_URL: 'https://play.example.test' } });
    api = ticketApi(t);
    alice = await createSignedInUser(t);
    bob = await createSignedInUser(t);
  });
  afterAll(async () => t?.close());

  it('creates a ticket with priority medium by default, its first message, an activity line and a staff email', async () => {
    const res = await api.call('POST', '/api/tickets', alice.cookie, {
      subject: '  Lag spikes every evening  ',
      category: 'technical',
      description: 'TPS drops to 8 around 8pm.',
    });
    expect(res.statusCode).toBe(201);
    const ticket = res.json();
    expect(ticket).toMatchObject({
      subject: 'Lag spikes every evening',
      category: 'technical',
      priority: 'medium',
      status: 'open',
      serverId: null,
      server: null,
      responses: 0,
      reference: ticket.id.slice(0, 8).toUpperCase(),
    });
    expect(ticket.messages).toEqual([
      expect.objectContaining({ authorKind: 'customer', authorName: alice.email, body: 'TPS drops to 8 around 8pm.' }),
    ]);

    const list = (await api.call('GET', '/api/tickets', alice.cookie)).json();
    expect(list.map((x: { id: string }) => x.id)).toContain(ticket.id);
    expect(list[0]).toEqual({
      id: ticket.id,
      reference: ticket.reference,
      subject: 'Lag spikes every evening',
      category: 'technical',
      priority: 'medium',
      status: 'open',
      serverId: null,
      createdAt: clock.now().toISOString(),
      updatedAt: clock.now().toISOString(),
      responses: 0,
    });

    const activity = await t.database.db.select().from(activityLog).where(eq(activityLog.userId, alice.id));
    expect(activity.map((a) => a.message)).toContain(`Ticket #${ticket.reference} created`);

    const [staffMail] = await readMailbox(t, SUPPORT);
    expect(staffMail?.subject).toBe(`[#${ticket.reference}] New ticket: Lag spikes every evening`);
    expect(staffMail?.text).toContain('TPS drops to 8 around 8pm.');
    expect(staffMail?.text).toContain(`https://play.example.test/admin/tickets/${ticket.id}`);
    expect(staffMail?.html).toContain('Lag spikes every evening');
  });

  it('answers 400 naming each missing field, and stores nothing', async () => {
    const before = await t.database.db.select().from(tickets);
    const res = await api.call('POST', '/api/tickets', alice.cookie, {});
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toEqual({
      subject: 'Subject is required',
      category: 'Please select a category',
      description: 'Description is required',
    });

    const blank = await api.call('POST', '/api/tickets', alice.cookie, {
      subject: '   ',
      category: '',
      priority: 'urgent',
      description: '\n\t',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields).toEqual({
      subject: 'Subject is required',
      category: 'Please select a category',
      priority: 'Choose low, medium or high',
      description: 'Description is required',
    });
    expect(await t.database.db.select().from(tickets)).toHaveLength(before.length);
  });

  it('answers 401 when signed out', async () => {
    expect((await api.call('GET', '/api/tickets')).statusCode).toBe(401);
    expect((await api.call('POST', '/api/tickets', undefined, {})).statusCode).toBe(401);
  });

  it('accepts one of the customer’s own servers and refuses anyone else’s', async () => {
    const own = await insertServer(t, alice.id, 'Creative Build');
    const others = await insertServer(t, bob.id);
    const ok = await api.call('POST', '/api/tickets', alice.cookie, {
      subject: 'Backup question',
      category: 'general',
      description: 'Where are my backups?',
      serverId: own,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ serverId: own, server: { id: own, name: 'Creative Build' } });

    for (const serverId of [others, '3f1c1f0e-0000-4000-8000-000000000000']) {
      const res = await api.call('POST', '/api/tickets', alice.cookie, {
        subject: 'Backup question',
        category: 'general',
        description: 'Where are my backups?',
        serverId,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ serverId: 'Choose one of your servers' });
    }
    const malformed = await api.call('POST', '/api/tickets', alice.cookie, {
      subject: 'x',
      category: 'general',
      description: 'y',
      serverId: 'not-a-server',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toHaveProperty('serverId');
  });

  it('answers 404 for another customer’s ticket, whatever the action, and never lists it', async () => {
    step();
    const ticket = await api.create(alice.cookie, { subject: 'Private matter' });
    for (const [method, url, body] of [
      ['GET', `/api/tickets/${ticket.id}`, undefined],
      ['POST', `/api/tickets/${ticket.id}/replies`, { body: 'Let me in' }],
      ['POST', `/api/tickets/${ticket.id}/resolve`, undefined],
    ] as const) {
      const res = await api.call(method, url, bob.cookie, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'not_found', message: 'Ticket not found' });
    }
    expect((await api.call('GET', '/api/tickets/not-a-uuid', alice.cookie)).statusCode).toBe(404);
    expect((await api.call('GET', '/api/tickets/7b0e2f6a-1111-4111-8111-111111111111', alice.cookie)).statusCode).toBe(404);
    const bobs = (await api.call('GET', '/api/tickets', bob.cookie)).json();
    expect(bobs.map((x: { id: string }) => x.id)).not.toContain(ticket.id);
    const detail = (await api.call('GET', `/api/tickets/${ticket.id}`, alice.cookie)).json();
    expect(detail.messages).toHaveLength(1);
  });

  it('searches subjects and message text, filters by status and priority, newest activity first', async () => {
    const u = await createSignedInUser(t);
    step();
    const a = await api.create(u.cookie, { subject: 'Refund for March', category: 'billing', priority: 'high', description: 'Charged twice.' });
    step();
    const b = await api.create(u.cookie, { subject: 'Mods', category: 'technical', priority: 'low', description: 'Does Forge support Create?' });
    step();
    const c = await api.create(u.cookie, { subject: 'Hello', category: 'general', description: 'Just saying hi' });
    const ids = async (query = '') =>
      ((await api.call('GET', `/api/tickets${query}`, u.cookie)).json() as { id: string }[]).map((x) => x.id);

    expect(await ids()).toEqual([c.id, b.id, a.id]);
    step();
    await api.call('POST', `/api/tickets/${a.id}/replies`, u.cookie, { body: 'Any news on the 100% refund?' });
    expect(await ids()).toEqual([a.id, c.id, b.id]);

    expect(await ids('?q=refund')).toEqual([a.id]);
    expect(await ids('?q=FORGE')).toEqual([b.id]);
    expect(await ids(`?q=${encodeURIComponent('100%')}`)).toEqual([a.id]);
    expect(await ids(`?q=${encodeURIComponent('%')}`)).toEqual([a.id]);
    expect(await ids(`?q=${c.reference}`)).toEqual([c.id]);
    expect(await ids('?q=nothing-matches-this')).toEqual([]);
    expect(await ids('?priority=high')).toEqual([a.id]);
    expect(await ids('?priority=low')).toEqual([b.id]);

    await api.call('POST', `/api/tickets/${c.id}/resolve`, u.cookie);
    expect(await ids('?status=resolved')).toEqual([c.id]);
    expect(await ids('?status=open&priority=low')).toEqual([b.id]);
    expect(await ids('?status=pending')).toEqual([]);

    const bad = await api.call('GET', '/api/tickets?status=closed', u.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('status');
  });

  it('a customer can mark a ticket resolved, and a reply reopens it and tells staff', async () => {
    step();
    const ticket = await api.create(alice.cookie, { subject: 'Whitelist help' });
    const resolved = await api.call('POST', `/api/tickets/${ticket.id}/resolve`, alice.cookie);
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().status).toBe('resolved');
    // Resolving twice changes nothing.
    expect((await api.call('POST', `/api/tickets/${ticket.id}/resolve`, alice.cookie)).json().status).toBe('resolved');

    step();
    const reply = await api.call('POST', `/api/tickets/${ticket.id}/replies`, alice.cookie, { body: 'Actually, it broke again.' });
    expect(reply.statusCode).toBe(201);
    const detail = reply.json();
    expect(detail.status).toBe('open');
    expect(detail.messages.map((m: { body: string }) => m.body)).toEqual(['It stops at "Loading libraries".', 'Actually, it broke again.']);

    const [staffMail] = await readMailbox(t, SUPPORT);
    expect(staffMail?.subject).toBe(`[#${ticket.reference}] Customer reply: Whitelist help`);
    expect(staffMail?.text).toContain('A resolved ticket was reopened');
    expect(staffMail?.text).toContain('Actually, it broke again.');

    const activity = await t.database.db.select().from(activityLog).where(eq(activityLog.userId, alice.id));
    expect(activity.map((a) => a.message)).toEqual(
      expect.arrayContaining([`Ticket #${ticket.reference} resolved`, `Ticket #${ticket.reference} reopened`]),
    );
  });

  it('refuses an empty reply', async () => {
    const ticket = await api.create(alice.cookie);
    const res = await api.call('POST', `/api/tickets/${ticket.id}/replies`, alice.cookie, { body: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ body: 'Write a reply first' });
  });
});
