import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { startTestI18n } from '../../../../../tests/setup/i18n';
import SupportPage from './support-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const ticket = {
  id: 'c0ffee00-0000-4000-8000-000000000001',
  reference: 'C0FFEE00',
  subject: 'Lag spikes',
  category: 'technical',
  priority: 'high',
  status: 'pending',
  serverId: null,
  createdAt: '2030-01-15T12:00:00.000Z',
  updatedAt: '2030-01-16T12:00:00.000Z',
  responses: 1,
};

let fetchMock: MockInstance<typeof fetch>;

beforeEach(() => {
  startTestI18n('de');
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const body = url.pathname === '/api/tickets' ? [ticket] : [];
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  fetchMock.mockRestore();
  startTestI18n('en');
});

/** Support in German: the list with its badges and plurals, and the form's checks in German. */
describe('Support in German', () => {
  it('lists a ticket in German and refuses an empty form with German errors', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/dashboard/support']}>
          <SupportPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    expect(screen.getByRole('tab', { name: 'Meine Tickets' })).toHaveAttribute('aria-selected', 'true');
    const list = await screen.findByRole('list', { name: 'Ihre Tickets' });
    const item = within(list).getByRole('link', { name: /Lag spikes/ });
    expect(within(item).getByText('Wartet auf Sie')).toHaveAttribute('data-status', 'pending');
    expect(within(item).getByText('Hohe Priorität')).toBeInTheDocument();
    expect(within(item).getByText(/1 Antwort ·/)).toBeInTheDocument();
    expect(within(item).getByText(/Technik/)).toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Neues Ticket' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Support-Ticket erstellen' });
    expect(within(dialog).getByLabelText('Priorität')).toHaveValue('medium');
    await user.click(within(dialog).getByRole('button', { name: 'Ticket erstellen' }));
    expect(await within(dialog).findByText('Bitte geben Sie einen Betreff ein')).toBeInTheDocument();
    expect(within(dialog).getByText('Bitte wählen Sie eine Kategorie')).toBeInTheDocument();
    expect(within(dialog).getByText('Bitte geben Sie eine Beschreibung ein')).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('Fehler', { description: 'Das Support-Ticket konnte nicht erstellt werden' });
  });
});
