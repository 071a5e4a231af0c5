import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { StaffInvitation, StaffList, StaffMember } from '../../../../shared/schemas/admin/staff';
import { setSessionUser } from '../../../lib/session';
import StaffPage from './components/staff-page';
import { answerFetch, json, type Answers } from '../../../test/fetch-answers';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

const me: StaffMember = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'owner@example.test',
  name: 'Olive Owner',
  role: 'admin',
  twoFactorEnabled: true,
  lastSignInAt: '2030-01-15T12:00:00.000Z',
  createdAt: '2029-06-01T12:00:00.000Z',
};
const agent: StaffMember = {
  id: '00000000-0000-4000-8000-000000000002',
  email: 'agent@example.test',
  name: '',
  role: 'support',
  twoFactorEnabled: false,
  lastSignInAt: null,
  createdAt: '2030-01-10T12:00:00.000Z',
};
const invitation: StaffInvitation = {
  id: '00000000-0000-4000-8000-0000000000a1',
  email: 'newbie@example.test',
  role: 'billing',
  invitedByEmail: 'owner@example.test',
  createdAt: '2030-01-14T12:00:00.000Z',
  expiresAt: '2030-01-21T12:00:00.000Z',
  expired: false,
};

let fetchMock: MockInstance<typeof fetch>;
let answers: Answers;
let list: StaffList;
const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body)) as unknown;

beforeEach(() => {
  toastMock.success.mockReset();
  toastMock.error.mockReset();
  setSessionUser({ id: me.id, email: me.email, role: 'admin', twoFactorEnabled: true });
  list = { staff: [me, agent], invitations: [invitation] };
  answers = { 'GET /api/admin/staff': () => json(200, list) };
  fetchMock = answerFetch(() => answers);
});
afterEach(() => fetchMock.mockRestore());

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/admin/staff']}>
        <StaffPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the staff page', () => {
  it('lists staff with role and two-factor, and the pending invitations', async () => {
    renderPage();
    const staff = await screen.findByRole('table', { name: 'Staff accounts' });
    const rows = within(staff).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('owner@example.test')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('(you)')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Olive Owner')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Support')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Off')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Never')).toBeInTheDocument();
    const invites = screen.getByRole('table', { name: 'Pending invitations' });
    expect(within(invites).getByText('newbie@example.test')).toBeInTheDocument();
    expect(within(invites).getByText('Billing')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pending invitations (1)' })).toBeInTheDocument();
  });

  it('invites a person by email with a role, and checks the address first', async () => {
    answers['POST /api/admin/staff/invitations'] = (init) => {
      expect(bodyOf(init)).toEqual({ email: 'sam@example.test', role: 'admin' });
      const created = { ...invitation, id: 'inv-2', email: 'sam@example.test', role: 'admin' as const };
      list = { ...list, invitations: [created, invitation] };
      return json(201, { invitation: created, emailSent: true });
    };
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Invite a person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a person' });
    await user.type(within(dialog).getByLabelText('Email address'), 'not an email');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Enter a valid email address')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await user.clear(within(dialog).getByLabelText('Email address'));
    await user.type(within(dialog).getByLabelText('Email address'), 'Sam@Example.test');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'admin');
    expect(within(dialog).getByText(/Everything, including staff/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(toastMock.success).toHaveBeenCalledWith('Invitation sent', { description: 'sam@example.test will get a link to join as Admin.' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('sam@example.test')).toBeInTheDocument();
  });

  it('shows the server refusing an invitation', async () => {
    answers['POST /api/admin/staff/invitations'] = () =>
      json(409, { error: { code: 'conflict', message: 'agent@example.test is already on the staff as Support. Change their role instead.' } });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Invite a person' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Email address'), 'agent@example.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(toastMock.error).toHaveBeenCalledWith('Could not invite', {
        description: 'agent@example.test is already on the staff as Support. Change their role instead.',
      }),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('changes a role with a reason', async () => {
    answers[`PATCH /api/admin/staff/${agent.id}`] = (init) => {
      expect(bodyOf(init)).toEqual({ role: 'billing', reason: 'Joined the billing team' });
      list = { ...list, staff: [me, { ...agent, role: 'billing' }] };
      return json(200, { ...agent, role: 'billing' });
    };
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Change the role of agent@example.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of agent@example.test' });
    expect(within(dialog).getByRole('option', { name: 'Support (current)' })).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('New role'), 'billing');
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect(await within(dialog).findByText('Please give a reason of at least 3 characters')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'Joined the billing team');
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Role changed', { description: 'agent@example.test is now Billing.' }));
  });

  it('says why the last admin cannot be demoted', async () => {
    answers[`PATCH /api/admin/staff/${me.id}`] = () =>
      json(409, { error: { code: 'conflict', message: 'owner@example.test is the last admin. Make someone else an admin first, so the console always has one.' } });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Change the role of owner@example.test' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Stepping back');
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await waitFor(() =>
      expect(toastMock.error).toHaveBeenCalledWith('Could not change the role', {
        description: 'owner@example.test is the last admin. Make someone else an admin first, so the console always has one.',
      }),
    );
  });

  it('removes staff access with a reason', async () => {
    answers[`DELETE /api/admin/staff/${agent.id}`] = (init) => {
      expect(bodyOf(init)).toEqual({ reason: 'Left the company' });
      list = { ...list, staff: [me] };
      return json(200, { ok: true });
    };
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Remove staff access for agent@example.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove staff access for agent@example.test?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Left the company');
    await user.click(within(dialog).getByRole('button', { name: 'Remove access' }));
    await waitFor(() =>
      expect(toastMock.success).toHaveBeenCalledWith('Staff access removed', {
        description: 'agent@example.test is a customer again and was signed out everywhere.',
      }),
    );
    await waitFor(() => expect(screen.queryByText('agent@example.test')).not.toBeInTheDocument());
  });

  it('resends and revokes a pending invitation', async () => {
    answers[`POST /api/admin/staff/invitations/${invitation.id}/resend`] = () => json(200, { invitation, emailSent: true });
    answers[`DELETE /api/admin/staff/invitations/${invitation.id}`] = () => {
      list = { ...list, invitations: [] };
      return json(200, { ok: true });
    };
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Resend the invitation to newbie@example.test' }));
    await waitFor(() =>
      expect(toastMock.success).toHaveBeenCalledWith('Invitation sent again', {
        description: 'A new link went to newbie@example.test; the old one no longer works.',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Revoke the invitation to newbie@example.test' }));
    expect(await screen.findByText('No invitations are waiting.')).toBeInTheDocument();
  });
});
