import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { SharedWithMe } from '../../../../../shared/schemas/server-sharing';
import { setSessionUser } from '../../../../lib/session';
import ServicesPage from '../services-page';
import AcceptInvitationPage from './accept-invitation-page';

configure({ asyncUtilTimeout: 4_000 });

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const sharedServer = {
  id: 'srv-9',
  name: 'Friends Valley',
  game: 'minecraft',
  gameName: 'Minecraft',
  status: 'online',
  ram: 4,
  cpu: 2,
  disk: 40,
  location: 'us-west',
  locationLabel: 'US West',
  address: '10.0.0.9:25565',
  planName: 'Minecraft 4GB',
  playerCap: 10,
  ownerName: 'Ada Lovelace',
  permissions: ['console' as const],
};

const resources = {
  state: 'online',
  cpuPercent: 10,
  cpuLimitPercent: 200,
  memoryBytes: 1024 ** 3,
  memoryLimitBytes: 4 * 1024 ** 3,
  diskBytes: 1024 ** 3,
  diskLimitBytes: 40 * 1024 ** 3,
  uptimeSeconds: 60,
  players: { online: 1, max: 10 },
  lastBackupAt: null,
};

type Call = { method: string; url: string; body?: unknown };
let calls: Call[];
let shared: SharedWithMe;
let answers: Record<string, (body: unknown) => Response>;
let fetchMock: MockInstance<typeof fetch>;

