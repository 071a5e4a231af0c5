import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Catalog } from '../../../shared/catalog';
import { primeCatalog, useCatalog } from '../../lib/catalog';
import { formatCatalogPrice } from '../../lib/money';
import { CurrencyPicker } from './currency-picker';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const inDollars: Catalog = {
  currency: 'usd',
  currencies: ['usd', 'eur'],
  games: [{ slug: 'minecraft', name: 'Minecraft', tagline: 'Blocks', playerCap: 10, sort: 1 }],
  plans: [{ id: 'minecraft-4gb', game: 'minecraft', name: '4GB', ramGb: 4, vcpu: 2, diskGb: 40, priceCents: 1400, description: '', recommended: true, sort: 1 }],
  addons: [],
  periods: [{ value: 'monthly', label: 'Monthly', months: 1, discountPercent: 0, sort: 1 }],
  locations: [{ value: 'us-west', label: 'US West', sort: 1 }],
  packs: [],
};
const inEuros: Catalog = { ...inDollars, currency: 'eur', plans: [{ ...inDollars.plans[0]!, priceCents: 1290 }] };

let fetchMock: MockInstance<typeof fetch>;
let answers: Record<string, (init?: RequestInit) => Response>;
let calls: { key: string; body?: unknown }[];

beforeEach(() => {
  toastMock.error.mockReset();
  calls = [];
  answers = {
    'GET /api/catalog?lang=en': () => json(200, inDollars),
    'PUT /api/currency': () => json(200, { currency: 'eur' }),
    'GET /api/catalog?currency=eur&lang=en': () => json(200, inEuros),
  };
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    calls.push({ key, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[key];
    if (!answer) throw new Error(`unexpected fetch ${key}`);
    return answer(init);
  });
});
afterEach(() => fetchMock.mockRestore());

function PlanPrice() {
  const { data } = useCatalog();
  return <p>Plan: {data ? formatCatalogPrice(data.plans[0]!.priceCents, 'en') : '…'}</p>;
}

function renderPicker(catalog: Catalog) {
  primeCatalog(catalog);
  render(
    <>
      <CurrencyPicker />
      <PlanPrice />
    </>,
  );
  return userEvent.setup();
}

describe('the header currency picker', () => {
  it('shows the offered currencies, remembers the choice and prices the page in it at once', async () => {
    const user = renderPicker(inDollars);
    const select = screen.getByRole('combobox', { name: 'Currency' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['USD', 'EUR']);
    expect(screen.getByText('Plan: $14.00')).toBeInTheDocument();

    await user.selectOptions(select, 'eur');
    expect(await screen.findByText('Plan: €12.90')).toBeInTheDocument();
    expect(select).toHaveValue('eur');
    expect(calls).toContainEqual({ key: 'PUT /api/currency', body: { currency: 'eur' } });
    await waitFor(() => expect(select).toBeEnabled());
  });

  it('says so when the choice cannot be made, and keeps the prices it had', async () => {
    answers['PUT /api/currency'] = () => json(400, { error: { code: 'validation_failed', message: 'Prices are not offered in EUR.' } });
    const user = renderPicker(inDollars);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Currency' }), 'eur');
    await waitFor(() => expect(toastMock.error).toHaveBeenCalledWith('Prices could not be shown in EUR. Please try again.'));
    expect(screen.getByText('Plan: $14.00')).toBeInTheDocument();
  });

  it('is not shown while the shop sells in one currency', () => {
    renderPicker({ ...inDollars, currencies: ['usd'] });
    expect(screen.queryByRole('combobox', { name: 'Currency' })).toBeNull();
  });
});
