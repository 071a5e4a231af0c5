import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../../db/schema';
import { randomIds } from '../../../lib/runtime';
import { createSignedInUser, createTestApp, createUser, dbKinds, type TestContext } from '../../../test/test-app';

describe.each(dbKinds)('the tax report on %s', (kind) => {
  let t: TestContext;
  let support: { cookie: string };
  let customer: { cookie: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    support = await createSignedInUser(t, { role: 'support' });
    customer = await createSignedInUser(t);
    const buyer = await createUser(t);
    const buyerOf = (country: string, vatId: string) => ({ name: 'Ada', email: buyer.email, address: '1 Road', postalCode: '1', region: '', country, vatId, vatIdStatus: null });
    const invoice = (number: string, day: string, currency: string, net: number, tax: number, rate: number, country: string, vatId = '', reverseCharge = false) => ({
      id: randomIds.uuid(),
      number,
      userId: buyer.id,
      lines: [],
      subtotalCents: net,
      totalCents: net + tax,
      currency,
      netCents: net,
      taxCents: tax,
      grossCents: net + tax,
      taxLines: tax || rate ? [{ name: 'VAT', rate, amountCents: tax }] : [],
      reverseCharge,
      buyer: buyerOf(country, vatId),
      status: 'paid' as const,
      issuedAt: new Date(`${day}T10:00:00Z`),
    });
    await t.database.db.insert(invoices).values([
      invoice('INV-T1', '2030-03-02', 'eur', 1000, 190, 19000, 'DE'),
      invoice('INV-T2', '2030-03-05', 'eur', 2000, 380, 19000, 'DE'),
      invoice('INV-T3', '2030-03-09', 'eur', 5000, 0, 0, 'FR', 'FR40303265045', true),
      invoice('INV-T4', '2030-03-31', 'jpy', 1200, 0, 0, 'JP'),
      invoice('INV-T5', '2030-04-01', 'eur', 999, 0, 0, 'DE'),
    ]);
  });
  afterAll(async () => t?.close());

  const report = (query: string, cookie = support.cookie) => t.app.inject({ method: 'GET', url: `/api/admin/tax-report.csv?${query}`, headers: { cookie } });

  it('lists each document of the period with net, tax, rate, country, VAT ID and reverse charge', async () => {
    const res = await report('from=2030-03-01&to=2030-03-31');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('tax-report-documents-2030-03-01-to-2030-03-31.csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('Document,Type,Issued (UTC),Customer,Country,VAT ID,Currency,Net,Tax,Rate (%),Reverse charge');
    expect(lines.slice(1).map((l) => l.split(',').filter((_, i) => i !== 2 && i !== 3))).toEqual([
      ['INV-T1', 'invoice', 'DE', '', 'EUR', '10.00', '1.90', '19', 'no'],
      ['INV-T2', 'invoice', 'DE', '', 'EUR', '20.00', '3.80', '19', 'no'],
      ['INV-T3', 'invoice', 'FR', 'FR40303265045', 'EUR', '50.00', '0.00', '0', 'yes'],
      ['INV-T4', 'invoice', 'JP', '', 'JPY', '1200', '0', '0', 'no'],
    ]);
  });

  it('totals per country, currency, rate and reverse charge, never across currencies', async () => {
    const res = await report('from=2030-03-01&to=2030-04-30&view=countries');
    expect(res.body.trim().split('\r\n')).toEqual([
      'Period from,Period to,Country,Currency,Rate (%),Reverse charge,Net,Tax,Documents',
      '2030-03-01,2030-04-30,DE,EUR,0,no,9.99,0.00,1',
      '2030-03-01,2030-04-30,DE,EUR,19,no,30.00,5.70,2',
      '2030-03-01,2030-04-30,FR,EUR,0,yes,50.00,0.00,1',
      '2030-03-01,2030-04-30,JP,JPY,0,no,1200,0,1',
    ]);
  });

  it('refuses a bad period and anyone without money.read', async () => {
    expect((await report('from=2030-03-31&to=2030-03-01')).statusCode).toBe(400);
    expect((await report('from=yesterday&to=2030-03-01')).statusCode).toBe(400);
    expect((await report('from=2030-01-01&to=2032-01-01')).statusCode).toBe(400);
    expect((await report('from=2030-03-01&to=2030-03-31', customer.cookie)).statusCode).toBe(403);
  });
});
