import { expect } from 'vitest';
import type { StoreSettingsInput, TaxRate, TaxRateInput } from '../../../shared/schemas/admin/settings';
import type { BillingDetailsInput } from '../../../shared/schemas/tax';
import type { TestContext } from '../../test/test-app';

/** Helpers for the tax tests: the store's settings and rates through the staff API, and billing details. */

export const dutchSeller: StoreSettingsInput = {
  sellerName: 'Blokhost B.V.',
  sellerAddress: 'Keizersgracht 1\n1015 CJ Amsterdam',
  sellerCountry: 'NL',
  sellerTaxId: 'NL123456789B01',
  pricesIncludeTax: false,
  reason: 'Invoices need the legal entity',
};

export async function saveStore(t: TestContext, cookie: string, settings: Partial<StoreSettingsInput> = {}) {
  const res = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { cookie }, payload: { ...dutchSeller, ...settings } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function addRate(t: TestContext, cookie: string, rate: Omit<TaxRateInput, 'reason'> & { reason?: string }): Promise<TaxRate> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/settings/tax-rates',
    headers: { cookie },
    payload: { reason: 'New rate from the tax office', ...rate },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TaxRate;
}

export async function removeRate(t: TestContext, cookie: string, id: string) {
  const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/settings/tax-rates/${id}`, headers: { cookie }, payload: { reason: 'No longer applies' } });
  expect(res.statusCode, res.body).toBe(200);
}

export function putBillingDetails(t: TestContext, cookie: string, details: Partial<BillingDetailsInput>) {
  return t.app.inject({ method: 'PUT', url: '/api/account/billing-details', headers: { cookie }, payload: details });
}

export async function setBillingDetails(t: TestContext, cookie: string, details: BillingDetailsInput) {
  const res = await putBillingDetails(t, cookie, details);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
