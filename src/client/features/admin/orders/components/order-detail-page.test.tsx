import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { AdminOrderDetail, AdminRefund } from '../../../../../shared/schemas/admin/orders';
import { setSessionUser } from '../../../../lib/session';
import OrderDetailPage from './order-detail-page';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const id = '0a1b2c3d-0000-4000-8000-000000000001';
const earlier: AdminRefund = {
  id: 'ref-1',
  amountCents: 400,
  method: 'card',
  status: 'succeeded',
  reason: 'Lag on the first night',
  cancelService: false,
  createdBy: 'grace@example.test',
  error: null,
  createdAt: '2030-01-15T18:00:00.000Z',
  creditNote: { id: 'cn-1', number: 'CN-000001' },
};
const base: AdminOrderDetail = {
  id,
  kind: 'server',
  status: 'partially_refunded',
  planName: 'Minecraft 4GB',
  game: 'minecraft',
  provider: 'local',
  customer: { id: 'cust-1', email: 'ada@example.test' },
  currency: 'usd',
  totalCents: 1400,
  refundedCents: 400,
  invoice: { id: 'inv-1', number: 'INV-001001' },
  renewal: false,
  createdAt: '2030-01-15T12:00:00.000Z',
  paidAt: '2030-01-15T12:01:00.000Z',
  period: 'monthly',
  months: 1,
  location: 'us-west',
  lines: [{ description: 'Minecraft 4GB, 1 month', quantity: 1, unitCents: 1400, amountCents: 1400 }],
  subtotalCents: 1400,
  discountCents: 0,
  tax: { inclusive: false, reverseCharge: false, netCents: 1400, lines: [], taxCents: 0, grossCents: 1400, note: null },
  payment: {
    purchaseId: 'pur-1',
    amountCents: 1400,
    cardCents: 900,
    creditCents: 500,
    providerPaymentId: 'pi_local_123',
    paidAt: '2030-01-15T12:01:00.000Z',
  },
  server: { id: 'srv-1', name: 'Creeper Valley', status: 'online' },
  refunds: [earlier],
  refundable: { totalCents: 1000, cardCents: 500, windowHours: 48, withinWindow: true, windowEndsAt: '2030-01-17T12:01:00.000Z', canCancelService: true },
};

let detail: AdminOrderDetail;
let fetchMock: MockInstance<typeof fetch>;
let posted: { url: string; body: unknown }[];
let refusal: { status: number; body: unknown } | null;

beforeEach(() => {
  detail = base;
  posted = [];
  refusal = null;
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/catalog?lang=en') return json(200, { games: [{ slug: 'minecraft', name: 'Minecraft' }], locations: [] });
    if (init?.method === 'POST' && url === `/api/admin/orders/${id}/refunds`) {
      const body = JSON.parse(String(init.body)) as { amountCents: number; method: 'card' | 'credit'; reason: string; cancelService: boolean };
      posted.push({ url, body });
      if (refusal) return json(refusal.status, refusal.body);
      const made: AdminRefund = { ...earlier, id: 'ref-2', ...body, createdAt: '2030-01-16T09:00:00.000Z', creditNote: { id: 'cn-2', number: 'CN-000002' } };
      detail = {
        ...detail,
        refundedCents: detail.refundedCents + body.amountCents,
        refunds: [made, ...detail.refunds],
        refundable: { ...detail.refundable, totalCents: detail.refundable.totalCents - body.amountCents },
      };
      return json(201, detail);
    }
    if (init?.method === 'POST' && url === `/api/admin/orders/${id}/check-provider`) {
      posted.push({ url, body: null });
      detail = { ...detail, status: 'paid', paidAt: '2030-01-16T09:00:00.000Z' };
      return json(200, { session: { status: 'complete', paymentStatus: 'paid', amountCents: 1400 }, fulfilled: true, message: 'Stripe says the checkout was paid: the order is now fulfilled.', order: detail });
    }
    if (url === `/api/admin/orders/${id}`) return json(200, detail);
    return json(404, { error: { code: 'not_found', message: 'That order was not found.' } });
  });
});
afterEach(() => {
  fetchMock.mockRestore();
  setSessionUser(null);
  toastMock.success.mockReset();
});

