import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { HeldCommission, StaffPayout } from '../../../../../shared/schemas/affiliate';
import { AffiliatePayoutsPage } from './affiliate-payouts-page';
import { answerFetch, json, type Answers } from '../../../../test/fetch-answers';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

const held: HeldCommission = {
  id: 'c0ffee00-0000-4000-8000-000000000002',
  planName: 'Minecraft 8GB',
  paymentCents: 26880,
  amountCents: 6720,
  currency: 'usd',
  createdAt: '2030-01-15T12:00:00.000Z',
  payableAt: '2030-01-17T12:00:00.000Z',
  holdReason: 'Both accounts saved the same card (Visa ending 4242, 12/2034).',
  referrer: { id: 'u1', email: 'ada@example.test', name: 'Ada Lovelace' },
  customer: { id: 'u2', email: 'ada.two@example.test', name: '' },
};

const requested: StaffPayout = {
  id: 'b7c1e0f2-0000-4000-8000-000000000001',
  method: 'cash',
  status: 'requested',
  amountCents: 6720,
  currency: 'usd',
  details: 'PayPal: ada@example.test',
  createdAt: '2030-01-15T12:00:00.000Z',
  decidedAt: null,
  decisionNote: null,
  affiliate: { id: 'u1', email: 'ada@example.test', name: 'Ada Lovelace' },
  commissions: 2,
};

let fetchMock: MockInstance<typeof fetch>;
let answers: Answers;

beforeEach(() => {
  toastMock.success.mockReset();
  toastMock.error.mockReset();
  answers = { 'GET /api/admin/affiliate/commissions/held': () => json(200, []) };
  fetchMock = answerFetch(() => answers);
});
afterEach(() => fetchMock.mockRestore());

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/admin/affiliate']}>
        <AffiliatePayoutsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the staff affiliate payouts page', () => {
  it('lists cash requests and approves one with a note, asking for the reason first', async () => {
    let pending = [requested];
    answers['GET /api/admin/affiliate/payouts?status=requested'] = () => json(200, pending);
    answers[`POST /api/admin/affiliate/payouts/${requested.id}/approve`] = (init) => {
      expect(JSON.parse(String(init?.body))).toEqual({ reason: 'Sent from the business account', note: 'Sent 15 Jan' });
      pending = [];
      return json(200, { ...requested, status: 'approved', decisionNote: 'Sent 15 Jan' });
    };
    const user = renderPage();
    expect(await screen.findByText('$67.20 · Cash payout')).toBeInTheDocument();
    expect(screen.getByText('Send to: PayPal: ada@example.test')).toBeInTheDocument();
    expect(screen.getByText(/Ada Lovelace · ada@example.test · 2 commissions/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Note to the affiliate'), 'Sent 15 Jan');
    await user.click(screen.getByRole('button', { name: 'Approve $67.20' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the $67.20 payout?' });
    // Without a reason nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Approve payout' }));
    expect(await within(dialog).findByText('Please give a reason of at least 3 characters')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Sent from the business account');
    await user.click(within(dialog).getByRole('button', { name: 'Approve payout' }));
    await waitFor(() =>
      expect(toastMock.success).toHaveBeenCalledWith('Payout approved', { description: '$67.20 for ada@example.test is marked paid.' }),
    );
    expect(await screen.findByText('No payouts here')).toBeInTheDocument();
  });

  it('rejects with a reason, and shows the refusal in the dialog', async () => {
    answers['GET /api/admin/affiliate/payouts?status=requested'] = () => json(200, [requested]);
    answers[`POST /api/admin/affiliate/payouts/${requested.id}/reject`] = (init) => {
      expect(JSON.parse(String(init?.body))).toEqual({ reason: 'No address to pay' });
      return json(409, { error: { code: 'already_decided', message: 'This payout was already approved.' } });
    };
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the $67.20 payout?' });
    await user.type(within(dialog).getByLabelText(/^Reason/), 'No address to pay');
    await user.click(within(dialog).getByRole('button', { name: 'Reject payout' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This payout was already approved.');
    expect(toastMock.success).not.toHaveBeenCalled();
  });

  it('shows commissions held for review with why, and releases one with a reason', async () => {
    let waiting = [held];
    answers['GET /api/admin/affiliate/payouts?status=requested'] = () => json(200, []);
    answers['GET /api/admin/affiliate/commissions/held'] = () => json(200, waiting);
    answers[`POST /api/admin/affiliate/commissions/${held.id}/release`] = (init) => {
      expect(JSON.parse(String(init?.body))).toEqual({ reason: 'Spouses sharing one card' });
      waiting = [];
      return json(200, { id: held.id, status: 'payable', amountCents: 6720, currency: 'usd', reviewedAt: '2030-01-18T12:00:00.000Z' });
    };
    const user = renderPage();
    const section = await screen.findByRole('region', { name: 'Held for review' });
    expect(within(section).getByText('$67.20 commission on a $268.80 Minecraft 8GB payment')).toBeInTheDocument();
    expect(within(section).getByText(/Ada Lovelace \(ada@example.test\) referred ada.two@example.test/)).toBeInTheDocument();
    expect(within(section).getByText('Why: Both accounts saved the same card (Visa ending 4242, 12/2034).')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Release $67.20' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release the $67.20 commission?' });
    await user.click(within(dialog).getByRole('button', { name: 'Release commission' }));
    expect(await within(dialog).findByText('Please give a reason of at least 3 characters')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Spouses sharing one card');
    await user.click(within(dialog).getByRole('button', { name: 'Release commission' }));
    await waitFor(() =>
      expect(toastMock.success).toHaveBeenCalledWith('Commission released', { description: "$67.20 counts towards ada@example.test's payouts again." }),
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Held for review' })).not.toBeInTheDocument());
  });

  // Decision 080: each payout and held commission in its own currency; the totals per currency, never added together.
  it('shows each payout in its currency and totals them per currency', async () => {
    const yen: StaffPayout = { ...requested, id: 'b7c1e0f2-0000-4000-8000-000000000003', amountCents: 6720, currency: 'jpy' };
    const more: StaffPayout = { ...requested, id: 'b7c1e0f2-0000-4000-8000-000000000004', amountCents: 280 };
    answers['GET /api/admin/affiliate/payouts?status=requested'] = () => json(200, [requested, yen, more]);
    answers['GET /api/admin/affiliate/commissions/held'] = () => json(200, [{ ...held, currency: 'eur', paymentCents: 24192, amountCents: 6048 }]);
    renderPage();
    expect(await screen.findByText('¥6,720 · Cash payout')).toBeInTheDocument();
    expect(screen.getByTestId('payout-totals')).toHaveTextContent('3 payouts · $70.00 and ¥6,720');
    expect(screen.getByRole('button', { name: 'Approve ¥6,720' })).toBeInTheDocument();
    const section = await screen.findByRole('region', { name: 'Held for review' });
    expect(within(section).getByText('€60.48 commission on a €241.92 Minecraft 8GB payment')).toBeInTheDocument();
  });

  it('tells support staff that payouts are for admins', async () => {
    answers['GET /api/admin/affiliate/commissions/held'] = () => json(403, { error: { code: 'forbidden', message: 'You are not allowed to do that' } });
    answers['GET /api/admin/affiliate/payouts?status=requested'] = () =>
      json(403, { error: { code: 'forbidden', message: 'You are not allowed to do that' } });
    renderPage();
    expect(await screen.findByText('Only admins can review affiliate payouts.')).toBeInTheDocument();
  });
});
