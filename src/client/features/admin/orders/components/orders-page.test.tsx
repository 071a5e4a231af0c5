import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { AdminInvoiceSummary, AdminOrderSummary } from '../../../../../shared/schemas/admin/orders';
import type { Catalog } from '../../../../../shared/catalog';
import { primeCatalog } from '../../../../lib/catalog';
import InvoicesPage from './invoices-page';
import OrdersPage from './orders-page';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const catalog = {
  games: [
    { slug: 'minecraft', name: 'Minecraft' },
    { slug: 'palworld', name: 'Palworld' },
  ],
  locations: [],
};

let catalogCurrency: { currency?: string; currencies?: string[] } = {};

const order: AdminOrderSummary = {
  id: '0a1b2c3d-0000-4000-8000-000000000001',
  kind: 'server',
  status: 'partially_refunded',
  planName: 'Minecraft 4GB',
  game: 'minecraft',
  provider: 'local',
  customer: { id: 'cust-1', email: 'ada@example.test' },
  currency: 'usd',
  totalCents: 1400,
  refundedCents: 700,
  invoice: { id: 'inv-1', number: 'INV-001001' },
  renewal: false,
  createdAt: '2030-01-15T12:00:00.000Z',
  paidAt: '2030-01-15T12:01:00.000Z',
};

const invoice: AdminInvoiceSummary = {
  id: 'inv-1',
  number: 'INV-001001',
  status: 'partially_refunded',
  description: 'Minecraft 4GB · Creeper Valley',
  game: 'minecraft',
  provider: 'local',
  customer: { id: 'cust-1', email: 'ada@example.test' },
  currency: 'usd',
  totalCents: 1400,
  refundedCents: 700,
  orderId: order.id,
  issuedAt: '2030-01-15T12:01:00.000Z',
};

type Answer = { items: unknown[]; total: number; page: number; pageSize: number } | { status: number; body: unknown };
let fetchMock: MockInstance<typeof fetch>;
let answers: Record<string, Answer>;
let requested: string[];

beforeEach(() => {
  requested = [];
  answers = {};
  catalogCurrency = {};
  primeCatalog({ ...catalog, currency: 'usd' } as unknown as Catalog);
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/catalog?lang=en') return json(200, { ...catalog, ...catalogCurrency });
    requested.push(url);
    const answer = answers[url];
    if (!answer) return json(200, { items: [], total: 0, page: 1, pageSize: 25 });
    if ('status' in answer) return json(answer.status, answer.body);
    return json(200, answer);
  });
});
afterEach(() => fetchMock.mockRestore());

