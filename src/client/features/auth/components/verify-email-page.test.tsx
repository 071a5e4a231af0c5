import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { startTestI18n } from '../../../../../tests/setup/i18n';
import { rememberReturnPath } from '../../../lib/return-path';
import VerifyEmailPage from './verify-email-page';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const WRONG =
  'That is not the password this account was signed up with. If you signed up more than once, use the password from your latest sign-up, or sign up again to get a new link.';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const bodies: unknown[] = [];
let fetchMock: MockInstance<typeof fetch>;

beforeEach(() => {
  bodies.length = 0;
  localStorage.clear();
  vi.mocked(toast.success).mockClear();
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (`${init?.method} ${String(input)}` !== 'POST /api/auth/verify-email') throw new Error(`unexpected fetch ${String(input)}`);
    const body = JSON.parse(String(init?.body)) as { token: string; password: string };
    bodies.push(body);
    if (body.token !== 'abc') return json(400, { error: { code: 'invalid_token', message: 'This link is invalid or has expired' } });
    if (body.password !== 'the right password') return json(401, { error: { code: 'wrong_password', message: WRONG } });
    return json(200, { user: { id: 'u1', email: 'owner@example.test', role: 'customer', twoFactorEnabled: false, secondFactorPresented: false } });
  });
});
afterEach(() => fetchMock.mockRestore());

function Landed() {
  const location = useLocation();
  return <p>Landed on {`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/auth/verify" element={<VerifyEmailPage />} />
        <Route path="*" element={<Landed />} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('the verify email page', () => {
  it('asks for the password, and verifying signs in and lands on the dashboard', async () => {
    const user = renderAt('/auth/verify?token=abc');
    expect(screen.getByRole('heading', { name: 'Confirm your password to finish' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Password'), 'the right password');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));

    expect(await screen.findByText('Landed on /dashboard')).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('Your email is verified', { description: "You're signed in." });
    expect(bodies).toEqual([{ token: 'abc', password: 'the right password' }]);
  });

  it('says so on a wrong password, keeps the form, and offers signing up again', async () => {
    const user = renderAt('/auth/verify?token=abc');
    await user.type(screen.getByLabelText('Password'), 'a stranger password');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG);
    expect(screen.getByRole('link', { name: 'Sign up again' })).toHaveAttribute('href', '/signup');

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'the right password');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('Landed on /dashboard')).toBeInTheDocument();
  });

  it('goes back to where the sign-up started', async () => {
    rememberReturnPath('/dashboard/shared/accept?invite=xyz');
    const user = renderAt('/auth/verify?token=abc');
    await user.type(screen.getByLabelText('Password'), 'the right password');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('Landed on /dashboard/shared/accept?invite=xyz')).toBeInTheDocument();
  });

  it('goes back to the configuration the link carries, in a browser that remembers nothing', async () => {
    const configured = '/de/configure/minecraft?plan=minecraft-4gb&location=eu-west&name=Mein+W%C3%BCrfelreich';
    const user = renderAt(`/auth/verify?token=abc&next=${encodeURIComponent(configured)}`);
    await user.type(screen.getByLabelText('Password'), 'the right password');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText(`Landed on ${configured}`)).toBeInTheDocument();
  });

  it.each(['https://evil.example/x', '//evil.example/x', '/\\evil.example'])('does not follow %j from the link, and lands on the dashboard', async (next) => {
    const user = renderAt(`/auth/verify?token=abc&next=${encodeURIComponent(next)}`);
    await user.type(screen.getByLabelText('Password'), 'the right password');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('Landed on /dashboard')).toBeInTheDocument();
  });

  it('tells an invalid or expired link apart from a wrong password', async () => {
    const user = renderAt('/auth/verify?token=old');
    await user.type(screen.getByLabelText('Password'), 'the right password');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('heading', { name: 'This link did not work' })).toBeInTheDocument();
    expect(screen.getByText(/This link is invalid or has expired/)).toBeInTheDocument();
  });

  it('explains a link without its code', () => {
    renderAt('/auth/verify');
    expect(screen.getByRole('heading', { name: 'This link did not work' })).toBeInTheDocument();
    expect(screen.getByText(/The link is missing its code/)).toBeInTheDocument();
  });

  it('speaks the page’s language: German, from the link to signed in', async () => {
    startTestI18n('de');
    const user = renderAt('/auth/verify?token=abc');
    expect(screen.getByRole('heading', { name: 'Bestätigen Sie zum Abschluss Ihr Passwort' })).toBeInTheDocument();
    // The server's refusal is in English; the page says it in German.
    await user.type(screen.getByLabelText('Passwort'), 'a stranger password');
    await user.click(screen.getByRole('button', { name: 'Bestätigen und anmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Das ist nicht das Passwort, mit dem dieses Konto registriert wurde\./);
    await user.clear(screen.getByLabelText('Passwort'));
    await user.type(screen.getByLabelText('Passwort'), 'the right password');
    await user.click(screen.getByRole('button', { name: 'Bestätigen und anmelden' }));
    expect(await screen.findByText('Landed on /dashboard')).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('Ihre E-Mail-Adresse ist bestätigt', { description: 'Sie sind angemeldet.' });
  });
});
