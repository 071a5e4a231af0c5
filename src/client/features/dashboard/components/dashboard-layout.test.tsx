import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { refreshSession, setSessionUser } from '../../../lib/session';
import { DashboardLayout } from './dashboard-layout';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const customer = { id: 'c1', email: 'ada@example.test', firstName: 'Ada', lastName: '', role: 'customer', twoFactorEnabled: false };
const staff = { id: 's1', email: 'grace@example.test', firstName: 'Grace', lastName: '', role: 'support', twoFactorEnabled: true };

let fetchMock: MockInstance<typeof fetch>;
let viewing: boolean;
let calls: string[];

beforeEach(() => {
  viewing = true;
  calls = [];
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    if (url === '/api/admin/view-as/exit') {
      viewing = false;
      return json(200, { ok: true });
    }
    if (url === '/api/auth/session') {
      return json(200, viewing
        ? { user: customer, viewAs: { customerId: 'c1', customerEmail: 'ada@example.test', staffEmail: 'grace@example.test' } }
        : { user: staff, viewAs: null });
    }
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
});
afterEach(() => {
  fetchMock.mockRestore();
  setSessionUser(null);
});

function renderLayout() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route path="/dashboard" element={<DashboardLayout><h1>Overview</h1></DashboardLayout>} />
          <Route path="/admin/customers/:id" element={<h1>Customer page</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the dashboard while staff view it as a customer', () => {
  it('shows the read-only banner, and Exit view ends it and returns to the customer page', async () => {
    await refreshSession();
    const user = renderLayout();
    const banner = screen.getByRole('region', { name: 'Staff view' });
    expect(banner).toHaveTextContent('Viewing ada@example.test as staff — read-only');
    await user.click(screen.getByRole('button', { name: 'Exit view' }));
    expect(await screen.findByRole('heading', { name: 'Customer page' })).toBeInTheDocument();
    expect(calls).toContain('POST /api/admin/view-as/exit');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Staff view' })).not.toBeInTheDocument());
  });

  it('shows no banner to a customer on their own dashboard', async () => {
    viewing = false;
    setSessionUser(customer);
    renderLayout();
    expect(screen.getByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Staff view' })).not.toBeInTheDocument();
  });
});
