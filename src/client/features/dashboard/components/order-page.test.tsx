import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from 'vitest';
import type { Catalog } from '../../../../shared/catalog';
import { primeCatalog } from '../../../lib/catalog';
import { answerFetch, json } from '../../../test/fetch-answers';
import OrderPage from './order-page';

// A USD shop whose visitor picked euros in the header: the catalog here is priced in EUR.
const catalog = {
  currency: 'eur',
  currencies: ['usd', 'eur'],
  games: [{ slug: 'minecraft', name: 'Minecraft', tagline: 'Blocks', playerCap: 10, sort: 1 }],
  plans: [{ id: 'minecraft-4gb', game: 'minecraft', name: '4GB', ramGb: 4, vcpu: 2, diskGb: 40, priceCents: 1290, description: '', recommended: false, sort: 1 }],
  addons: [],
  periods: [],
  locations: [],
  packs: [],
} as unknown as Catalog;

let fetchMock: MockInstance<typeof fetch>;
beforeEach(() => {
  primeCatalog(catalog);
  fetchMock = answerFetch(() => ({ 'GET /api/catalog?lang=en': () => json(200, catalog) }));
});
afterEach(() => fetchMock.mockRestore());

describe('the dashboard order page', () => {
  it('prices the plans in the currency the catalog is priced in, not the shop’s', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/dashboard/order']}>
          <OrderPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('€12.90')).toBeInTheDocument();
  });
});