function Where() {
  const location = useLocation();
  return <output aria-label="Current address">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/admin/orders" element={<><OrdersPage /><Where /></>} />
          <Route path="/admin/invoices" element={<><InvoicesPage /><Where /></>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the staff orders list', () => {
  it('reads its filters from the URL and shows each order with its customer, state, money and links', async () => {
    answers['/api/admin/orders?status=partially_refunded&game=minecraft'] = { items: [order], total: 1, page: 1, pageSize: 25 };
    renderAt('/admin/orders?status=partially_refunded&game=minecraft');

    const table = await screen.findByRole('table', { name: 'Orders' });
    const row = within(table).getByRole('row', { name: /Minecraft 4GB/ });
    expect(within(row).getByRole('link', { name: 'Minecraft 4GB' })).toHaveAttribute('href', `/admin/orders/${order.id}`);
    expect(within(row).getByRole('link', { name: 'ada@example.test' })).toHaveAttribute('href', '/admin/customers/cust-1');
    expect(within(row).getByText('Partly refunded')).toBeInTheDocument();
    expect(within(row).getByText('Built-in checkout')).toBeInTheDocument();
    expect(within(row).getByText('INV-001001')).toBeInTheDocument();
    expect(within(row).getByText('$14.00')).toBeInTheDocument();
    expect(within(row).getByText('$7.00 refunded')).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByText('Minecraft', { exact: true })).toBeInTheDocument());
    expect(screen.getByText('1 order')).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('partially_refunded');
    // Phones get the same rows as cards.
    expect(within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('keeps every filter in the URL, sends dollar amounts as cents, and exports what the filters match', async () => {
    const user = renderAt('/admin/orders?page=2');
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
    expect(screen.getByText('Orders appear here as soon as a customer checks out.')).toBeInTheDocument();
    expect(requested).toContain('/api/admin/orders?page=2');

    await user.selectOptions(screen.getByLabelText('Status'), 'refunded');
    await waitFor(() => expect(screen.getByLabelText('Current address')).toHaveTextContent('/admin/orders?status=refunded'));
    await user.selectOptions(screen.getByLabelText('Provider'), 'stripe');
    await user.type(screen.getByLabelText('From'), '2030-01-01');
    await user.type(screen.getByLabelText('To'), '2030-01-31');
    await user.type(screen.getByLabelText('Min amount in USD ($)'), '12.5');
    await user.type(screen.getByLabelText('Max amount in USD ($)'), '$1,000');
    await user.type(screen.getByLabelText('Search orders'), 'ada@');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'amount_desc');
    const query = 'q=ada%40&status=refunded&provider=stripe&from=2030-01-01&to=2030-01-31&minCents=1250&maxCents=100000&sort=amount_desc';
    await waitFor(() => expect(requested).toContain(`/api/admin/orders?${query}`));
    expect(screen.getByText('No orders match these filters.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', `/api/admin/orders/export.csv?${query}`);
    expect(screen.getByLabelText('Min amount in USD ($)')).toHaveValue('12.5');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByLabelText('Current address')).toHaveTextContent(/^\/admin\/orders\?sort=amount_desc$/));
    expect(screen.getByLabelText('Min amount in USD ($)')).toHaveValue('');
    expect(screen.getByLabelText('Search orders')).toHaveValue('');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/admin/orders/export.csv?sort=amount_desc');
  });

  it('refuses an amount with more decimals than the currency has, and warns when a range is upside down', async () => {
    const user = renderAt('/admin/orders?from=2030-02-01&to=2030-01-01');
    expect(await screen.findByText('The start date is after the end date, so nothing can match.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Min amount in USD ($)'), '12.505');
    expect(await screen.findByText('USD amounts have at most 2 decimals: enter it like 12.50')).toBeInTheDocument();
    expect(screen.getByLabelText('Min amount in USD ($)')).toHaveAttribute('aria-invalid', 'true');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(requested.some((url) => url.includes('minCents'))).toBe(false);
  });

  it("types amounts in a JPY shop's yen, and in the currency chosen among the shop's", async () => {
    catalogCurrency = { currency: 'jpy', currencies: ['jpy', 'eur'] };
    primeCatalog({ ...catalog, ...catalogCurrency } as unknown as Catalog);
    const user = renderAt('/admin/orders');
    await screen.findByText('No orders found');
    const min = await screen.findByLabelText('Min amount in JPY (¥)');
    expect(min).toHaveAttribute('placeholder', '1500');
    await user.type(min, '12.5');
    expect(await screen.findByText('JPY amounts have no decimals: enter it like 1500')).toBeInTheDocument();
    await user.clear(min);
    await user.type(min, '1500');
    await waitFor(() => expect(requested).toContain('/api/admin/orders?minCents=1500'));
    expect(screen.getByText(/Amounts are the total charged, in JPY; while one is set, other currencies are left out\./)).toBeInTheDocument();

    // Another currency clears the amounts: 1500 would mean something else in it.
    await user.selectOptions(screen.getByLabelText('Currency'), 'eur');
    await waitFor(() => expect(screen.getByLabelText('Current address')).toHaveTextContent(/^\/admin\/orders\?currency=eur$/));
    const euros = screen.getByLabelText('Min amount in EUR (€)');
    expect(euros).toHaveValue('');
    await user.type(euros, '12.345');
    expect(await screen.findByText('EUR amounts have at most 2 decimals: enter it like 12.50')).toBeInTheDocument();
    await user.clear(euros);
    await user.type(euros, '12.5');
    await waitFor(() => expect(requested).toContain('/api/admin/orders?currency=eur&minCents=1250'));
  });

  it('on a phone, folds the filters behind a button that counts the ones in use', async () => {
    const user = renderAt('/admin/orders?status=paid&minCents=500');
    const toggle = await screen.findByRole('button', { name: 'Filters (2 on)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide filters' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Min amount in USD ($)')).toHaveValue('5.00');
  });

  it('pages through a long list', async () => {
    answers['/api/admin/orders'] = { items: [order], total: 60, page: 1, pageSize: 25 };
    answers['/api/admin/orders?page=2'] = { items: [{ ...order, id: 'second', planName: 'Palworld 16GB' }], total: 60, page: 2, pageSize: 25 };
    const user = renderAt('/admin/orders');
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(screen.getByRole('table', { name: 'Orders' })).findByRole('link', { name: 'Palworld 16GB' })).toBeInTheDocument();
    expect(screen.getByLabelText('Current address')).toHaveTextContent('/admin/orders?page=2');
  });

  it('says so when the list cannot load', async () => {
    answers['/api/admin/orders?from=2030-02-31'] = { status: 400, body: { error: { code: 'validation', message: 'Use a date like 2026-11-24' } } };
    renderAt('/admin/orders?from=2030-02-31');
    expect(await screen.findByText('We could not load the orders')).toBeInTheDocument();
  });
});

describe('the staff invoices list', () => {
  it('shows each invoice with a link to the order it can be refunded from, and exports with the filters', async () => {
    answers['/api/admin/invoices?q=INV-001001'] = { items: [invoice, { ...invoice, id: 'inv-2', number: 'INV-001002', orderId: null, status: 'failed', refundedCents: 0 }], total: 2, page: 1, pageSize: 25 };
    renderAt('/admin/invoices?q=INV-001001');
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const row = within(table).getByRole('row', { name: /INV-001001/ });
    expect(within(row).getByRole('link', { name: 'Open order for INV-001001' })).toHaveAttribute('href', `/admin/orders/${order.id}`);
    expect(within(row).getByRole('link', { name: 'PDF of INV-001001' })).toHaveAttribute('href', `/api/admin/invoices/${invoice.id}/pdf`);
    expect(within(row).getByText('$7.00 refunded')).toBeInTheDocument();
    const unpaid = within(table).getByRole('row', { name: /INV-001002/ });
    expect(within(unpaid).getByText('Failed')).toBeInTheDocument();
    expect(within(unpaid).getByText('No order yet')).toBeInTheDocument();
    expect(screen.getByText('2 invoices')).toBeInTheDocument();
    expect(screen.getByLabelText('Search invoices')).toHaveValue('INV-001001');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/admin/invoices/export.csv?q=INV-001001');
  });
});
