import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Share } from '../../../../../shared/schemas/server-sharing';
import { setSessionUser } from '../../../../lib/session';
import { inviteProblems, ShareDialog } from './share-dialog';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const server = {
  id: 'srv-1',
  name: 'Survival World',
  game: 'minecraft',
  gameName: 'Minecraft',
  status: 'online',
  ram: 4,
  cpu: 2,
  disk: 40,
  location: 'us-west',
  locationLabel: 'US West',
  address: '10.0.0.5:25565',
  planName: 'Minecraft 4GB',
  playerCap: 10,
};

const active: Share = {
  id: 'share-1',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  permissions: ['console', 'power'],
  status: 'active',
  invitedAt: '2026-01-01T00:00:00.000Z',
  acceptedAt: '2026-01-02T00:00:00.000Z',
  expiresAt: '2099-01-08T00:00:00.000Z',
};
const pending: Share = { ...active, id: 'share-2', email: 'bob@example.com', name: null, permissions: ['files'], status: 'pending', acceptedAt: null };

type Call = { method: string; url: string; body?: unknown };
let calls: Call[];
let shares: Share[];
let fetchMock: MockInstance<typeof fetch>;
let answers: Record<string, (body: unknown) => Response>;

beforeEach(() => {
  toastMock.success.mockReset();
  toastMock.error.mockReset();
  setSessionUser({ id: 'owner', email: 'owner@example.com' });
  calls = [];
  shares = [active, pending];
  answers = {};
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    const answer = answers[`${method} ${url}`];
    if (answer) return answer(body);
    if (method === 'GET' && url === '/api/servers/srv-1/shares') return json(200, { shares });
    return json(404, { error: { code: 'not_found', message: 'No route' } });
  });
});
afterEach(() => fetchMock.mockRestore());

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ShareDialog server={server} open onOpenChange={() => undefined} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), dialog: screen.getByRole('dialog', { name: 'Share: Survival World' }) };
}

const writes = () => calls.filter((c) => c.method !== 'GET');

describe('inviteProblems', () => {
  const context = { ownEmail: 'Owner@Example.com', invited: ['ada@example.com'] };
  it('checks the address, the permissions, yourself and duplicates', () => {
    expect(inviteProblems({ email: 'not-an-email', permissions: ['console'] }, context)).toEqual({ email: 'Enter a valid email address' });
    expect(inviteProblems({ email: 'x@example.com', permissions: [] }, context)).toEqual({ permissions: 'Choose at least one permission' });
    expect(inviteProblems({ email: ' OWNER@example.com ', permissions: ['console'] }, context)).toEqual({ email: 'You already own this server' });
    expect(inviteProblems({ email: 'ADA@example.com', permissions: ['files'] }, context).email).toMatch(/already has access/);
    expect(inviteProblems({ email: 'new@example.com', permissions: ['files'] }, context)).toEqual({});
  });
});

