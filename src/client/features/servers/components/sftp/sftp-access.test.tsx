import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { startTestI18n } from '../../../../../../tests/setup/i18n';
import type { SftpDetails } from '../../../../../shared/schemas/server-files';
import { SftpAccess } from './sftp-access';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const panel: SftpDetails = {
  host: 'node1.example.com',
  port: 2022,
  username: 'ada.1a2b3c4d',
  canResetPassword: true,
  passwordHint: 'Your game panel password. Reset it here to get a new one.',
};

let calls: string[];
let sftp: () => Response;
let reset: () => Response;
let fetchMock: MockInstance<typeof fetch>;
let writeText: ReturnType<typeof vi.fn>;

beforeEach(() => {
  toastMock.success.mockReset();
  toastMock.error.mockReset();
  calls = [];
  sftp = () => json(200, panel);
  reset = () => json(200, { password: 'Xy7_new-secret-password-1234' });
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const call = `${init?.method ?? 'GET'} ${String(input)}`;
    calls.push(call);
    if (call === 'GET /api/servers/srv-1/sftp') return sftp();
    if (call === 'POST /api/servers/srv-1/sftp/password') return reset();
    return json(404, { error: { code: 'not_found', message: 'No route' } });
  });
  writeText = vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => fetchMock.mockRestore());

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  // userEvent.setup() puts its own clipboard on navigator: ours goes back after it.
  const user = userEvent.setup();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  render(
    <QueryClientProvider client={client}>
      <SftpAccess serverId="srv-1" serverName="Survival World" />
    </QueryClientProvider>,
  );
  return { user, toggle: screen.getByRole('button', { name: 'SFTP access for Survival World' }) };
}

