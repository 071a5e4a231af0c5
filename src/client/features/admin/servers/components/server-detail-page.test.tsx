import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { AdminServerDetail } from '../../../../../shared/schemas/admin/servers';
import { setSessionUser } from '../../../../lib/session';
import ServerDetailPage from './server-detail-page';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const id = '7d1c0f2a-0000-4000-8000-000000000001';
const base: AdminServerDetail = {
  id,
  name: 'Creeper Valley',
  status: 'online',
  game: 'minecraft',
  gameName: 'Minecraft',
  planName: 'Minecraft 4GB',
  location: 'us-west',
  locationLabel: 'US West (California)',
  owner: { id: 'u1', email: 'ada@example.test', name: 'Ada Lovelace' },
  panelServerId: 'a1b2c3d4-e5f6',
  suspendedBy: null,
  provisioningAttempts: 0,
  deletesAt: null,
  createdAt: '2030-01-15T12:00:00.000Z',
  updatedAt: '2030-01-15T12:05:00.000Z',
  ramGb: 4,
  vcpu: 2,
  diskGb: 40,
  playerCap: 10,
  period: 'monthly',
  renewsAt: '2030-02-15T12:00:00.000Z',
  ip: '198.51.100.10',
  port: 25565,
  panelIdentifier: 'a1b2c3d4',
  panelUrl: 'https://panel.example/server/a1b2c3d4',
  failureReason: null,
  provisioningError: null,
  orderId: 'o1o1o1o1-0000-4000-8000-000000000001',
  orderStatus: 'paid',
  refunded: false,
  refundDueAt: null,
  renewal: null,
  cancelAt: null,
  deletedAt: null,
  keptBackupId: null,
  backupKeptUntil: null,
};

let fetchMock: MockInstance<typeof fetch>;
let server: AdminServerDetail;
let calls: { key: string; body: unknown }[];

beforeEach(() => {
  toastMock.success.mockReset();
  calls = [];
  server = base;
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    calls.push({ key, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (key === `GET /api/admin/servers/${id}`) return json(200, server);
    if (key === `POST /api/admin/servers/${id}/retry`) return json(200, { server: { ...server, status: 'provisioning', provisioningError: null } });
    if (key === `DELETE /api/admin/servers/${id}`) return json(200, { server: { ...server, status: 'cancelled', deletedAt: '2030-01-16T00:00:00.000Z' } });
    throw new Error(`unexpected fetch ${key}`);
  });
});
afterEach(() => {
  fetchMock.mockRestore();
  setSessionUser(null);
});

function renderAs(role: string) {
  setSessionUser({ id: 'staff', email: 'staff@example.test', role, twoFactorEnabled: true });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/admin/servers/${id}`]}>
        <Routes>
          <Route path="/admin/servers/:id" element={<ServerDetailPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the staff server page', () => {
  it('shows support the power actions and the panel link, but not suspend or delete', async () => {
    renderAs('support');
    await screen.findByRole('heading', { level: 1, name: 'Creeper Valley' });
    expect(screen.getByRole('link', { name: /Open in panel/ })).toHaveAttribute('href', base.panelUrl);
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restart' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('shows a failed server its panel error and attempts, and retries it with a reason', async () => {
    server = {
      ...base,
      status: 'failed',
      provisioningAttempts: 2,
      provisioningError: 'the install script failed (install_failed)',
      failureReason: 'The game failed to install on your server.',
      refundDueAt: '2030-01-15T13:05:00.000Z',
    };
    const user = renderAs('support');
    await screen.findByText('the install script failed (install_failed)');
    expect(screen.getByText('Failed attempts').nextElementSibling).toHaveTextContent('2');
    await user.click(screen.getByRole('button', { name: 'Retry provisioning' }));
    const dialog = screen.getByRole('dialog', { name: 'Retry provisioning' });
    await user.click(within(dialog).getByRole('button', { name: 'Retry provisioning' }));
    expect(within(dialog).getByText('Please give a reason of at least 3 characters')).toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);
    await user.type(within(dialog).getByLabelText('Reason'), 'Image fixed');
    await user.click(within(dialog).getByRole('button', { name: 'Retry provisioning' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Provisioning started again'));
    expect(calls.find((c) => c.key.startsWith('POST'))?.body).toEqual({ reason: 'Image fixed' });
  });

  it('asks an admin to type the name before deleting', async () => {
    const user = renderAs('admin');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Creeper Valley' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete server' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Owner asked by ticket');
    await user.type(within(dialog).getByLabelText('Type Creeper Valley to confirm'), 'Creeper');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type Creeper Valley to confirm'), ' Valley');
    await user.click(confirm);
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('The server is deleted'));
    expect(calls.find((c) => c.key.startsWith('DELETE'))?.body).toEqual({ confirmName: 'Creeper Valley', reason: 'Owner asked by ticket' });
  });
});
