import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { PlanChangeView } from '../../../../../shared/schemas/plan-changes';
import type { Server } from '../../api/get-servers';
import ServicesPage from '../services-page';

// The page and its dialogs load lazily on the first render of a run.
configure({ asyncUtilTimeout: 4_000 });

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function server(overrides: Partial<Server>): Server {
  const base = {
    id: 'srv-1',
    userId: 'u1',
    orderId: 'o1',
    name: 'Survival World',
    game: 'minecraft',
    gameName: 'Minecraft',
    status: 'online',
    ram: 4,
    cpu: 2,
    disk: 40,
    location: 'us-west',
    locationLabel: 'US West (California)',
    ip: '10.0.0.5',
    port: 25565,
    address: '10.0.0.5:25565',
    panelUrl: null,
    planName: 'Minecraft 4GB',
    playerCap: 10,
    failureReason: null,
    createdAt: '2030-01-15T12:00:00.000Z',
    renewsAt: '2030-02-15T12:00:00.000Z',
    cancelAt: null,
    planChange: null,
    moving: null,
  };
  return { ...base, ...overrides };
}

const downgrade: PlanChangeView = {
  id: 'chg-1',
  serverId: 'srv-1',
  kind: 'downgrade',
  status: 'scheduled',
  fromPlanName: 'Minecraft 4GB',
  toPlanName: 'Minecraft 2GB',
  toRamGb: 2,
  currency: 'usd',
  amountCents: 0,
  grossCents: null,
  renewalCents: 700,
  effectiveAt: '2030-02-15T12:00:00.000Z',
  reason: null,
  createdAt: '2030-01-20T00:00:00.000Z',
};

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;
let routes: Record<string, Handler>;
let calls: string[];
let fetchMock: MockInstance<typeof fetch>;

beforeEach(() => {
  toastMock.success.mockReset();
  routes = {};
  calls = [];
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    calls.push(key);
    const handler = routes[key];
    return handler ? handler(String(input), init) : json(404, { error: { code: 'not_found', message: `No route for ${key}` } });
  });
});
afterEach(() => fetchMock.mockRestore());

