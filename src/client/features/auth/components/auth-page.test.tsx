import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { startTestI18n } from '../../../../../tests/setup/i18n';
import { translate } from '../../../lib/i18n';
import AuthPage from './auth-page';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const sent: { route: string; body: unknown }[] = [];
let answers: Record<string, () => Response>;
let fetchMock: MockInstance<typeof fetch>;

beforeEach(() => {
  sent.length = 0;
  toastMock.success.mockReset();
  toastMock.error.mockReset();
  answers = {
    'GET /api/auth/session': () => json(200, { user: null }),
    'POST /api/auth/signup': () => json(200, { ok: true }),
    'POST /api/auth/password-reset': () => json(200, { ok: true }),
    'POST /api/auth/login': () => json(401, { error: { code: 'invalid_credentials', message: 'Invalid email or password.' } }),
  };
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const route = `${init?.method ?? 'GET'} ${String(input)}`;
    const answer = answers[route];
    if (!answer) throw new Error(`unexpected fetch ${route}`);
    if (init?.body) sent.push({ route, body: JSON.parse(String(init.body)) });
    return answer();
  });
});
afterEach(() => fetchMock.mockRestore());

function Where() {
  const { pathname } = useLocation();
  return <p aria-label="Current address">{pathname}</p>;
}

function renderAt(url: string, state?: unknown) {
  render(
    <MemoryRouter initialEntries={[{ pathname: url.split('?')[0], search: url.includes('?') ? `?${url.split('?')[1]}` : '', state }]}>
      <Routes>
        <Route path="*" element={<AuthPage />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('the auth page', () => {
  it('opens on sign-in, or on sign-up at /signup, and keeps the email when switching', async () => {
    const user = renderAt('/auth');
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    await user.type(screen.getByLabelText('Email'), 'ada@example.test');
    await user.type(screen.getByLabelText('Password'), 'secret password');

    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    expect(screen.getByRole('heading', { name: 'Join the Movement' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.test');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Confirm password')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Sign In' }));
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.test');
  });

  it('opens on sign-up at /signup in any language, such as /de/signup', () => {
    renderAt('/de/signup');
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Confirm password')).toBeInTheDocument();
  });

  it('signs up with the referral code, then opens sign-in saying where the link went', async () => {
    const user = renderAt('/signup?ref=FRIEND');
    expect(screen.getByRole('heading', { name: 'Join the Movement' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'grace@example.test');
    await user.type(screen.getByLabelText('Password'), 'a long password');
    await user.type(screen.getByLabelText('Confirm password'), 'another one');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Passwords do not match. Please try again.');
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('We sent a confirmation link to grace@example.test. Open it, then sign in here.');
    expect(sent).toEqual([{ route: 'POST /api/auth/signup', body: { email: 'grace@example.test', password: 'a long password', ref: 'FRIEND' } }]);
  });

  it('shows every field’s problem at once on the page, each tied to its field', async () => {
    const user = renderAt('/signup');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password must be at least 8 characters');
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Please confirm your password');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Email'), 'kunde@beispiel.de');
    await user.type(screen.getByLabelText('Password'), 'kurz');
    await user.type(screen.getByLabelText('Confirm password'), 'anders');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Email')).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password must be at least 8 characters');
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Passwords do not match. Please try again.');
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    expect(sent).toEqual([]);
  });

  it.each([
    ['de', 'Die Passwörter stimmen nicht überein. Bitte versuchen Sie es erneut.'],
    ['fr', 'Les mots de passe ne correspondent pas. Veuillez réessayer.'],
    ['es', 'Las contraseñas no coinciden. Vuelva a intentarlo.'],
    ['pt-BR', 'As senhas não coincidem. Tente novamente.'],
  ] as const)('says the problems in %s', async (locale, mismatch) => {
    startTestI18n(locale);
    try {
      const user = renderAt(`/${locale}/signup`);
      const inputs = document.querySelectorAll('input');
      await user.type(inputs[0]!, 'kunde@beispiel.de');
      await user.type(inputs[1]!, 'kurz');
      await user.type(inputs[2]!, 'anders');
      await user.click(document.querySelector('button[type="submit"]')!);
      expect(inputs[1]).toHaveAccessibleDescription(translate('errors.field.passwordShort', { min: 8 }));
      expect(inputs[2]).toHaveAccessibleDescription(mismatch);
      expect(inputs[1]).not.toHaveAccessibleDescription(/Password/);
    } finally {
      startTestI18n('en');
    }
  });

  it('sends the page it came from with the sign-up, for the verify link', async () => {
    const from = '/configure/minecraft?plan=minecraft-4gb&name=Creeper+Valley';
    const user = renderAt('/signup', { from, message: 'Please create an account to deploy your server' });
    await user.type(screen.getByLabelText('Email'), 'grace@example.test');
    await user.type(screen.getByLabelText('Password'), 'a long password');
    await user.type(screen.getByLabelText('Confirm password'), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await screen.findByRole('heading', { name: 'Welcome Back' });
    expect(sent).toEqual([{ route: 'POST /api/auth/signup', body: { email: 'grace@example.test', password: 'a long password', returnTo: from } }]);
  });

  it('says Login Failed for a wrong password, and asks for a reset link', async () => {
    const user = renderAt('/login');
    await user.type(screen.getByLabelText('Email'), 'ada@example.test');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(toastMock.error).toHaveBeenCalledWith('Login Failed', { description: 'Invalid email or password.' });

    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If an account exists for ada@example.test, a reset link is on its way.');
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('asks for the two-factor code, then signs in and goes where the visitor was going', async () => {
    answers['POST /api/auth/login'] = () => {
      const body = sent.at(-1)?.body as { code?: string };
      if (!body.code) return json(401, { error: { code: 'two_factor_required', message: 'Enter the 6-digit code from your app.' } });
      return json(200, { user: { id: 'u1', email: 'ada@example.test', role: 'customer' } });
    };
    const user = renderAt('/auth', { from: '/dashboard/billing', message: 'Sign in to see your invoices.' });
    expect(screen.getByText('Sign in to see your invoices.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ada@example.test');
    await user.type(screen.getByLabelText('Password'), 'secret password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Enter the 6-digit code from your app.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByLabelText('Current address')).toHaveTextContent('/dashboard/billing'));
    expect(sent.map((s) => s.body)).toEqual([
      { email: 'ada@example.test', password: 'secret password' },
      { email: 'ada@example.test', password: 'secret password', code: '123456' },
    ]);
  });
});
