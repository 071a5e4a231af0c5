import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, taxRates } from '../../../db/schema';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../../../test/test-app';
import { dutchSeller } from '../../tax/tax.fixtures';

describe.each(dbKinds)('store settings and tax rates (/api/admin/settings) on %s', (kind) => {
  let t: TestContext;
  let admin: { id: string; cookie: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createSignedInUser(t, { role: 'admin' });
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, cookie = admin.cookie) =>
    t.app.inject({ method, url: `/api/admin/settings${url}`, headers: { cookie }, ...(payload && { payload }) });
  const auditOf = async (action: string) =>
    t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.seq));

  it('starts empty: the brand stands in for the seller, prices without tax, no rates', async () => {
    const res = await call('GET', '');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      store: { sellerName: '', sellerAddress: '', sellerCountry: null, sellerTaxId: '', pricesIncludeTax: false, updatedAt: null },
      rates: [],
    });
  });

  it('saves the seller without a reason, audited with before and after', async () => {
    const res = await call('PUT', '', { ...dutchSeller, reason: undefined });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ sellerName: 'Blokhost B.V.', sellerCountry: 'NL', sellerTaxId: 'NL123456789B01', pricesIncludeTax: false });
    const [record] = await auditOf('settings.store_updated');
    expect(record).toMatchObject({
      actorId: admin.id,
      targetType: 'settings',
      targetId: 'store',
      before: expect.objectContaining({ sellerName: '' }),
      after: expect.objectContaining({ sellerName: 'Blokhost B.V.', sellerCountry: 'NL' }),
      reason: null,
    });
  });

  it('refuses a bad seller: unknown country, no legal name, and a change of tax basis without a reason', async () => {
    const cases: [object, string][] = [
      [{ ...dutchSeller, sellerCountry: 'ZZ' }, 'sellerCountry'],
      [{ ...dutchSeller, sellerCountry: '' }, 'sellerCountry'],
      [{ ...dutchSeller, sellerName: ' ' }, 'sellerName'],
      [{ ...dutchSeller, sellerTaxId: 'x'.repeat(41) }, 'sellerTaxId'],
      [{ ...dutchSeller, pricesIncludeTax: 'yes' }, 'pricesIncludeTax'],
      [{ ...dutchSeller, pricesIncludeTax: true, reason: '' }, 'reason'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('PUT', '', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.fields?.[field], `${field}: ${res.body}`).toBeTruthy();
    }
    expect((await call('GET', '')).json().store.pricesIncludeTax).toBe(false);
  });

  it('adds, edits and removes rates, each with a reason in the audit log', async () => {
    const created = await call('POST', '/tax-rates', { country: 'de', name: 'VAT', ratePercent: 19, reason: 'German VAT from January' });
    expect(created.statusCode, created.body).toBe(201);
    const rate = created.json();
    expect(rate).toMatchObject({ country: 'DE', countryName: 'Germany', region: '', name: 'VAT', rate: 19000, label: '19%' });

    const ny = await call('POST', '/tax-rates', { country: 'US', region: 'NY', name: 'Sales tax', ratePercent: '8.875', reason: 'Nexus in New York' });
    expect(ny.json()).toMatchObject({ region: 'NY', rate: 8875, label: '8.875%' });

    const edited = await call('PUT', `/tax-rates/${rate.id}`, { country: 'DE', name: 'VAT', ratePercent: 16, reason: 'Temporary cut' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ rate: 16000, label: '16%' });

    expect((await call('GET', '')).json().rates.map((r: { label: string }) => r.label)).toEqual(['16%', '8.875%']);

    const removed = await call('DELETE', `/tax-rates/${ny.json().id}`, { reason: 'Nexus ended' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call('DELETE', `/tax-rates/${ny.json().id}`, { reason: 'Nexus ended' })).statusCode).toBe(404);

    expect(await auditOf('settings.tax_rate_created')).toEqual([
      expect.objectContaining({ targetLabel: 'VAT 19% · Germany', after: { country: 'DE', region: '', name: 'VAT', rate: '19%' }, reason: 'German VAT from January' }),
      expect.objectContaining({ targetLabel: 'Sales tax 8.875% · United States, NY', reason: 'Nexus in New York' }),
    ]);
    expect(await auditOf('settings.tax_rate_updated')).toEqual([
      expect.objectContaining({ before: expect.objectContaining({ rate: '19%' }), after: expect.objectContaining({ rate: '16%' }), reason: 'Temporary cut' }),
    ]);
    expect(await auditOf('settings.tax_rate_removed')).toEqual([expect.objectContaining({ targetId: ny.json().id, reason: 'Nexus ended' })]);
  });

  it('refuses bad rates with the field: country, rate out of range or too precise, no name, no reason, a duplicate', async () => {
    const good = { country: 'FR', name: 'TVA', ratePercent: 20, reason: 'French VAT' };
    const cases: [object, string, string][] = [
      [{ ...good, country: 'XX' }, 'country', 'Choose a country from the list'],
      [{ ...good, ratePercent: -1 }, 'ratePercent', 'A rate cannot be negative'],
      [{ ...good, ratePercent: 100.5 }, 'ratePercent', 'A rate cannot be more than 100%'],
      [{ ...good, ratePercent: 250 }, 'ratePercent', 'A rate cannot be more than 100%'],
      [{ ...good, ratePercent: 7.1234 }, 'ratePercent', 'Use at most three decimals'],
      [{ ...good, ratePercent: 'twenty' }, 'ratePercent', 'Enter a rate as a number'],
      [{ ...good, ratePercent: '' }, 'ratePercent', 'Enter a rate'],
      [{ ...good, name: '' }, 'name', 'Name the tax, e.g. VAT'],
      [{ ...good, region: 'Q\u0007C' }, 'region', 'The region has characters that are not allowed'],
      [{ ...good, reason: 'x' }, 'reason', 'Please give a reason of at least 3 characters'],
      [{ ...good, reason: undefined }, 'reason', 'Please give a reason'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call('POST', '/tax-rates', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.fields?.[field], JSON.stringify(payload)).toBe(message);
    }
    expect(await t.database.db.select().from(taxRates).where(eq(taxRates.country, 'FR'))).toEqual([]);

    expect((await call('POST', '/tax-rates', good)).statusCode).toBe(201);
    const twice = await call('POST', '/tax-rates', { ...good, ratePercent: 5.5 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('There is already a TVA rate for France (the whole country). Edit that one instead.');
    // The same name for a region is a rate of its own; the region compares without case.
    expect((await call('POST', '/tax-rates', { ...good, region: 'Corse', ratePercent: 10 })).statusCode).toBe(201);
    expect((await call('POST', '/tax-rates', { ...good, region: 'corse', ratePercent: 10 })).statusCode).toBe(409);

    expect((await call('PUT', '/tax-rates/00000000-0000-4000-8000-000000000000', good)).statusCode).toBe(404);
    expect((await call('PUT', '/tax-rates/not-a-uuid', good)).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const billing = await createSignedInUser(t, { role: 'billing' });
    const customer = await createSignedInUser(t);
    expect((await call('GET', '', undefined, billing.cookie)).statusCode).toBe(403);
    expect((await call('POST', '/tax-rates', { country: 'IT', name: 'IVA', ratePercent: 22, reason: 'Italian VAT' }, customer.cookie)).statusCode).toBe(403);
  });
});
