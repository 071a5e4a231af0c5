import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { setSessionUser, type SessionUser } from '../../../lib/session';
import { RequireStaff } from './require-staff';

const staff: SessionUser = { id: 'u1', email: 'agent@example.test', role: 'support', twoFactorEnabled: true, secondFactorPresented: true };
let fetchMock: MockInstance<typeof fetch>;
const calls: string[] = [];

beforeEach(() => {
  calls.length = 0;
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
    return new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => fetchMock.mockRestore());

function SignInPage() {
  const state = useLocation().state as { mode?: string; from?: string };
  return <p>sign-in page: {state.mode} then {state.from}</p>;
}

function renderAt(user: SessionUser) {
  setSessionUser(user);
  render(
    <MemoryRouter initialEntries={['/admin/tickets?status=open']}>
      <Routes>
        <Route path="/admin/tickets" element={<RequireStaff><p>the console</p></RequireStaff>} />
        <Route path="/auth" element={<SignInPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('the staff console gate', () => {
  it('opens to a session that presented the second factor', () => {
    renderAt(staff);
    expect(screen.getByText('the console')).toBeInTheDocument();
  });

  it('sends staff without two-factor to set it up', () => {
    renderAt({ ...staff, twoFactorEnabled: false, secondFactorPresented: false });
    expect(screen.getByRole('heading', { name: 'Turn on two-factor authentication' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up two-factor' })).toHaveAttribute('href', '/dashboard/settings?tab=security&next=/admin');
  });

  it('asks a session signed in without the code to sign out and sign in again with it', async () => {
    const user = renderAt({ ...staff, secondFactorPresented: false });
    expect(screen.queryByText('the console')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign in again with your code' })).toBeInTheDocument();
    expect(screen.getByText(/this session was signed in without your code/i)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Set up two-factor' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign out and sign in again' }));
    expect(await screen.findByText('sign-in page: signin then /admin/tickets?status=open')).toBeInTheDocument();
    expect(calls).toEqual(['POST /api/auth/logout']);
  });
});
