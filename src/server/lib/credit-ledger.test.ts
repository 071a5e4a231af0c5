import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerKinds } from '../db/schema';
import { createTestApp, createUser, dbKinds, type TestContext } from '../test/test-app';
import { addLedgerEntry, balanceCents, ledgerEntries } from './credit-ledger';

describe.each(dbKinds)('the credit ledger on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('answers a balance of zero for a customer with no entries', async () => {
    const user = await createUser(t);
    expect(await balanceCents(t.database.db, user.id, 'usd')).toBe(0);
  });

  it('keeps the balance equal to the sum of the entries, whatever they are', async () => {
    const entry = fc.record({
      amountCents: fc.integer({ min: -500_000, max: 500_000 }).filter((n) => n !== 0),
      kind: fc.constantFrom(...ledgerKinds),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { maxLength: 12 }), async (entries) => {
        const user = await createUser(t);
        for (const e of entries) {
          await addLedgerEntry(t.database.db, { currency: 'usd', userId: user.id, reason: 'property', ...e });
        }
        const sum = entries.reduce((total, e) => total + e.amountCents, 0);
        expect(await balanceCents(t.database.db, user.id, 'usd')).toBe(sum);
        expect(await ledgerEntries(t.database.db, user.id)).toHaveLength(entries.length);
      }),
      { numRuns: 25 },
    );
  });

  it("counts only the customer's own entries", async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    await addLedgerEntry(t.database.db, { currency: 'usd', userId: a.id, amountCents: 2500, kind: 'staff_adjustment', reason: 'Goodwill' });
    await addLedgerEntry(t.database.db, { currency: 'usd', userId: b.id, amountCents: 900, kind: 'affiliate_credit', reason: 'Payout' });
    expect(await balanceCents(t.database.db, a.id, 'usd')).toBe(2500);
    expect(await balanceCents(t.database.db, b.id, 'usd')).toBe(900);
  });

  it('books a kind and reference once, answering the first entry on a repeat', async () => {
    const user = await createUser(t);
    const payout = crypto.randomUUID();
    const first = await addLedgerEntry(t.database.db, { currency: 'usd',
      userId: user.id,
      amountCents: 5000,
      kind: 'affiliate_credit',
      reason: 'Affiliate payout taken as credit',
      referenceId: payout,
    });
    const again = await addLedgerEntry(t.database.db, { currency: 'usd',
      userId: user.id,
      amountCents: 5000,
      kind: 'affiliate_credit',
      reason: 'Affiliate payout taken as credit',
      referenceId: payout,
    });
    expect(again.id).toBe(first.id);
    expect(await balanceCents(t.database.db, user.id, 'usd')).toBe(5000);
    // The same reference under another kind is a different movement.
    await addLedgerEntry(t.database.db, { currency: 'usd', userId: user.id, amountCents: -1200, kind: 'credit_applied', reason: 'Applied', referenceId: payout });
    expect(await balanceCents(t.database.db, user.id, 'usd')).toBe(3800);
  });

  it('refuses a zero or fractional amount', async () => {
    const user = await createUser(t);
    for (const amountCents of [0, 12.5, Number.NaN]) {
      await expect(
        addLedgerEntry(t.database.db, { currency: 'usd', userId: user.id, amountCents, kind: 'staff_adjustment', reason: 'x' }),
      ).rejects.toThrow(/non-zero whole number/);
    }
  });

  it('books nothing when the transaction around it rolls back', async () => {
    const user = await createUser(t);
    await expect(
      t.database.db.transaction(async (tx) => {
        await addLedgerEntry(tx, { currency: 'usd', userId: user.id, amountCents: 700, kind: 'refund_credit', reason: 'Refund' });
        throw new Error('payout failed');
      }),
    ).rejects.toThrow('payout failed');
    expect(await balanceCents(t.database.db, user.id, 'usd')).toBe(0);
  });
});
