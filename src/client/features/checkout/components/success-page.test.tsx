import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Catalog } from '../../../../shared/catalog';
import { primeCatalog } from '../../../lib/catalog';
import { setSessionUser } from '../../../lib/session';
import { answerFetch, json, type Answers } from '../../../test/fetch-answers';
import PurchaseConfirmedPage from '../../upgrades/components/purchase-confirmed-page';
import SuccessPage from './success-page';

vi.mock('../../../lib/live-events', () => ({ useLiveEvents: () => undefined }));

// The visitor picked dollars in the header; the order was paid in euros (or yen) before that.
const catalog = { currency: 'usd', currencies: ['usd', 'eur', 'jpy'], games: [], plans: [], addons: [], periods: [], locations: [], packs: [] } as unknown as Catalog;

const order = (kind: 'server' | 'pack', currency: string, totalCents: number) => ({
  order: {
    id: '0a1b2c3d-0000-4000-8000-000000000001',
    kind,
    status: 'paid',
    planName: kind === 'pack' ? 'Community Pack' : 'Minecraft 4GB',
    currency,
    totalCents,
    packId: kind === 'pack' ? 'community-pack' : null,
    createdAt: '2030-01-15T12:00:00.000Z',
    paidAt: '2030-01-15T12:01:00.000Z',
  },
  purchase: { id: 'pur-1', amountCents: totalCents, currency, createdAt: '2030-01-15T12:01:00.000Z', planName: 'Minecraft 4GB' },
  server: null,
});

let answers: Answers;
let fetchMock: MockInstance<typeof fetch>;
beforeEach(() => {
  primeCatalog(catalog);
  setSessionUser({ id: 'u1', email: 'ada@example.test', role: 'customer', twoFactorEnabled: false });
  answers = { 'GET /api/catalog?lang=en': () => json(200, catalog) };
  fetchMock = answerFetch(() => answers);
});
afterEach(() => {
  fetchMock.mockRestore();
  setSessionUser(null);
});

function renderAt(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/success" element={<SuccessPage />} />
          <Route path="/purchase-confirmed" element={<PurchaseConfirmedPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("pages after a payment show the order's own currency, not the catalog's", () => {
  it.each([
    ['eur', 1290, '€12.90'],
    ['jpy', 1500, '¥1,500'],
  ])('the checkout success page, for an order paid in %s', async (currency, total, shown) => {
    answers['GET /api/checkout/cs_1'] = () => json(200, order('server', currency, total));
    renderAt('/success?session_id=cs_1');
    expect(await screen.findByTestId('amount-paid')).toHaveTextContent(shown);
  });

  it('the latest purchase on the success page opened without a session', async () => {
    answers['GET /api/server-status'] = () => json(200, { server: null });
    answers['GET /api/purchases/latest'] = () =>
      json(200, { purchase: { id: 'pur-1', orderId: 'o1', planName: 'Minecraft 4GB', amountCents: 1290, currency: 'eur', status: 'paid', createdAt: '2030-01-15T12:01:00.000Z' } });
    renderAt('/success');
    expect(await screen.findByTestId('amount-paid')).toHaveTextContent('€12.90');
  });

  it.each([
    ['eur', 499, '€4.99/mo'],
    ['jpy', 800, '¥800/mo'],
  ])('the pack purchase-confirmed page, for a pack paid in %s', async (currency, total, shown) => {
    answers['GET /api/checkout/cs_2'] = () => json(200, order('pack', currency, total));
    renderAt('/purchase-confirmed?session_id=cs_2');
    expect(await screen.findByText(shown)).toBeInTheDocument();
  });
});