function renderPage(path = '/dashboard/services') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <ServicesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('Change plan on the server cards', () => {
  it('is offered on owned, usable servers only: not when cancelling, suspended or failed, nor on a server shared with you', async () => {
    routes['GET /api/servers'] = () =>
      json(200, {
        servers: [
          server({}),
          server({ id: 'srv-2', name: 'Ending World', cancelAt: '2030-02-15T12:00:00.000Z' }),
          server({ id: 'srv-3', name: 'Suspended World', status: 'suspended' }),
          server({ id: 'srv-4', name: 'Failed World', status: 'failed', address: null }),
        ],
      });
    routes['GET /api/shared-servers'] = () =>
      json(200, {
        servers: [{ ...server({ id: 'srv-5', name: 'Friend World' }), ownerName: 'Grace', permissions: ['console', 'power', 'backups', 'files', 'settings'] }],
        invitations: [],
      });
    routes['GET /api/servers/srv-1/plan-change'] = () =>
      json(200, { current: { planId: 'minecraft-4gb', planName: 'Minecraft 4GB', ramGb: 4, vcpu: 2, diskGb: 40, addons: {} }, period: { value: 'monthly', label: 'Monthly', months: 1 }, plans: [], addons: [], open: null, last: null });
    const user = renderPage();
    const owned = await screen.findByRole('article', { name: 'Survival World' });
    await screen.findByRole('article', { name: 'Friend World' });
    for (const name of ['Ending World', 'Suspended World', 'Failed World', 'Friend World']) {
      expect(within(screen.getByRole('article', { name })).queryByRole('button', { name: /^Change plan/ })).toBeNull();
    }
    const button = within(owned).getByRole('button', { name: 'Change plan Survival World' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(button);
    expect(await screen.findByRole('dialog', { name: 'Change plan: Survival World' })).toBeInTheDocument();
    await waitFor(() => expect(calls).toContain('GET /api/servers/srv-1/plan-change'));
  });

  it('shows a scheduled downgrade on the card and cancels it after a confirmation', async () => {
    let change: PlanChangeView | null = downgrade;
    routes['GET /api/servers'] = () => json(200, { servers: [server({ planChange: change })] });
    routes['DELETE /api/servers/srv-1/plan-change'] = () => {
      change = null;
      return json(200, { ...downgrade, status: 'cancelled', reason: 'Cancelled by you.' });
    };
    const user = renderPage();
    const card = await screen.findByRole('article', { name: 'Survival World' });
    const note = await within(card).findByTestId('plan-change-note');
    expect(note).toHaveTextContent('Moving to Minecraft 2GB on February 15, 2030. Renewals then cost $7.00, before tax.');
    await user.click(within(note).getByRole('button', { name: 'Cancel change (the move to Minecraft 2GB)' }));
    const ask = within(note).getByRole('group', { name: 'Cancel the move to Minecraft 2GB?' });
    expect(ask).toHaveTextContent('Survival World keeps Minecraft 4GB and renews at its current price.');
    // 'Keep the change' steps back without asking the server.
    await user.click(within(ask).getByRole('button', { name: 'Keep the change' }));
    expect(within(note).getByRole('button', { name: /^Cancel change/ })).toHaveFocus();
    expect(calls.filter((c) => c.startsWith('DELETE'))).toEqual([]);

    await user.click(within(note).getByRole('button', { name: /^Cancel change/ }));
    await user.click(within(note).getByRole('button', { name: 'Yes, cancel the change' }));
    await waitFor(() => expect(within(card).queryByTestId('plan-change-note')).toBeNull());
    expect(toastMock.success).toHaveBeenCalledWith('Plan change cancelled', { description: 'Survival World keeps Minecraft 4GB.' });
  });

  it('says when the cancellation comes too late, in the card', async () => {
    routes['GET /api/servers'] = () => json(200, { servers: [server({ planChange: downgrade })] });
    routes['DELETE /api/servers/srv-1/plan-change'] = () =>
      json(409, { error: { code: 'change_in_progress', message: 'This plan change is already being applied and can no longer be cancelled.' } });
    const user = renderPage();
    const note = await screen.findByTestId('plan-change-note');
    await user.click(within(note).getByRole('button', { name: /^Cancel change/ }));
    await user.click(within(note).getByRole('button', { name: 'Yes, cancel the change' }));
    expect(await within(note).findByRole('alert')).toHaveTextContent('This plan change is already being applied and can no longer be cancelled.');
  });

  it('shows an upgrade being resized, and opens its dialog when the customer comes back from the checkout', async () => {
    const paid: PlanChangeView = { ...downgrade, kind: 'upgrade', status: 'paid', fromPlanName: 'Minecraft 2GB', toPlanName: 'Minecraft 4GB', toRamGb: 4, grossCents: 350 };
    routes['GET /api/servers'] = () => json(200, { servers: [server({ ram: 2, planName: 'Minecraft 2GB', planChange: paid })] });
    routes['GET /api/servers/srv-1/plan-change'] = () =>
      json(200, { current: { planId: 'minecraft-2gb', planName: 'Minecraft 2GB', ramGb: 2, vcpu: 1, diskGb: 20, addons: {} }, period: { value: 'monthly', label: 'Monthly', months: 1 }, plans: [], addons: [], open: paid, last: null });
    renderPage('/dashboard/services?plan_change=chg-1&session_id=cs_local_1');
    const card = await screen.findByRole('article', { name: 'Survival World' });
    // The dialog opens over the page (which it hides from the accessibility tree meanwhile).
    expect(within(card).getByText('Resizing the server to Minecraft 4GB (4 GB RAM) on the game panel...')).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Change plan: Survival World' });
    expect(await within(dialog).findByRole('list', { name: 'Progress' })).toHaveTextContent('Paid $3.50 (done)');
  });
});