function renderPage(role: 'support' | 'billing' | 'admin', orderId = id) {
  setSessionUser({ id: 'staff', email: 'staff@example.test', role, twoFactorEnabled: true });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/admin/orders/${orderId}`]}>
        <Routes>
          <Route path="/admin/orders/:id" element={<OrderDetailPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the staff order page', () => {
  it('shows the order, its payment split, links, and the refunds already made with their credit notes', async () => {
    renderPage('support');
    expect(await screen.findByRole('heading', { level: 1, name: 'Minecraft 4GB · $14.00' })).toBeInTheDocument();
    expect(screen.getAllByText('Partly refunded').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'ada@example.test' })[0]).toHaveAttribute('href', '/admin/customers/cust-1');
    expect(screen.getByRole('link', { name: 'Creeper Valley' })).toHaveAttribute('href', '/admin/servers/srv-1');
    expect(screen.getByRole('link', { name: 'INV-001001' })).toHaveAttribute('href', '/admin/invoices?q=INV-001001');
    expect(screen.getByRole('link', { name: 'PDF of INV-001001' })).toHaveAttribute('href', '/api/admin/invoices/inv-1/pdf');
    expect(screen.getAllByRole('link', { name: 'PDF of CN-000001' })[0]).toHaveAttribute('href', '/api/admin/credit-notes/cn-1/pdf');
    expect(screen.getByText('By card').nextElementSibling).toHaveTextContent('$9.00');
    expect(screen.getByText('From account credit').nextElementSibling).toHaveTextContent('$5.00');
    expect(screen.getByTestId('refunded-so-far')).toHaveTextContent('$4.00');
    expect(screen.getByText('$10.00 is left to refund, $5.00 of it back to the card.')).toBeInTheDocument();
    expect(screen.getByText(/Inside the 48-hour money-back window until/)).toBeInTheDocument();
    const refunds = screen.getByRole('table', { name: 'Refunds' });
    const row = within(refunds).getByRole('row', { name: /CN-000001/ });
    expect(within(row).getByText('Lag on the first night')).toBeInTheDocument();
    expect(within(row).getByText('Back to card')).toBeInTheDocument();
    expect(within(row).getByText('grace@example.test')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Order lines' })).getByText('Minecraft 4GB, 1 month')).toBeInTheDocument();
    // Support reads money but cannot move it.
    expect(screen.queryByRole('button', { name: /refund/i })).not.toBeInTheDocument();
  });

  it('lets billing refund part of it to account credit, with a reason, and shows the credit note', async () => {
    const user = renderPage('billing');
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund this order' });
    expect(within(dialog).getByText(/\$10\.00 of the \$14\.00 paid is left to refund/)).toBeInTheDocument();
    const amount = within(dialog).getByLabelText('Amount in USD ($)');
    expect(amount).toHaveValue('10.00');
    expect(within(dialog).getByRole('radio', { name: 'Back to card' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Also cancel the service' })).not.toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Refund $10.00' }));
    expect(within(dialog).getByText('Please give a reason of at least 3 characters')).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '7');
    await user.click(within(dialog).getByRole('radio', { name: 'To account credit' }));
    await user.type(within(dialog).getByLabelText('Reason'), 'Goodwill for the outage');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $7.00' }));
    await waitFor(() =>
      expect(posted).toEqual([
        { url: `/api/admin/orders/${id}/refunds`, body: { amountCents: 700, method: 'credit', reason: 'Goodwill for the outage', cancelService: false } },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toastMock.success).toHaveBeenCalledWith('Refunded $7.00 to account credit. Credit note CN-000002 issued.');
    expect(screen.getByTestId('refunded-so-far')).toHaveTextContent('$11.00');
    const row = within(screen.getByRole('table', { name: 'Refunds' })).getByRole('row', { name: /CN-000002/ });
    expect(within(row).getByText('To account credit')).toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog, and keeps what was typed", async () => {
    refusal = {
      status: 409,
      body: { error: { code: 'refund_too_large', message: 'That is more than is left to refund. At most $10.00 can be refunded.', fields: { amountCents: 'At most $10.00' } } },
    };
    const user = renderPage('admin');
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund this order' });
    const amount = within(dialog).getByLabelText('Amount in USD ($)');
    await user.clear(amount);
    await user.type(amount, '25');
    await user.click(within(dialog).getByRole('radio', { name: 'To account credit' }));
    await user.type(within(dialog).getByLabelText('Reason'), 'Customer asked twice');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $25.00' }));
    expect(await within(dialog).findByText('That is more than is left to refund. At most $10.00 can be refunded.')).toBeInTheDocument();
    expect(within(dialog).getByText('At most $10.00')).toBeInTheDocument();
    expect(amount).toHaveValue('25');
    expect(toastMock.success).not.toHaveBeenCalled();
  });

  it('turns the card off when the card cannot take more, and hides the cancel choice outside the window', async () => {
    detail = {
      ...base,
      refundable: { totalCents: 1000, cardCents: 0, windowHours: 48, withinWindow: false, windowEndsAt: '2030-01-17T12:01:00.000Z', canCancelService: false },
    };
    const user = renderPage('billing');
    expect(await screen.findByText(/The 48-hour money-back window ended/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund this order' });
    const card = within(dialog).getByRole('radio', { name: 'Back to card' });
    expect(card).toBeDisabled();
    expect(card).toHaveAccessibleDescription(/nothing of this payment can go back to a card/);
    expect(within(dialog).getByRole('radio', { name: 'To account credit' })).toBeChecked();
    expect(within(dialog).queryByRole('checkbox', { name: 'Also cancel the service' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Amount in USD ($)'), '.505');
    await user.type(within(dialog).getByLabelText('Reason'), 'Typo check');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByText('Enter an amount in USD with at most 2 decimals, like 12.50')).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('takes a JPY order’s refund in whole yen, prefilled with what is left, and says why "12.5" is refused', async () => {
    detail = { ...base, currency: 'jpy', totalCents: 1400, refundable: { ...base.refundable, totalCents: 1000, cardCents: 500 } };
    const user = renderPage('billing');
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund this order' });
    expect(within(dialog).getByText(/¥1,000 of the ¥1,400 paid is left to refund/)).toBeInTheDocument();
    const amount = within(dialog).getByLabelText('Amount in JPY (¥)');
    expect(amount).toHaveValue('1000');
    await user.clear(amount);
    await user.type(amount, '12.5');
    await user.type(within(dialog).getByLabelText('Reason'), 'Goodwill for the outage');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByText('JPY amounts have no decimals: enter it like 1500')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '-3');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByText('The amount cannot be negative. Enter an amount in JPY with no decimals, like 1500')).toBeInTheDocument();
    expect(posted).toEqual([]);
    await user.clear(amount);
    await user.type(amount, '700');
    await user.click(within(dialog).getByRole('button', { name: 'Refund ¥700' }));
    await waitFor(() => expect(posted).toEqual([{ url: `/api/admin/orders/${id}/refunds`, body: { amountCents: 700, method: 'card', reason: 'Goodwill for the outage', cancelService: false } }]));
  });

  it('takes a EUR order’s refund in euros and cents, and refuses a third decimal or text', async () => {
    detail = { ...base, currency: 'eur' };
    const user = renderPage('billing');
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund this order' });
    const amount = within(dialog).getByLabelText('Amount in EUR (€)');
    expect(amount).toHaveValue('10.00');
    await user.clear(amount);
    await user.type(amount, '12.345');
    await user.type(within(dialog).getByLabelText('Reason'), 'Goodwill for the outage');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByText('EUR amounts have at most 2 decimals: enter it like 12.50')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByText('Enter an amount in EUR with at most 2 decimals, like 12.50')).toBeInTheDocument();
    expect(posted).toEqual([]);
    await user.clear(amount);
    await user.type(amount, '€2.5');
    await user.click(within(dialog).getByRole('button', { name: 'Refund €2.50' }));
    await waitFor(() => expect(posted).toEqual([{ url: `/api/admin/orders/${id}/refunds`, body: { amountCents: 250, method: 'card', reason: 'Goodwill for the outage', cancelService: false } }]));
  });

  it('offers no refund once nothing is left', async () => {
    detail = { ...base, status: 'refunded', refundedCents: 1400, refundable: { ...base.refundable, totalCents: 0, cardCents: 0 } };
    renderPage('admin');
    expect(await screen.findByText('Fully refunded: nothing is left to refund.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('says so when the order does not exist', async () => {
    renderPage('billing', 'missing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to all orders' })).toHaveAttribute('href', '/admin/orders');
  });
});

describe("the staff order page's check with Stripe", () => {
  const unpaid: AdminOrderDetail = {
    ...base,
    status: 'pending',
    provider: 'stripe',
    refundedCents: 0,
    invoice: null,
    paidAt: null,
    payment: null,
    server: null,
    refunds: [],
    refundable: { totalCents: 0, cardCents: 0, windowHours: 48, withinWindow: false, windowEndsAt: null, canCancelService: false },
  };

  it('asks Stripe about an unpaid order for billing staff, and shows the order fulfilled', async () => {
    detail = unpaid;
    const user = renderPage('billing');
    await user.click(await screen.findByRole('button', { name: 'Check with Stripe' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Stripe says the checkout was paid: the order is now fulfilled.');
    expect(posted).toEqual([{ url: `/api/admin/orders/${id}/check-provider`, body: null }]);
    expect(toastMock.success).toHaveBeenCalledWith('The order was paid: it is now fulfilled.');
    // Paid now: the check is gone and the page shows the paid order.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Check with Stripe' })).not.toBeInTheDocument());
  });

  it('is not offered to support, nor on a paid order', async () => {
    detail = unpaid;
    renderPage('support');
    expect(await screen.findByRole('heading', { level: 1, name: 'Minecraft 4GB · $14.00' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check with Stripe' })).not.toBeInTheDocument();
  });
});
