import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { startTestI18n } from '../../../../../tests/setup/i18n';
import ResetPasswordPage from './reset-password-page';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const bodies: unknown[] = [];
let fetchMock: MockInstance<typeof fetch>;

beforeEach(() => {
  bodies.length = 0;
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (`${init?.method} ${String(input)}` !== 'POST /api/auth/password-reset/confirm') throw new Error(`unexpected fetch ${String(input)}`);
    const body = JSON.parse(String(init?.body)) as { code?: string };
    bodies.push(body);
    if (!body.code) {
      return json(401, { error: { code: 'two_factor_required', message: 'Two-factor sign-in is on for this account. Enter the 6-digit code from your authenticator app, or a recovery code.' } });
    }
    return json(200, { ok: true });
  });
});
afterEach(() => fetchMock.mockRestore());

describe('the reset password page', () => {
  it('asks for the two-factor code when the account has two-factor on, then sends it with the password', async () => {
    render(
      <MemoryRouter initialEntries={['/auth/reset-password?token=abc']}>
        <ResetPasswordPage />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'a brand new password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a brand new password');
    expect(screen.queryByLabelText('Two-factor code')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the 6-digit code from your authenticator app');
    await user.type(screen.getByLabelText('Two-factor code'), ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByRole('heading', { name: 'Your password is changed' })).toBeInTheDocument();
    expect(bodies).toEqual([
      { token: 'abc', password: 'a brand new password' },
      { token: 'abc', password: 'a brand new password', code: '123456' },
    ]);
  });

  it('speaks the page’s language: German, from the link to the new password', async () => {
    startTestI18n('de');
    render(
      <MemoryRouter initialEntries={['/auth/reset-password?token=abc']}>
        <ResetPasswordPage />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Neues Passwort wählen' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Neues Passwort'), 'ein ganz neues Passwort');
    await user.type(screen.getByLabelText('Neues Passwort bestätigen'), 'ein anderes Passwort');
    await user.click(screen.getByRole('button', { name: 'Neues Passwort festlegen' }));
    expect(toast.error).toHaveBeenCalledWith('Passwörter stimmen nicht überein', { description: 'Die Passwörter stimmen nicht überein. Bitte versuchen Sie es erneut.' });
    expect(bodies).toEqual([]);

    await user.clear(screen.getByLabelText('Neues Passwort bestätigen'));
    await user.type(screen.getByLabelText('Neues Passwort bestätigen'), 'ein ganz neues Passwort');
    await user.click(screen.getByRole('button', { name: 'Neues Passwort festlegen' }));
    await user.type(await screen.findByLabelText('Zwei-Faktor-Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Neues Passwort festlegen' }));
    expect(await screen.findByRole('heading', { name: 'Ihr Passwort ist geändert' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Anmelden' })).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('Passwort geändert', { description: 'Melden Sie sich mit Ihrem neuen Passwort an.' });
  });
});
