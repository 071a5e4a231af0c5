import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { BillingHistoryEntry, BillingOverview, PaymentMethod } from '../../../../shared/schemas/billing';
import { startTestI18n } from '../../../../../tests/setup/i18n';
import BillingPage from './billing-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const serverId = 'c0ffee00-0000-4000-8000-000000000002';
const overview: BillingOverview = {
  currency: 'usd',
  stats: {
    currentBalance: 2500,
    balances: [{ currency: 'usd', cents: 2500 }],
    nextPayment: { amountCents: 1400, currency: 'usd', dueDate: '2030-02-15T12:00:00.000Z', service: 'Creeper Valley' },
    thisMonth: 1400,
    paymentMethods: 1,
  },
  upcoming: [
    { serverId, service: 'Creeper Valley', planName: 'Minecraft 4GB', amountCents: 1400, currency: 'usd', dueDate: '2030-02-15T12:00:00.000Z', status: 'scheduled' },
  ],
  ending: [],
};
const methods: PaymentMethod[] = [{ id: 'pm_1', type: 'card', brand: 'visa', last4: '4242', expiryMonth: 12, expiryYear: 2034, isDefault: true }];

const history: BillingHistoryEntry[] = [
  { id: 'c', kind: 'credit', date: '2030-01-15T12:00:00.000Z', description: 'Creeper Valley', amountCents: -650, currency: 'usd', status: 'refunded', method: 'Account credit', invoiceId: null, creditNoteId: null },
];

let fetchMock: MockInstance<typeof fetch>;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  startTestI18n('de');
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/billing') return json(overview);
    if (path === '/api/billing/payment-methods') return json(methods);
    if (path === '/api/invoices') return json(history);
    if (path === `/api/services/${serverId}/cancel` && init?.method === 'POST') return json({ serverId, cancelAt: '2030-02-15T12:00:00.000Z' });
    return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
});
afterEach(() => {
  fetchMock.mockRestore();
  startTestI18n('en');
});

function renderPage(tab = '') {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/dashboard/billing${tab}`]}>
        <BillingPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

/** Billing in German: the words from the `dashboard` messages, amounts and dates as German writes them. */
describe('Billing in German', () => {
  it('shows the tiles, the bills to come and the cancel dialog in German, with German amounts, dates and plurals', async () => {
    const user = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Abrechnung' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Zahlungsmethoden' })).toBeInTheDocument();
    expect(await screen.findByTestId('tile-current-balance')).toHaveTextContent('25,00 $');
    expect(screen.getByText('Aktuelles Guthaben')).toBeInTheDocument();
    expect(screen.getByText('Creeper Valley, 15. Feb. 2030')).toBeInTheDocument();
    expect(screen.getByText('Minecraft 4GB · Verlängert sich am 15. Feb. 2030')).toBeInTheDocument();
    expect(screen.getByText('Geplant')).toHaveAttribute('data-status', 'scheduled');

    await user.click(screen.getByRole('button', { name: 'Zum Laufzeitende kündigen für Creeper Valley' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zum Laufzeitende kündigen?' });
    expect(within(dialog).getByText('Creeper Valley läuft bis zum 15. Feb. 2030 weiter und wird nicht verlängert.')).toBeInTheDocument();
    expect(within(dialog).getByText(/noch 30 Tage herunterladbar/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Zum Laufzeitende kündigen' }));
    await vi.waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Kündigung vorgemerkt', { description: 'Creeper Valley endet am 15. Feb. 2030.' }),
    );
  });

  it('names a saved card in German', async () => {
    renderPage('?tab=payment-methods');
    const cards = await screen.findByRole('list', { name: 'Gespeicherte Karten' });
    expect(within(cards).getByText('Standard')).toBeInTheDocument();
    expect(within(cards).getByText('Gültig bis 12/2034')).toBeInTheDocument();
    expect(within(cards).getByRole('button', { name: 'Entfernen Visa mit Endziffern 4242' })).toBeInTheDocument();
  });

  it('names the columns, statuses and payment methods of the history in German', async () => {
    renderPage('?tab=history');
    const table = await screen.findByRole('table', { name: 'Abrechnungsverlauf, neueste zuerst' });
    expect(within(table).getByRole('columnheader', { name: 'Betrag' })).toBeInTheDocument();
    expect(within(table).getByText('Kontoguthaben')).toBeInTheDocument();
    expect(within(table).getByText('Erstattet')).toHaveAttribute('data-status', 'refunded');
    expect(within(table).getByText('−6,50 $')).toBeInTheDocument();
  });
});