describe('SFTP access on the card', () => {
  it('says what was copied in the page’s language: German', async () => {
    startTestI18n('de');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(
      <QueryClientProvider client={client}>
        <SftpAccess serverId="srv-1" serverName="Survival World" />
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'SFTP-Zugang für Survival World' }));
    const region = await screen.findByRole('region', { name: 'SFTP-Zugang für Survival World' });
    await user.click(await within(region).findByRole('button', { name: 'Kopieren Benutzername' }));
    expect(toastMock.success).toHaveBeenCalledWith('Kopiert', { description: 'In die Zwischenablage kopiert: Benutzername.' });
    writeText.mockRejectedValueOnce(new Error('denied'));
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    await user.click(within(region).getByRole('button', { name: 'Kopieren Port' }));
    expect(toastMock.error).toHaveBeenCalledWith('Kopieren fehlgeschlagen', { description: 'Markieren Sie den Text und kopieren Sie ihn selbst.' });
  });

  it('asks for the details only when opened, then shows host, port and username with Copy buttons', async () => {
    const { user, toggle } = renderSection();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(calls).toEqual([]);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const region = await screen.findByRole('region', { name: 'SFTP access for Survival World' });
    expect(await within(region).findByLabelText('Host')).toHaveValue('node1.example.com');
    expect(within(region).getByLabelText('Port')).toHaveValue('2022');
    expect(within(region).getByLabelText('Username')).toHaveValue('ada.1a2b3c4d');
    expect(region).toHaveTextContent('Your game panel password. Reset it here to get a new one.');

    await user.click(within(region).getByRole('button', { name: 'Copy username' }));
    expect(writeText).toHaveBeenCalledWith('ada.1a2b3c4d');
    expect(toastMock.success).toHaveBeenCalledWith('Copied', { description: 'Username copied to your clipboard.' });
    await user.click(within(region).getByRole('button', { name: 'Copy port' }));
    expect(writeText).toHaveBeenLastCalledWith('2022');
    expect(calls).toEqual(['GET /api/servers/srv-1/sftp']);
  });

  it('resets the password only after a confirmation and shows the new one once', async () => {
    const { user, toggle } = renderSection();
    await user.click(toggle);
    const region = await screen.findByRole('region', { name: 'SFTP access for Survival World' });
    await user.click(await within(region).findByRole('button', { name: 'Reset SFTP password' }));

    // Nothing is sent yet; the safe choice has the focus.
    const confirm = within(region).getByRole('group', { name: 'Confirm the password reset' });
    expect(confirm).toHaveTextContent('The old one stops working at once, for SFTP and the game panel, on all your servers.');
    expect(within(confirm).getByRole('button', { name: 'Keep the old one' })).toHaveFocus();
    expect(calls).not.toContain('POST /api/servers/srv-1/sftp/password');

    await user.click(within(confirm).getByRole('button', { name: 'Keep the old one' }));
    expect(within(region).queryByRole('group', { name: 'Confirm the password reset' })).not.toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Reset SFTP password' })).toHaveFocus();

    await user.click(within(region).getByRole('button', { name: 'Reset SFTP password' }));
    await user.click(within(region).getByRole('button', { name: 'Set a new password' }));
    const shown = await within(region).findByLabelText('Password');
    expect(shown).toHaveValue('Xy7_new-secret-password-1234');
    expect(shown).toHaveFocus();
    expect(region).toHaveTextContent('It is shown only this once');
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual(['POST /api/servers/srv-1/sftp/password']);
    await user.click(within(region).getByRole('button', { name: 'Copy password' }));
    expect(writeText).toHaveBeenLastCalledWith('Xy7_new-secret-password-1234');

    // Put away: gone for good, and closing and opening the section does not bring it back.
    await user.click(within(region).getByRole('button', { name: 'I have saved it' }));
    expect(within(region).queryByLabelText('Password')).not.toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Reset SFTP password' })).toHaveFocus();
    await user.click(toggle);
    await user.click(toggle);
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it("shows the panel's refusal of a reset in words, and a 5xx without internals", async () => {
    reset = () => json(409, { error: { code: 'sftp_unavailable', message: 'The SFTP password can only be reset on the game panel of your own servers.' } });
    const { user, toggle } = renderSection();
    await user.click(toggle);
    const region = await screen.findByRole('region', { name: 'SFTP access for Survival World' });
    await user.click(await within(region).findByRole('button', { name: 'Reset SFTP password' }));
    await user.click(within(region).getByRole('button', { name: 'Set a new password' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('The SFTP password can only be reset on the game panel of your own servers.');
    expect(within(region).queryByLabelText('Password')).not.toBeInTheDocument();

    reset = () => json(503, { error: { code: 'panel_unavailable', message: 'ECONNREFUSED 10.0.0.1:443' } });
    await user.click(within(region).getByRole('button', { name: 'Reset SFTP password' }));
    await user.click(within(region).getByRole('button', { name: 'Set a new password' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('An unexpected error occurred. Please try again.');
    expect(region).not.toHaveTextContent('ECONNREFUSED');
  });

  it('offers no reset where the panel has none (the simulator) and says which password to use', async () => {
    sftp = () => json(200, { ...panel, canResetPassword: false, passwordHint: 'This demo panel runs no SFTP server: use the file manager here.' });
    const { user, toggle } = renderSection();
    await user.click(toggle);
    const region = await screen.findByRole('region', { name: 'SFTP access for Survival World' });
    expect(await within(region).findByText('This demo panel runs no SFTP server: use the file manager here.')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Reset SFTP password' })).not.toBeInTheDocument();
  });

  it('says why the details could not be loaded and tries again', async () => {
    sftp = () => json(409, { error: { code: 'server_not_ready', message: 'This server is still being set up.' } });
    const { user, toggle } = renderSection();
    await user.click(toggle);
    const region = await screen.findByRole('region', { name: 'SFTP access for Survival World' });
    expect(await within(region).findByRole('alert')).toHaveTextContent('This server is still being set up.');
    sftp = () => json(200, panel);
    await user.click(within(region).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByLabelText('Host')).toHaveValue('node1.example.com');
  });
});