beforeEach(() => {
  toastMock.success.mockReset();
  toastMock.error.mockReset();
  setSessionUser({ id: 'friend', email: 'friend@example.com' });
  calls = [];
  answers = {};
  shared = {
    servers: [sharedServer],
    invitations: [
      { id: 'inv-1', serverName: 'Creative Plot', gameName: 'Minecraft', ownerName: 'Bob', permissions: ['files', 'backups'], expiresAt: '2099-01-01T00:00:00.000Z' },
    ],
  };
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[`${method} ${url}`];
    if (answer) return answer(init?.body ? JSON.parse(String(init.body)) : undefined);
    if (url === '/api/servers') return json(200, { servers: [] });
    if (url === '/api/shared-servers') return json(200, shared);
    if (url === '/api/servers/srv-9/resources') return json(200, resources);
    if (url === '/api/servers/srv-9/resources/history') return json(200, { points: [] });
    return json(404, { error: { code: 'not_found', message: `No route for ${method} ${url}` } });
  });
});
afterEach(() => fetchMock.mockRestore());

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.hash}`}</p>;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/dashboard/services" element={<ServicesPage />} />
          <Route path="/dashboard/shared/accept" element={<AcceptInvitationPage />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('Shared with you on My Services', () => {
  it('shows a console-only server with the console and no power, backup, share or billing controls', async () => {
    renderAt('/dashboard/services');
    const section = await screen.findByRole('region', { name: 'Shared with you' });
    const card = within(section).getByRole('article', { name: 'Friends Valley' });
    expect(card).toHaveTextContent('Shared by Ada Lovelace. You can use: Console.');
    expect(within(card).getByRole('button', { name: 'Console Friends Valley' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Players Friends Valley' })).toBeEnabled();
    for (const name of [/^Stop Server/, /^Start Server/, /^Restart/, /^Backup/, /^Share/, /^Configure/, /^Game Panel/, /^Schedule Restart/, /^Files/]) {
      expect(within(card).queryByRole('button', { name })).not.toBeInTheDocument();
      expect(within(card).queryByRole('link', { name })).not.toBeInTheDocument();
    }
    expect(card).not.toHaveTextContent(/renew|invoice|cancel/i);
    // SFTP is file access: not for someone without the files permission.
    expect(within(card).queryByRole('button', { name: /^SFTP access/ })).not.toBeInTheDocument();
    await within(card).findByText('1 / 10');
    // Nothing it may not see is even asked for: the schedule needs the settings permission.
    expect(calls.map((c) => c.url)).not.toContain('/api/servers/srv-9/restart-schedule');
  });

  it('accepts an invitation to your address from the list', async () => {
    answers['POST /api/shared-servers/invitations/inv-1/accept'] = () => {
      shared = { servers: [...shared.servers, { ...sharedServer, id: 'srv-10', name: 'Creative Plot', permissions: ['backups', 'files'] }], invitations: [] };
      return json(200, { serverId: 'srv-10', serverName: 'Creative Plot' });
    };
    answers['GET /api/servers/srv-10/resources'] = () => json(200, resources);
    answers['GET /api/servers/srv-10/resources/history'] = () => json(200, { points: [] });
    const user = renderAt('/dashboard/services');
    const invitations = await screen.findByRole('list', { name: 'Invitations' });
    expect(invitations).toHaveTextContent('Bob invited you to Creative Plot');
    expect(invitations).toHaveTextContent('Files, Backups');
    await user.click(within(invitations).getByRole('button', { name: 'Accept the invitation to Creative Plot' }));
    const card = await screen.findByRole('article', { name: 'Creative Plot' });
    expect(within(card).getByRole('button', { name: 'Backup Creative Plot' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^Console/ })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'SFTP access for Creative Plot' })).toHaveAttribute('aria-expanded', 'false');
    // The files permission opens the file manager.
    expect(within(card).getByRole('link', { name: 'Files Creative Plot' })).toHaveAttribute('href', '/dashboard/servers/srv-10/files');
    expect(toastMock.success).toHaveBeenCalledWith('Invitation Accepted', expect.anything());
  });

  it('leaves a shared server after a confirmation', async () => {
    answers['DELETE /api/servers/srv-9/membership'] = () => {
      shared = { ...shared, servers: [] };
      return json(204);
    };
    const user = renderAt('/dashboard/services');
    const card = await screen.findByRole('article', { name: 'Friends Valley' });
    await user.click(within(card).getByRole('button', { name: 'Leave Friends Valley' }));
    await user.click(within(card).getByRole('button', { name: 'Stay' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(card).getByRole('button', { name: 'Leave Friends Valley' }));
    await user.click(within(card).getByRole('button', { name: 'Confirm leave' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Friends Valley' })).not.toBeInTheDocument());
  });
});

describe('The emailed invitation link', () => {
  it('says what it offers, accepts it and opens My Services at the server', async () => {
    answers['GET /api/shared-servers/invitations/tok-123456789'] = () =>
      json(200, { state: 'valid', serverName: 'Friends Valley', ownerName: 'Ada Lovelace', email: 'friend@example.com', permissions: ['console'] });
    answers['POST /api/shared-servers/accept'] = () => json(200, { serverId: 'srv-9', serverName: 'Friends Valley' });
    const user = renderAt('/dashboard/shared/accept?token=tok-123456789');
    expect(await screen.findByRole('heading', { name: 'Help run Friends Valley' })).toBeInTheDocument();
    expect(screen.getByText(/Ada Lovelace invited you to their game server with access to: Console/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard/services#server-srv-9'));
    expect(calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', url: '/api/shared-servers/accept', body: { token: 'tok-123456789' } });
    expect(await screen.findByRole('article', { name: 'Friends Valley' })).toBeInTheDocument();
  });

  it('explains a link meant for another address, and an expired one', async () => {
    answers['GET /api/shared-servers/invitations/tok-other-address'] = () =>
      json(200, { state: 'wrong_account', serverName: 'Friends Valley', ownerName: 'Ada', email: 'someone@example.com', permissions: ['console'] });
    renderAt('/dashboard/shared/accept?token=tok-other-address');
    expect(await screen.findByRole('heading', { name: 'This invitation is for another address' })).toBeInTheDocument();
    expect(screen.getByText(/sent to someone@example.com, and you are signed in as friend@example.com/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
  });

  it('shows why accepting failed', async () => {
    answers['GET /api/shared-servers/invitations/tok-123456789'] = () =>
      json(200, { state: 'valid', serverName: 'Friends Valley', ownerName: 'Ada', email: 'friend@example.com', permissions: ['console'] });
    answers['POST /api/shared-servers/accept'] = () =>
      json(410, { error: { code: 'invite_expired', message: 'This invitation has expired. Ask the owner to invite you again.' } });
    const user = renderAt('/dashboard/shared/accept?token=tok-123456789');
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation has expired. Ask the owner to invite you again.');
  });
});