describe('ShareDialog', () => {
  it('lists who has access and who is invited, with what they can do', async () => {
    const { dialog } = renderDialog();
    const list = await within(dialog).findByRole('list', { name: 'People with access' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Ada Lovelace (ada@example.com)');
    expect(rows[0]).toHaveTextContent('Console, Power');
    expect(rows[0]).toHaveTextContent('Has access');
    expect(rows[1]).toHaveTextContent('bob@example.com');
    expect(rows[1]).toHaveTextContent('Invited');
    expect(within(rows[1]!).getByRole('button', { name: 'Withdraw bob@example.com' })).toBeInTheDocument();
  });

  it('labels every permission with what it allows', async () => {
    const { dialog } = renderDialog();
    for (const label of ['Console', 'Power', 'Backups', 'Files', 'Settings']) {
      expect(within(dialog).getByRole('checkbox', { name: label })).toBeInTheDocument();
    }
    expect(within(dialog).getByRole('checkbox', { name: 'Power' })).toHaveAccessibleDescription('Start, stop and restart');
    expect(within(dialog).getByRole('checkbox', { name: 'Console' })).toBeChecked();
  });

  it('refuses a bad address, yourself, a duplicate and no permission without calling the API', async () => {
    const { user, dialog } = renderDialog();
    await within(dialog).findByRole('list', { name: 'People with access' });
    const email = within(dialog).getByLabelText('Their email address');
    const send = within(dialog).getByRole('button', { name: 'Send invitation' });

    await user.type(email, 'not an email');
    await user.click(send);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Enter a valid email address');
    expect(email).toHaveAttribute('aria-invalid', 'true');

    await user.clear(email);
    await user.type(email, 'owner@example.com');
    await user.click(send);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('You already own this server');

    await user.clear(email);
    await user.type(email, 'ada@example.com');
    await user.click(send);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('ada@example.com already has access or an invitation');

    await user.clear(email);
    await user.type(email, 'carol@example.com');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Console' }));
    await user.click(send);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose at least one permission');
    expect(writes()).toEqual([]);
  });

  it('invites with the chosen permissions and shows the new invitation', async () => {
    const invited: Share = { ...pending, id: 'share-3', email: 'carol@example.com', permissions: ['console', 'files'] };
    answers['POST /api/servers/srv-1/shares'] = () => {
      shares = [...shares, invited];
      return json(201, { share: invited });
    };
    const { user, dialog } = renderDialog();
    await within(dialog).findByRole('list', { name: 'People with access' });
    await user.type(within(dialog).getByLabelText('Their email address'), 'Carol@Example.com');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Files' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Invitation Sent', expect.anything()));
    expect(writes()).toEqual([{ method: 'POST', url: '/api/servers/srv-1/shares', body: { email: 'Carol@Example.com', permissions: ['console', 'files'] } }]);
    const list = within(dialog).getByRole('list', { name: 'People with access' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent('carol@example.comConsole, Files');
    expect(within(dialog).getByLabelText('Their email address')).toHaveValue('');
  });

  it("shows the server's refusal on the field (someone invited meanwhile)", async () => {
    answers['POST /api/servers/srv-1/shares'] = () =>
      json(409, { error: { code: 'already_shared', message: 'dan@example.com already has access or an invitation: change their permissions instead.' } });
    const { user, dialog } = renderDialog();
    await within(dialog).findByRole('list', { name: 'People with access' });
    await user.type(within(dialog).getByLabelText('Their email address'), 'dan@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('dan@example.com already has access or an invitation');
  });

  it("changes a person's permissions, and needs at least one", async () => {
    answers['PATCH /api/servers/srv-1/shares/share-1'] = (body) => json(200, { share: { ...active, ...(body as object) } });
    const { user, dialog } = renderDialog();
    await user.click(await within(dialog).findByRole('button', { name: 'Change access of ada@example.com' }));
    const picker = within(dialog).getByRole('group', { name: 'What ada@example.com can do' });
    await user.click(within(picker).getByRole('checkbox', { name: 'Console' }));
    await user.click(within(picker).getByRole('checkbox', { name: 'Power' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save access' }));
    expect(within(picker).getByRole('alert')).toHaveTextContent('Choose at least one permission');
    expect(writes()).toEqual([]);

    await user.click(within(picker).getByRole('checkbox', { name: 'Backups' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save access' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Access Changed', { description: 'ada@example.com can now use: Backups.' }));
    expect(writes()).toEqual([{ method: 'PATCH', url: '/api/servers/srv-1/shares/share-1', body: { permissions: ['backups'] } }]);
  });

  it('removes access only after a confirmation, and can keep it', async () => {
    answers['DELETE /api/servers/srv-1/shares/share-1'] = () => {
      shares = [pending];
      return json(204);
    };
    const { user, dialog } = renderDialog();
    await user.click(await within(dialog).findByRole('button', { name: 'Remove ada@example.com' }));
    expect(within(dialog).getByText("Remove ada@example.com's access to Survival World?")).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep' }));
    expect(writes()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Remove ada@example.com' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm remove ada@example.com' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Access Removed', expect.anything()));
    expect(writes()).toEqual([{ method: 'DELETE', url: '/api/servers/srv-1/shares/share-1', body: undefined }]);
    await waitFor(() => expect(within(dialog).queryByText(/ada@example.com/)).not.toBeInTheDocument());
  });
});
