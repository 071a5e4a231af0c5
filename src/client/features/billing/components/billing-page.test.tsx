import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { BillingHistoryEntry, BillingOverview, PaymentMethod } from '../../../../shared/schemas/billing';
import BillingPage from './billing-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const serverId = 'c0ffee00-0000-4000-8000-000000000002';
const invoiceId = 'c0ffee00-0000-4000-8000-000000000001';
const overview: BillingOverview = {
  currency: 'usd',
  stats: {
    currentBalance: 2500,
    balances: [{ currency: 'usd', cents: 2500 }],
    nextPayment: { amountCents: 1400, currency: 'usd', dueDate: '2030-02-15T12:00:00.000Z', service: 'Creeper Valley' },
    thisMonth: 1400,
    paymentMethods: 2,
  },
  upcoming: [
    { serverId, service: 'Creeper Valley', planName: 'Minecraft 4GB', amountCents: 1400, currency: 'usd', dueDate: '2030-02-15T12:00:00.000Z', status: 'scheduled' },
  ],
  ending: [],
};
const history: BillingHistoryEntry[] = [
  { id: 'r', kind: 'renewal', date: '2030-02-15T12:00:00.000Z', description: 'Renewal of Creeper Valley', amountCents: 1400, currency: 'usd', status: 'scheduled', method: 'Default payment method', invoiceId: null, creditNoteId: null },
  { id: 'x', kind: 'refund', date: '2030-01-16T12:00:00.000Z', description: 'Refund of INV-000999', amountCents: -650, currency: 'usd', status: 'refunded', method: 'Visa •••• 4242', invoiceId: null, creditNoteId: null },
  { id: invoiceId, kind: 'charge', date: '2030-01-15T12:00:00.000Z', description: 'Minecraft 4GB · Creeper Valley (INV-001001)', amountCents: 1400, currency: 'usd', status: 'paid', method: 'Visa •••• 4242', invoiceId, creditNoteId: null },
  { id: 'f', kind: 'charge', date: '2030-01-10T12:00:00.000Z', description: 'Renewal that failed', amountCents: 1400, currency: 'usd', status: 'failed', method: 'Visa •••• 0341', invoiceId: null, creditNoteId: null },
  { id: 'p', kind: 'charge', date: '2030-01-09T12:00:00.000Z', description: 'Renewal in progress', amountCents: 1400, currency: 'usd', status: 'pending', method: 'Visa •••• 4242', invoiceId: null, creditNoteId: null },
];
let methods: PaymentMethod[] = [];
let overviewNow: BillingOverview;
let historyNow: BillingHistoryEntry[];

let fetchMock: MockInstance<typeof fetch>;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  overviewNow = overview;
  historyNow = history;
  methods = [
    { id: 'pm_2', type: 'card', brand: 'mastercard', last4: '4444', expiryMonth: 3, expiryYear: 2031, isDefault: true },
    { id: 'pm_1', type: 'card', brand: 'visa', last4: '4242', expiryMonth: 12, expiryYear: 2034, isDefault: false },
  ];
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    if (path === '/api/billing') return json(overviewNow);
    if (path === '/api/invoices') return json(historyNow);
    if (path === '/api/billing/payment-methods') return json(methods);
    if (path === '/api/billing/payment-methods/pm_1/default' && method === 'POST') {
      methods = methods.map((m) => ({ ...m, isDefault: m.id === 'pm_1' }));
      return json(methods);
    }
    if (path === '/api/billing/payment-methods/pm_1' && method === 'DELETE') {
      methods = methods.filter((m) => m.id !== 'pm_1');
      return json(methods);
    }
    if (path === `/api/services/${serverId}/cancel` && method === 'POST') return json({ serverId, cancelAt: '2030-02-15T12:00:00.000Z' });
    return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
});
afterEach(() => {
  fetchMock.mockRestore();
  toast.success.mockReset();
});

