import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { startTestI18n } from '../../../../../tests/setup/i18n';
import type { BillingDetails } from '../../../../shared/schemas/tax';
import { BillingDetailsCard } from './billing-details-card';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const base: BillingDetails = {
  name: 'Klötzchen GmbH',
  address: '',
  country: 'DE',
  region: '',
  postalCode: '10119',
  vatId: 'FR40303265045',
  vatIdStatus: 'checking',
  vatCheck: null,
  vatCheckError: 'MS_UNAVAILABLE',
  updatedAt: '2030-01-15T12:00:00.000Z',
};
const terms = { pricesIncludeTax: false, hasBillingDetails: true, treatment: null, regions: {} };

let fetchMock: MockInstance<typeof fetch>;
let answers: BillingDetails[];
let saved: BillingDetails;
let puts: unknown[];

beforeEach(() => {
  puts = [];
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    if (key === 'GET /api/account/billing-details') return json(200, { details: answers.length > 1 ? answers.shift() : answers[0] });
    if (key === 'GET /api/tax/terms') return json(200, terms);
    if (key === 'PUT /api/account/billing-details') {
      puts.push(JSON.parse(String(init?.body)));
      return json(200, saved);
    }
    throw new Error(`unexpected fetch ${key}`);
  });
});
afterEach(() => {
  fetchMock.mockRestore();
  vi.useRealTimers();
});

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <BillingDetailsCard userId="u1" />
    </QueryClientProvider>,
  );
}

describe('Settings → Billing details: the state of the VAT ID', () => {
  it('says VAT is charged while VIES cannot reach the member state, and moves on by itself once it is verified', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const verified: BillingDetails = { ...base, vatIdStatus: 'verified', vatCheckError: null, vatCheck: { by: 'vies', consultation: 'WAPIAAAAZ1b2C3d4', checkedAt: '2030-01-15T12:05:00.000Z' } };
    answers = [base, verified];
    renderCard();
    const status = await screen.findByTestId('vat-id-status');
    expect(status).toHaveTextContent(
      "Checking your VAT ID. France's VAT register isn't answering the EU's VIES service right now. We'll keep trying. Until it's verified, VAT is charged on your orders and renewals.",
    );
    await vi.advanceTimersByTimeAsync(15_000);
    await waitFor(() => expect(screen.getByTestId('vat-id-status')).toHaveTextContent("Verified with the EU's VIES service on Jan 15, 2030."));
    expect(screen.getByTestId('vat-id-status')).toHaveTextContent('If your business is in another EU country than ours, your invoices carry no VAT (reverse charge).');
  });

  it('says plainly when VIES found the ID not valid, and shows the answer for a new ID once saved', async () => {
    answers = [{ ...base, vatId: 'FR12345678901', vatIdStatus: 'invalid', vatCheckError: null, vatCheck: { by: 'vies', consultation: null, checkedAt: '2030-01-15T12:00:00.000Z' } }];
    saved = { ...base, vatIdStatus: 'verified', vatCheckError: null, vatCheck: { by: 'vies', consultation: 'WAPIAAAAZ1b2C3d4', checkedAt: '2030-01-15T12:05:00.000Z' }, updatedAt: '2030-01-15T12:05:00.000Z' };
    renderCard();
    const user = userEvent.setup();
    expect(await screen.findByTestId('vat-id-status')).toHaveTextContent(
      "Not valid: VIES says this VAT ID is not registered. VAT is charged on your orders and renewals. Check the number and save it again, or contact support if you're sure it's right.",
    );
    // Another ID in the field: the saved one's state no longer applies to it.
    const field = screen.getByLabelText('EU VAT ID (businesses, optional)');
    await user.clear(field);
    await user.type(field, 'FR 40 303265045');
    expect(screen.queryByTestId('vat-id-status')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save billing details' }));
    expect(await screen.findByTestId('vat-id-status')).toHaveTextContent("Verified with the EU's VIES service on Jan 15, 2030.");
    expect(puts).toEqual([expect.objectContaining({ vatId: 'FR 40 303265045' })]);
  });

  it('credits our team for an ID verified by hand', async () => {
    answers = [{ ...base, vatIdStatus: 'verified', vatCheckError: null, vatCheck: { by: 'staff', consultation: null, checkedAt: '2030-01-16T09:00:00.000Z' } }];
    renderCard();
    expect(await screen.findByTestId('vat-id-status')).toHaveTextContent('Verified by our team on Jan 16, 2030.');
  });

  it('says our team verifies it when the ID cannot be checked automatically', async () => {
    answers = [{ ...base, vatCheckError: 'VIES_NOT_CONFIGURED' }];
    renderCard();
    expect(await screen.findByTestId('vat-id-status')).toHaveTextContent(
      "Checking your VAT ID. It cannot be checked automatically here, so our team will verify it. Until it's verified, VAT is charged on your orders and renewals.",
    );
  });

  it('speaks the page’s language: German, with the country and the date in German', async () => {
    startTestI18n('de');
    answers = [base];
    renderCard();
    expect(await screen.findByTestId('vat-id-status')).toHaveTextContent(
      'Ihre USt-IdNr. wird geprüft. Das Umsatzsteuerregister von Frankreich antwortet dem VIES-Dienst der EU gerade nicht. Wir versuchen es weiter. Bis sie bestätigt ist, wird auf Ihre Bestellungen und Verlängerungen Umsatzsteuer berechnet.',
    );
    cleanup();
    answers = [{ ...base, vatIdStatus: 'verified', vatCheckError: null, vatCheck: { by: 'staff', consultation: null, checkedAt: '2030-01-16T09:00:00.000Z' } }];
    renderCard();
    expect(await screen.findByTestId('vat-id-status')).toHaveTextContent('Von unserem Team geprüft am 16. Jan. 2030.');
    // The countries are named and sorted in German too.
    const country = screen.getByRole('combobox', { name: 'Land' });
    expect(country).toHaveDisplayValue('Deutschland');
    const names = [...country.querySelectorAll('option')].map((o) => o.textContent);
    expect(names).toContain('Vereinigte Staaten');
    expect(names).not.toContain('Germany');
    expect(names.indexOf('Österreich')).toBeLessThan(names.indexOf('Polen'));
  });
});
