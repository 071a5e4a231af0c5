import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { MigrationPage } from './migration-page';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let status: () => Response;
let run: () => Response | Promise<Response>;
let fetchMock: MockInstance<typeof fetch>;

beforeEach(() => {
  toastMock.success.mockReset();
  toastMock.error.mockReset();
  status = () => json(200, { profilesMigrated: 4, serversMigrated: 2, panelUsers: 7, panelNodes: 3 });
  run = () => json(200, { migrated: { users: 3, nodes: 1 } });
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/admin/migration/status') return status();
    if (url === '/api/admin/migration/run' && init?.method === 'POST') return run();
    throw new Error(`unexpected fetch ${url}`);
  });
});
afterEach(() => fetchMock.mockRestore());

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MigrationPage />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('MigrationPage', () => {
  it('asks for nothing until Check Status, then shows the four counts', async () => {
    const user = renderPage();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Check Status' }));
    expect(await screen.findByTestId('migration-profilesMigrated')).toHaveTextContent('4');
    expect(screen.getByTestId('migration-serversMigrated')).toHaveTextContent('2');
    expect(screen.getByTestId('migration-panelUsers')).toHaveTextContent('7');
    expect(screen.getByTestId('migration-panelNodes')).toHaveTextContent('3');
  });

  it('toasts the spec’s error when the status check fails', async () => {
    status = () => json(502, { error: { code: 'panel_unavailable', message: 'The game panel is not answering.' } });
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Check Status' }));
    await waitFor(() => expect(toastMock.error).toHaveBeenCalledWith('Error', { description: 'Failed to check migration status' }));
  });

  it('runs the migration and toasts the counts', async () => {
    let resolve!: () => void;
    const gate = new Promise<void>((r) => (resolve = r));
    run = async () => {
      await gate;
      return json(200, { migrated: { users: 3, nodes: 1 } });
    };
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Run Migration' }));
    expect(await screen.findByRole('button', { name: 'Migrating...' })).toBeDisabled();
    resolve();
    await waitFor(() =>
      expect(toastMock.success).toHaveBeenCalledWith('Migration Successful', { description: 'Migrated 3 users and 1 server node.' }),
    );
    expect(screen.getByRole('button', { name: 'Run Migration' })).toBeEnabled();
  });

  it('toasts Migration Failed with the server’s message, or the spec’s fallback', async () => {
    run = () => json(502, { error: { code: 'panel_unavailable', message: 'The game panel is not answering right now.' } });
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Run Migration' }));
    await waitFor(() =>
      expect(toastMock.error).toHaveBeenCalledWith('Migration Failed', { description: 'The game panel is not answering right now.' }),
    );
    run = () => json(500, { error: { code: 'internal', message: 'Internal Server Error' } });
    await user.click(screen.getByRole('button', { name: 'Run Migration' }));
    await waitFor(() =>
      expect(toastMock.error).toHaveBeenLastCalledWith('Migration Failed', { description: 'An error occurred during migration' }),
    );
  });
});
