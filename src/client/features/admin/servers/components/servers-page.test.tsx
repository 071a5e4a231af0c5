import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { AdminServerList, AdminServerSummary } from '../../../../../shared/schemas/admin/servers';
import ServersPage from './servers-page';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const failed: AdminServerSummary = {
  id: '7d1c0f2a-0000-4000-8000-000000000001',
  name: 'Creeper Valley',
  status: 'failed',
  game: 'minecraft',
  gameName: 'Minecraft',
  planName: 'Minecraft 4GB',
  location: 'us-west',
  locationLabel: 'US West (California)',
  owner: { id: 'u1', email: 'ada@example.test' },
  panelServerId: 'a1b2c3d4-e5f6',
  suspendedBy: null,
  provisioningAttempts: 3,
  deletesAt: null,
  createdAt: '2030-01-15T12:00:00.000Z',
  updatedAt: '2030-01-15T12:05:00.000Z',
};

const catalog = {
  games: [{ slug: 'minecraft', name: 'Minecraft' }],
  locations: [{ value: 'us-west', label: 'US West (California)' }],
  plans: [],
  addons: [],
  periods: [],
  packs: [],
};

let fetchMock: MockInstance<typeof fetch>;
let lists: Record<string, AdminServerList>;
let requested: string[];

beforeEach(() => {
  requested = [];
  lists = {};
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/catalog?lang=en') return json(200, catalog);
    requested.push(url);
    const list = lists[url];
    if (!list) return json(200, { items: [], total: 0, page: 1, pageSize: 25 });
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
            path="/admin/servers"
            element={
              <>
                <ServersPage />
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

describe('the staff servers list', () => {
  it('reads its filter from the URL and shows each server with its state, owner and panel id', async () => {
    lists['/api/admin/servers?filter=failed'] = { items: [failed], total: 1, page: 1, pageSize: 25 };
    renderPage('/admin/servers?filter=failed');

    const table = await screen.findByRole('table', { name: 'Servers' });
    const row = within(table).getByRole('row', { name: /Creeper Valley/ });
    expect(within(row).getByRole('link', { name: 'Creeper Valley' })).toHaveAttribute('href', `/admin/servers/${failed.id}`);
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    expect(within(row).getByText('3 failed attempts')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'ada@example.test' })).toHaveAttribute('href', '/admin/customers/u1');
    expect(within(row).getByText('a1b2c3d4-e5f')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Failed' })).toHaveAttribute('aria-pressed', 'true');
    expect(table.parentElement).toHaveClass('overflow-x-auto');
  });

  it('keeps the quick filters, selects and search in the URL, back on page 1', async () => {
    const user = renderPage('/admin/servers?page=3');
    expect(await screen.findByText('No servers here')).toBeInTheDocument();
    expect(requested).toContain('/api/admin/servers?page=3');

    await user.click(screen.getByRole('button', { name: 'Installing over 10 minutes' }));
    await waitFor(() => expect(screen.getByLabelText('Current address')).toHaveTextContent('/admin/servers?filter=stuck_installing'));
    await waitFor(() => expect(requested).toContain('/api/admin/servers?filter=stuck_installing'));

    await user.selectOptions(screen.getByLabelText('Status'), 'installing');
    await waitFor(() => expect(requested).toContain('/api/admin/servers?filter=stuck_installing&status=installing'));

    await screen.findByRole('option', { name: 'US West (California)' });
    await user.selectOptions(screen.getByLabelText('Location'), 'us-west');
    await user.type(screen.getByLabelText('Search servers'), 'ada@');
    await waitFor(() =>
      expect(requested).toContain('/api/admin/servers?filter=stuck_installing&status=installing&location=us-west&q=ada%40'),
    );
  });

  it('retries the ticked failed set-ups with one reason and says which could not be retried', async () => {
    const other: AdminServerSummary = { ...failed, id: '7d1c0f2a-0000-4000-8000-000000000002', name: 'Nether Hub' };
    const online: AdminServerSummary = { ...failed, id: '7d1c0f2a-0000-4000-8000-000000000003', name: 'Quiet Meadow', status: 'online' };
    lists['/api/admin/servers?filter=failed'] = { items: [failed, other, online], total: 3, page: 1, pageSize: 25 };
    const posted: unknown[] = [];
    const list = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) !== '/api/admin/servers/retry-failed') return list(input, init);
      posted.push(JSON.parse(String(init?.body)));
      return json(200, {
        retried: 1,
        results: [
          { id: failed.id, name: failed.name, ok: true, message: null },
          { id: other.id, name: null, ok: false, message: 'The order was already refunded, so this server cannot be set up again.' },
        ],
      });
    });
    const user = renderPage('/admin/servers?filter=failed');
    const table = await screen.findByRole('table', { name: 'Servers' });
    // Only failed servers can be ticked.
    expect(within(within(table).getByRole('row', { name: /Quiet Meadow/ })).queryByRole('checkbox')).toBeNull();
    expect(screen.getByText('0 failed servers selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry selected' })).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Select every failed server on this page' }));
    expect(screen.getByText('2 failed servers selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retry 2 failed set-ups' });
    await user.click(within(dialog).getByRole('button', { name: 'Retry them' }));
    expect(await within(dialog).findByText('Please give a reason of at least 3 characters')).toBeInTheDocument();
    expect(posted).toEqual([]);
    await user.type(within(dialog).getByLabelText('Reason'), 'Panel is back after the upgrade');
    await user.click(within(dialog).getByRole('button', { name: 'Retry them' }));

    expect(await screen.findByText('1 of 2 set up again.')).toBeInTheDocument();
    expect(screen.getByText(/already refunded/)).toBeInTheDocument();
    expect(posted).toEqual([{ serverIds: [failed.id, other.id], reason: 'Panel is back after the upgrade' }]);
    expect(screen.getByText('0 failed servers selected')).toBeInTheDocument();
  });

  it('pages through a long list', async () => {
    lists['/api/admin/servers'] = { items: [failed], total: 60, page: 1, pageSize: 25 };
    const user = renderPage('/admin/servers');
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(requested).toContain('/api/admin/servers?page=2'));
  });
});
