import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketMessages, tickets } from '../../db/schema';
import type { Clock, Ids } from '../../lib/runtime';
import { createSignedInUser, createTestApp, dbKinds, readMailbox, type TestContext } from '../../test/test-app';

const now = new Date('2025-03-01T12:00:00.000Z');
const clock: Clock = { now: () => now };

function sequentialIds(): Ids {
  let n = 0;
  return { uuid: () => `00000000-0000-4000-8000-${(++n).toString(16).padStart(12, '0')}` };
}

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Question about modpacks',
  message: 'Can I run a 200-mod pack on the 8GB plan?',
};

// The contact form is limited per client IP; each test posts from its own address.
let nextAddress = 1;
function fromNewAddress() {
  return `10.0.0.${nextAddress++}`;
}

describe.each(dbKinds)('POST /api/contact on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, { clock, ids: sequentialIds() });
  });
  afterAll(async () => t?.close());

  function post(payload: unknown, remoteAddress = fromNewAddress()) {
    return t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress });
  }

  it('stores a valid message as a guest ticket with one message, and answers 201', async () => {
    const res = await post({ ...valid, name: '  Ada Lovelace  ' });
    expect(res.statusCode).toBe(201);
    const { id, reference } = res.json();
    expect(id).toEqual(expect.any(String));
    expect(reference).toBe(id.slice(0, 8).toUpperCase());

    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.id, id));
    expect(ticket).toMatchObject({
      source: 'contact',
      status: 'open',
      userId: null,
      guestName: 'Ada Lovelace',
      guestEmail: 'ada@example.com',
      subject: valid.subject,
    });
    expect(ticket?.createdAt.toISOString()).toBe(now.toISOString());

    const messages = await t.database.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, id));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ authorKind: 'guest', authorName: 'Ada Lovelace', body: valid.message });

    const [row] = await t.database.query<{ count: number }>(
      "select count(*)::int as count from tickets where id = $1 and source = 'contact'",
      [id],
    );
    expect(row?.count).toBe(1);
  });

  it('emails the guest an acknowledgement and staff a notice, and shows the ticket in the staff queue', async () => {
    const res = await post({ ...valid, email: 'Grace@Example.com', subject: 'Ack check' });
    expect(res.statusCode).toBe(201);
    const { id, reference } = res.json();

    const [ack] = await readMailbox(t, 'grace@example.com');
    expect(ack?.subject).toBe(`We received your message [#${reference}]`);
    expect(ack?.text).toContain(`Your reference is ${reference}.`);
    const notice = (await readMailbox(t, t.config.SUPPORT_EMAIL)).find((m) => m.subject.endsWith('Ack check'));
    expect(notice?.subject).toBe(`[#${reference}] New contact form message: Ack check`);
    expect(notice?.text).toContain(valid.message);

    const staff = await createSignedInUser(t, { role: 'support' });
    const queue = await t.app.inject({ method: 'GET', url: '/api/admin/tickets?q=ack+check', headers: { cookie: staff.cookie } });
    expect(queue.json()).toEqual([
      expect.objectContaining({ id, status: 'open', requester: { kind: 'guest', name: 'Ada Lovelace', email: 'grace@example.com' } }),
    ]);
  });

  it('answers 400 naming each missing field', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(Object.keys(error.fields).sort()).toEqual(['email', 'message', 'name', 'subject']);
  });

  it('answers 400 for fields that are only whitespace', async () => {
    const res = await post({ name: '  ', email: valid.email, subject: '\t', message: valid.message });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['name', 'subject']);
  });

  it.each(['not-an-email', 'ada@', '@example.com', 'ada example@example.com'])(
    'answers 400 with fields.email for %j',
    async (email) => {
      const res = await post({ ...valid, email });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual(['email']);
    },
  );

  it('stores nothing for a rejected message', async () => {
    const before = await t.database.query<{ count: number }>('select count(*)::int as count from tickets');
    await post({ ...valid, email: 'nope' });
    const after = await t.database.query<{ count: number }>('select count(*)::int as count from tickets');
    expect(after[0]?.count).toBe(before[0]?.count);
  });

  it('answers 429 to the 6th request in the window, saying when to try again', async () => {
    const address = fromNewAddress();
    for (let i = 0; i < 5; i++) {
      const res = await post({ ...valid, subject: `Attempt ${i + 1}` }, address);
      expect(res.statusCode).toBe(201);
    }
    const res = await post({ ...valid, subject: 'Attempt 6' }, address);
    expect(res.statusCode).toBe(429);
    const { error } = res.json();
    expect(error.code).toBe('rate_limited');
    expect(error.message).toMatch(/try again in \d+ seconds/i);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);

    // Another client is not held back by the first one's limit.
    expect((await post(valid)).statusCode).toBe(201);
  });
});
