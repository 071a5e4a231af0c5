import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { PriceChangeNotice } from '../../../../shared/schemas/catalog';
import { PriceChangeNotices } from './price-change-notices';

let fetchMock: MockInstance<typeof fetch>;
let items: PriceChangeNotice[];

beforeEach(() => {
  items = [];
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ items }), { status: 200 }));
});
afterEach(() => fetchMock.mockRestore());

function renderNotices() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <PriceChangeNotices />
    </QueryClientProvider>,
  );
}

const notice: PriceChangeNotice = {
  id: 'c1',
  serverId: 's1',
  serverName: 'Creeper Valley',
  planName: 'Minecraft 4GB',
  months: 1,
  kind: 'increase',
  currency: 'usd',
  oldCents: 1400,
  newCents: 1600,
  noticeAt: '2030-02-10T09:00:00.000Z',
  appliesFrom: '2030-03-31T10:00:00.000Z',
};

describe('price change notices on the dashboard', () => {
  it('says the old price, the new price and the date', async () => {
    items = [notice, { ...notice, id: 'c2', serverName: 'Quarterly Box', kind: 'decrease', months: 3, oldCents: 3990, newCents: 3600 }];
    renderNotices();
    const rise = (await screen.findByText(/Creeper Valley/)).closest('li')!;
    expect(rise).toHaveTextContent(
      'Creeper Valley (Minecraft 4GB) will cost $16.00 a month instead of $14.00, from the renewal on March 31, 2030. Until then you pay as before',
    );
    expect(screen.getByText(/Quarterly Box/).closest('li')).toHaveTextContent('will cost $36.00 every 3 months instead of $39.90');
    expect(screen.getByRole('heading', { name: 'Price changes' })).toBeInTheDocument();
  });

  it("states each change in its service's own currency", async () => {
    items = [
      { ...notice, currency: 'eur' },
      { ...notice, id: 'c2', serverName: 'Tokyo Box', currency: 'jpy', oldCents: 1400, newCents: 1600 },
    ];
    renderNotices();
    expect((await screen.findByText(/Creeper Valley/)).closest('li')).toHaveTextContent('will cost €16.00 a month instead of €14.00');
    expect(screen.getByText(/Tokyo Box/).closest('li')).toHaveTextContent('will cost ¥1,600 a month instead of ¥1,400');
  });

  it('shows nothing when no change is coming', async () => {
    renderNotices();
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('heading', { name: 'Price changes' })).not.toBeInTheDocument();
  });
});