function renderPage(entry = '/dashboard/billing') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[entry]}>
        <BillingPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('BillingPage', () => {
  it('shows the four tiles and cancels a service at period end after confirming', async () => {
    const user = renderPage();
    expect(await screen.findByTestId('tile-current-balance')).toHaveTextContent('$25.00');
    expect(screen.getByTestId('tile-next-payment')).toHaveTextContent('$14.00');
    expect(screen.getByTestId('tile-this-month')).toHaveTextContent('$14.00');
    expect(screen.getByTestId('tile-payment-methods')).toHaveTextContent('2');

    await user.click(screen.getByRole('button', { name: 'Cancel at period end for Creeper Valley' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel at period end?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel at Period End' }));
    expect(fetchMock).toHaveBeenCalledWith(`/api/services/${serverId}/cancel`, expect.objectContaining({ method: 'POST' }));
    expect(toast.success).toHaveBeenCalledWith('Cancellation scheduled', expect.anything());
  });

  it("shows a bill and a history line in its service's or invoice's own currency, the balance in the shop's", async () => {
    overviewNow = {
      ...overview,
      currency: 'jpy',
      stats: {
        ...overview.stats,
        currentBalance: 2500,
        balances: [{ currency: 'jpy', cents: 2500 }, { currency: 'eur', cents: 650 }],
        thisMonth: 1400,
        nextPayment: { ...overview.stats.nextPayment!, currency: 'eur' },
      },
      upcoming: [{ ...overview.upcoming[0]!, currency: 'eur' }],
    };
    historyNow = [
      { ...history[0]!, currency: 'eur' },
      { ...history[1]!, currency: 'jpy', amountCents: -650 },
    ];
    renderPage();
    // Credit in each currency on its own, never added up.
    expect(await screen.findByTestId('tile-current-balance')).toHaveTextContent('¥2,500 and €6.50');
    expect(screen.getByTestId('tile-next-payment')).toHaveTextContent('€14.00');
    expect(screen.getByTestId('tile-this-month')).toHaveTextContent('¥1,400');
    expect(screen.getByText('€14.00', { selector: 'span' })).toBeInTheDocument();
  });

  it("writes each history line in its own currency", async () => {
    historyNow = [
      { ...history[0]!, currency: 'eur' },
      { ...history[1]!, currency: 'jpy', amountCents: -650 },
    ];
    renderPage('/dashboard/billing?tab=history');
    const table = await screen.findByRole('table', { name: 'Billing history, newest first' });
    expect(within(table).getByText('€14.00')).toBeInTheDocument();
    expect(within(table).getByText('−¥650')).toBeInTheDocument();
  });

  it('colours each status as the spec says and links charges to their invoices', async () => {
    renderPage('/dashboard/billing?tab=history');
    const table = await screen.findByRole('table', { name: 'Billing history, newest first' });
    const statusOf = (text: string) => within(within(table).getByText(text).closest('tr')!).getByText(/Paid|Failed|Pending|Scheduled|Refunded/);
    expect(statusOf('Minecraft 4GB · Creeper Valley (INV-001001)')).toHaveClass('text-accent');
    expect(statusOf('Renewal that failed')).toHaveClass('text-danger');
    expect(statusOf('Renewal in progress')).toHaveClass('text-warn');
    expect(statusOf('Renewal of Creeper Valley')).toHaveClass('text-violet');
    expect(within(table).getByText('−$6.50')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: /^View invoice/ })).toHaveAttribute('href', `/dashboard/billing/invoices/${invoiceId}`);
    const charge = within(table).getByText('Minecraft 4GB · Creeper Valley (INV-001001)').closest('tr')!;
    expect(within(charge).getByRole('link', { name: 'Download PDF of Minecraft 4GB · Creeper Valley (INV-001001)' })).toHaveAttribute('href', `/api/invoices/${invoiceId}/pdf`);
    // The phone layout holds the same entries as cards.
    expect(within(screen.getByRole('list', { name: 'Billing history' })).getAllByRole('listitem')).toHaveLength(history.length);
  });

  it('lists saved cards, sets the default, and removes one after confirming', async () => {
    const user = renderPage('/dashboard/billing?tab=payment-methods');
    const list = await screen.findByRole('list', { name: 'Saved cards' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Mastercard •••• 4444');
    expect(within(first!).getByText('Default')).toBeInTheDocument();
    expect(second).toHaveTextContent('Expires 12/2034');

    await user.click(within(second!).getByRole('button', { name: 'Set as Default for Visa ending in 4242' }));
    expect(await within(second!).findByText('Default')).toBeInTheDocument();

    await user.click(within(second!).getByRole('button', { name: 'Remove Visa ending in 4242' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this card?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove Card' }));
    expect(await screen.findAllByRole('listitem')).toHaveLength(1);
  });
});
