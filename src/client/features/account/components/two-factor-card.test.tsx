import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { setSessionUser } from '../../../lib/session';
import { TwoFactorCard } from './two-factor-card';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const staff = { id: 'u1', email: 'agent@example.test', role: 'support', twoFactorEnabled: false };
let fetchMock: MockInstance<typeof fetch>;
let sessionCalls = 0;
const disableBodies: unknown[] = [];

beforeEach(() => {
  sessionCalls = 0;
  disableBodies.length = 0;
  setSessionUser(staff);
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    if (key === 'POST /api/account/2fa/setup') return json(200, { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://x', qrSvg: '<svg/>' });
    if (key === 'POST /api/account/2fa/enable') return json(200, { recoveryCodes: ['aaaa-bbbb', 'cccc-dddd'] });
    if (key === 'GET /api/account') return json(200, {});
    if (key === 'POST /api/account/2fa/disable') {
      disableBodies.push(JSON.parse(String(init?.body)));
      return json(200, { ok: true });
    }
    if (key === 'GET /api/auth/session') {
      sessionCalls += 1;
      return json(200, { user: { ...staff, twoFactorEnabled: true } });
    }
    throw new Error(`unexpected fetch ${key}`);
  });
});
afterEach(() => fetchMock.mockRestore());

function renderCard(path: string, enabled = false) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <TwoFactorCard enabled={enabled} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

async function enable(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Enable two-factor' }));
  await user.type(await screen.findByLabelText('Confirmation code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Confirm and enable' }));
  await screen.findByRole('list', { name: 'Recovery codes' });
}

describe('the two-factor hand-off back to the staff console', () => {
  it('offers the way back once two-factor is on, after the session knows it', async () => {
    const user = renderCard('/dashboard/settings?tab=security&next=/admin');
    expect(screen.queryByRole('link', { name: 'Continue to the staff console' })).not.toBeInTheDocument();
    await enable(user);
    const link = await screen.findByRole('link', { name: 'Continue to the staff console' });
    expect(link).toHaveAttribute('href', '/admin');
    await waitFor(() => expect(sessionCalls).toBeGreaterThan(0));
  });

  it('shows it to staff who already have two-factor on', () => {
    renderCard('/dashboard/settings?tab=security&next=/admin/tickets', true);
    expect(screen.getByRole('link', { name: 'Continue to the staff console' })).toHaveAttribute('href', '/admin/tickets');
  });

  it('ignores a next that is not the console', async () => {
    const user = renderCard('/dashboard/settings?tab=security&next=https://evil.example');
    await enable(user);
    expect(screen.queryByRole('link', { name: 'Continue to the staff console' })).not.toBeInTheDocument();
  });
});

describe('turning two-factor off', () => {
  it('asks for a current code as well as the password, and sends both', async () => {
    const user = renderCard('/dashboard/settings?tab=security', true);
    const code = screen.getByLabelText('Two-factor code');
    expect(code).toBeRequired();
    await user.type(screen.getByLabelText('Password to disable two-factor'), 'my password');
    await user.type(code, ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Disable two-factor' }));
    await waitFor(() => expect(disableBodies).toEqual([{ password: 'my password', code: '123456' }]));
  });
});
