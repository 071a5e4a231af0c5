import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import SupportPage from './support-page';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const ticket = {
  id: 'c0ffee00-0000-4000-8000-000000000001',
  reference: 'C0FFEE00',
  subject: 'Lag spikes',
  category: 'technical',
  priority: 'high',
  status: 'pending',
  serverId: null,
  createdAt: '2030-01-15T12:00:00.000Z',
  updatedAt: '2030-01-16T12:00:00.000Z',
  responses: 2,
};

let fetchMock: MockInstance<typeof fetch>;
const listUrls = () => fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith('/api/tickets'));

beforeEach(() => {
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const body = url.pathname === '/api/tickets' ? (url.searchParams.get('status') === 'resolved' ? [] : [ticket]) : [];
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => fetchMock.mockRestore());

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/dashboard/support']}>
        <SupportPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('SupportPage', () => {
  it('lists tickets with status and priority, and the Filter button filters by status', async () => {
    const user = renderPage();
    expect(screen.getByRole('tab', { name: 'My Tickets' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Knowledge Base' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Your tickets' });
    const item = within(list).getByRole('link', { name: /Lag spikes/ });
    expect(item).toHaveAttribute('href', `/dashboard/support/${ticket.id}`);
    expect(within(item).getByText('Pending')).toHaveAttribute('data-status', 'pending');
    expect(within(item).getByText('High priority')).toBeInTheDocument();
    expect(within(item).getByText(/2 responses/)).toBeInTheDocument();

    const filter = screen.getByRole('button', { name: 'Filter' });
    expect(filter).toHaveAttribute('aria-expanded', 'false');
    await user.click(filter);
    expect(filter).toHaveAttribute('aria-expanded', 'true');
    await user.selectOptions(screen.getByLabelText('Status'), 'resolved');
    expect(await screen.findByText('No tickets match your search')).toBeInTheDocument();
    expect(listUrls()).toContain('/api/tickets?status=resolved');
  });

  it('searches after typing stops, and the New Ticket button opens the form dialog', async () => {
    const user = renderPage();
    await screen.findByRole('list', { name: 'Your tickets' });
    await user.type(screen.getByRole('searchbox', { name: 'Search tickets' }), 'lag');
    await vi.waitFor(() => expect(listUrls()).toContain('/api/tickets?q=lag'));
    expect(listUrls()).not.toContain('/api/tickets?q=l');

    await user.click(screen.getAllByRole('button', { name: 'New Ticket' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Create Support Ticket' });
    expect(within(dialog).getByLabelText('Priority')).toHaveValue('medium');
  });
});
