import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { CustomerList, CustomerSummary } from '../../../../../shared/schemas/admin/customers';
import CustomersPage from './customers-page';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const ada: CustomerSummary = {
  id: '7d1c0f2a-0000-4000-8000-000000000001',
  email: 'ada@example.test',
  name: 'Ada Lovelace',
  role: 'customer',
  emailVerified: true,
  twoFactorEnabled: false,
  suspendedAt: '2030-01-16T09:00:00.000Z',
  referralCode: 'ADA12345',
  serverCount: 2,
  inDunning: true,
  createdAt: '2030-01-15T12:00:00.000Z',
};

let fetchMock: MockInstance<typeof fetch>;
let lists: Record<string, CustomerList | { status: number; body: unknown }>;
let requested: string[];

beforeEach(() => {
  requested = [];
  lists = {};
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    requested.push(url);
    const list = lists[url];
    if (!list) return json(200, { items: [], total: 0, page: 1, pageSize: 25 });
    if ('status' in list) return json(list.status, list.body);
    return json(200, list);
  });
});
afterEach(() => fetchMock.mockRestore());

function Where() {
  const location = useLocation();
  return <output aria-label="Current address">{`${location.pathname}${location.search}`}</output>;
}

function renderPage(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/admin/customers"
            element={
              <>
                <CustomersPage />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the staff customers list', () => {
  it('reads the URL and shows each account with its state, servers and a link to its page', async () => {
    lists['/api/admin/customers?q=ada&filter=suspended'] = { items: [ada], total: 1, page: 1, pageSize: 25 };
    renderPage('/admin/customers?q=ada&filter=suspended');

    const table = await screen.findByRole('table', { name: 'Customers' });
    const row = within(table).getByRole('row', { name: /ada@example.test/ });
    expect(within(row).getByRole('link', { name: 'ada@example.test' })).toHaveAttribute('href', `/admin/customers/${ada.id}`);
    expect(within(row).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(row).getByText('Suspended')).toBeInTheDocument();
    expect(within(row).getByText('In dunning')).toBeInTheDocument();
    expect(within(row).getByText('ADA12345')).toBeInTheDocument();
    expect(screen.getByText('1 account')).toBeInTheDocument();
    expect(screen.getByLabelText('Search customers')).toHaveValue('ada');
    expect(screen.getByLabelText('Show')).toHaveValue('suspended');
    expect(table.parentElement).toHaveClass('overflow-x-auto');
  });

  it('keeps the search, filter, sort and date in the URL, and goes back to page 1 on a change', async () => {
    const user = renderPage('/admin/customers?page=3');
    expect(await screen.findByText('No customers found')).toBeInTheDocument();
    expect(requested).toContain('/api/admin/customers?page=3');

    await user.selectOptions(screen.getByLabelText('Show'), 'has_servers');
    await waitFor(() => expect(screen.getByLabelText('Current address')).toHaveTextContent('/admin/customers?filter=has_servers'));
    await waitFor(() => expect(requested).toContain('/api/admin/customers?filter=has_servers'));

    await user.selectOptions(screen.getByLabelText('Sort by'), 'email_asc');
    await waitFor(() => expect(requested).toContain('/api/admin/customers?filter=has_servers&sort=email_asc'));

    await user.type(screen.getByLabelText('Search customers'), 'grace@');
    await waitFor(() => expect(requested).toContain('/api/admin/customers?q=grace%40&filter=has_servers&sort=email_asc'));
    expect(screen.getByLabelText('Current address')).toHaveTextContent('/admin/customers?filter=has_servers&sort=email_asc&q=grace%40');

    await user.type(screen.getByLabelText('Joined since'), '2030-01-01');
    await waitFor(() => expect(requested).toContain('/api/admin/customers?q=grace%40&filter=has_servers&since=2030-01-01&sort=email_asc'));
  });

  it('pages through a long list', async () => {
    lists['/api/admin/customers'] = { items: [ada], total: 100_000, page: 1, pageSize: 25 };
    lists['/api/admin/customers?page=2'] = { items: [{ ...ada, id: 'other', email: 'grace@example.test' }], total: 100_000, page: 2, pageSize: 25 };
    const user = renderPage('/admin/customers');
    expect(await screen.findByText('Page 1 of 4,000')).toBeInTheDocument();
    expect(screen.getByText('100,000 accounts')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'grace@example.test' })).toBeInTheDocument();
    expect(screen.getByLabelText('Current address')).toHaveTextContent('/admin/customers?page=2');
  });

  it('says so when the list cannot load', async () => {
    lists['/api/admin/customers?since=2030-02-31'] = { status: 400, body: { error: { code: 'bad_request', message: 'Use a real date' } } };
    renderPage('/admin/customers?since=2030-02-31');
    expect(await screen.findByText(/could not load the customers/)).toBeInTheDocument();
  });
});
