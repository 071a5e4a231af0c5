import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../../../shared/schemas/admin/audit';
import { randomIds } from '../../../lib/runtime';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../../../test/test-app';
import { recordAudit, type StaffActor } from '../../../lib/audit';

describe.each(dbKinds)('the audit log on %s', (kind) => {
  let t: TestContext;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  const ada: StaffActor = { id: randomIds.uuid(), email: 'ada@example.test', role: 'admin', ip: '203.0.113.7' };
  const bob: StaffActor = { id: randomIds.uuid(), email: 'bob@example.test', role: 'billing', ip: null };
  const customerId = randomIds.uuid();

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createSignedInUser(t, { role: 'admin' });
    // 25 records over five days: Ada suspends and unsuspends, Bob adjusts credit.
    for (let i = 0; i < 25; i += 1) {
      const at = new Date(Date.UTC(2030, 0, 10 + Math.floor(i / 5), 12, i));
      const actor = i % 5 === 0 ? bob : ada;
      await recordAudit(t.database.db, { clock: { now: () => at }, ids: randomIds }, actor, {
        action: actor === bob ? 'customer.credit_adjusted' : i % 2 ? 'customer.suspended' : 'customer.unsuspended',
        targetType: 'customer',
        targetId: i % 3 === 0 ? customerId : randomIds.uuid(),
        targetLabel: `customer-${i}@example.test`,
        before: { n: i },
        after: { n: i + 1 },
        reason: `Reason ${i}`,
      });
    }
  });
  afterAll(async () => t?.close());

  async function page(query: string) {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit${query}`, headers: { cookie: admin.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: AuditRecord[]; nextBefore: number | null };
  }

  it('pages newest first with a keyset on seq, with no gaps or repeats', async () => {
    const seen: number[] = [];
    let before: number | null = null;
    let pages = 0;
    do {
      const result = await page(`?limit=10${before ? `&before=${before}` : ''}`);
      seen.push(...result.items.map((r) => r.seq));
      before = result.nextBefore;
      pages += 1;
    } while (before !== null);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(25);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    expect(new Set(seen).size).toBe(25);

    const [first] = (await page('?limit=1')).items;
    expect(first).toMatchObject({ actorEmail: 'ada@example.test', actorRole: 'admin', ip: '203.0.113.7', reason: 'Reason 24', before: { n: 24 }, after: { n: 25 } });
  });

  it('filters by staff member, action, target and date range', async () => {
    const byBob = await page(`?actor=${bob.id}`);
    expect(byBob.items).toHaveLength(5);
    expect(byBob.items.every((r) => r.actorEmail === 'bob@example.test' && r.action === 'customer.credit_adjusted')).toBe(true);

    const suspended = await page('?action=customer.suspended&limit=100');
    expect(suspended.items.length).toBeGreaterThan(0);
    expect(suspended.items.every((r) => r.action === 'customer.suspended')).toBe(true);

    const target = await page(`?target=${customerId}`);
    expect(target.items).toHaveLength(9);

    const oneDay = await page('?from=2030-01-11&to=2030-01-11');
    expect(oneDay.items.map((r) => r.reason).sort()).toEqual(['Reason 5', 'Reason 6', 'Reason 7', 'Reason 8', 'Reason 9']);
    const twoDays = await page('?from=2030-01-13&limit=100');
    expect(twoDays.items).toHaveLength(10);

    const combined = await page(`?actor=${ada.id}&from=2030-01-14&to=2030-01-14&limit=2`);
    expect(combined.items).toHaveLength(2);
    const rest = await page(`?actor=${ada.id}&from=2030-01-14&to=2030-01-14&limit=2&before=${combined.nextBefore}`);
    expect(rest.items).toHaveLength(2);
    expect(rest.nextBefore).toBeNull();
  });

  it('lists the actions and staff members for the filters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/audit/actions', headers: { cookie: admin.cookie } });
    expect(res.json()).toEqual({
      actions: ['customer.credit_adjusted', 'customer.suspended', 'customer.unsuspended'],
      actors: [
        { id: ada.id, email: 'ada@example.test' },
        { id: bob.id, email: 'bob@example.test' },
      ],
    });
  });

  it('answers 400 to bad filters, and is for admins only', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/audit?from=yesterday&actor=bob&limit=0', headers: { cookie: admin.cookie } });
    expect(bad.statusCode).toBe(400);
    const reversed = await t.app.inject({ method: 'GET', url: '/api/admin/audit?from=2030-02-01&to=2030-01-01', headers: { cookie: admin.cookie } });
    expect(reversed.statusCode).toBe(400);
    const billing = await createSignedInUser(t, { role: 'billing' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: { cookie: billing.cookie } })).statusCode).toBe(403);
  });

  it('is append-only in the database: UPDATE, DELETE and TRUNCATE are refused', async () => {
    await expect(t.database.query("update audit_log set reason = 'rewritten'")).rejects.toThrow(/append-only/);
    await expect(t.database.query('delete from audit_log')).rejects.toThrow(/append-only/);
    await expect(t.database.query('truncate audit_log')).rejects.toThrow(/append-only/);
    const [row] = await t.database.query<{ n: number }>("select count(*)::int as n from audit_log where reason = 'rewritten'");
    expect(row!.n).toBe(0);
    expect((await page('?limit=100')).items).toHaveLength(25);
  });

  it('offers no route that edits or deletes a record', () => {
    const writes = t.app.staffRoutes.filter((r) => r.url.startsWith('/api/admin/audit') && r.method !== 'GET');
    expect(writes).toEqual([]);
  });
});
