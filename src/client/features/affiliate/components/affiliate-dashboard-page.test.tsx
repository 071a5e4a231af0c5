import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { AffiliateSummary, CommissionTotals } from '../../../../shared/schemas/affiliate';
import AffiliateDashboardPage from './affiliate-dashboard-page';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function usd(amounts: Partial<CommissionTotals> = {}): CommissionTotals {
  return { currency: 'usd', pendingCents: 0, payableCents: 0, requestedCents: 0, paidCents: 0, minimumPayoutCents: 5000, ...amounts };
}

function summary(overrides: Partial<AffiliateSummary> = {}): AffiliateSummary {
  return {
    referralCode: 'ABCD1234',
    referralLink: 'http://localhost:3000/signup?ref=ABCD1234',
    joined: true,
    joinedAt: '2030-01-01T00:00:00.000Z',
    period: 'month',
    programmeOpen: true,
    commissionPercent: 25,
    commissionMonths: null,
    stats: {
      earnings: [{ currency: 'usd', cents: 1250, change: 25 }],
      referrals: 3,
      conversionRate: 12.5,
      clicks: 24,
      referralsChange: -50,
      conversionChange: 0,
      clicksChange: 100,
    },
    recentReferrals: [
      { id: 'c1', user: 'j***@g***.com', plan: 'Minecraft 4GB', amount: 350, currency: 'usd', date: '2030-01-14T12:00:00.000Z', status: 'pending' },
      { id: 'u1', user: 'a***@e***.test', plan: null, amount: 0, currency: 'usd', date: '2030-01-13T12:00:00.000Z', status: 'signed_up' },
    ],
    balances: [usd({ pendingCents: 350, payableCents: 4999 })],
    nextPayout: '2030-02-01',
    payouts: [],
    ...overrides,
  };
}

let fetchMock: MockInstance<typeof fetch>;
let answers: Record<string, () => Response>;

beforeEach(() => {
  toastMock.success.mockReset();
  toastMock.error.mockReset();
  answers = {};
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const answer = answers[key];
    if (!answer) throw new Error(`unexpected fetch ${key}`);
    return answer();
  });
});
afterEach(() => fetchMock.mockRestore());

function renderPage(path = '/dashboard/affiliate') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AffiliateDashboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the affiliate dashboard', () => {
  it('shows the four tiles with their change, the link, the referrals and the commission', async () => {
    answers['GET /api/affiliate?period=month'] = () => json(200, summary());
    renderPage();
    expect(await screen.findByTestId('affiliate-tile-total-earnings')).toHaveTextContent('$12.50');
    const tiles = screen.getByRole('region', { name: 'Affiliate statistics' });
    expect(within(tiles).getByRole('group', { name: 'Referrals' })).toHaveTextContent('-50% vs previous month');
    expect(within(tiles).getByRole('group', { name: 'Conversion Rate' })).toHaveTextContent('12.5%');
    expect(within(tiles).getByRole('group', { name: 'Clicks' })).toHaveTextContent('+100% vs previous month');
    expect(screen.getByLabelText('Referral link')).toHaveValue('http://localhost:3000/signup?ref=ABCD1234');
    const table = screen.getByRole('table', { name: 'Recent referrals' });
    expect(within(table).getByText('j***@g***.com')).toBeInTheDocument();
    expect(within(table).getByText('Signed up')).toBeInTheDocument();
    expect(screen.getByTestId('commission-pending')).toHaveTextContent('$3.50');
    expect(screen.getByTestId('next-payout')).toHaveAttribute('datetime', '2030-02-01');
  });

  it('says the programme is closed and offers no join when Settings turned it off, with the rate and duration it sets', async () => {
    answers['GET /api/affiliate?period=month'] = () => json(200, summary({ programmeOpen: false, joined: false, commissionPercent: 10, commissionMonths: 12 }));
    renderPage();
    expect(await screen.findByText('The affiliate program is closed at the moment.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join the Affiliate Program' })).not.toBeInTheDocument();
    expect(screen.getByText(/You earn 10% of every payment, renewals included, for 12 months after each referral signs up\./)).toBeInTheDocument();
  });

  // Decision 080: a balance per currency, the shop's first; each paid out on its own, never added together.
  it('shows a balance per currency and pays out the yen one as yen', async () => {
    let yenPayable = 6720;
    const yen = (): CommissionTotals => ({ currency: 'jpy', pendingCents: 375, payableCents: yenPayable, requestedCents: 0, paidCents: 6720 - yenPayable, minimumPayoutCents: 50 });
    answers['GET /api/affiliate?period=month'] = () =>
      json(
        200,
        summary({
          stats: { ...summary().stats, earnings: [{ currency: 'usd', cents: 350, change: 0 }, { currency: 'jpy', cents: 7095, change: 100 }] },
          recentReferrals: [{ id: 'c2', user: 'k***@g***.com', plan: 'Minecraft 8GB', amount: 6720, currency: 'jpy', date: '2030-01-14T12:00:00.000Z', status: 'payable' }],
          balances: [usd({ pendingCents: 350 }), yen()],
        }),
      );
    answers['POST /api/affiliate/payouts'] = () => {
      yenPayable = 0;
      return json(201, { id: 'p2', method: 'cash', status: 'requested', amountCents: 6720, currency: 'jpy', details: null, createdAt: '2030-01-15T12:00:00.000Z', decidedAt: null, decisionNote: null });
    };
    const user = renderPage();
    expect(await screen.findByTestId('affiliate-tile-total-earnings')).toHaveTextContent('$3.50 · ¥7,095');
    // Amounts in two currencies have no one change to show.
    expect(screen.getByRole('group', { name: 'Total Earnings' })).not.toHaveTextContent('vs previous');
    expect(within(screen.getByRole('table', { name: 'Recent referrals' })).getByText('¥6,720')).toBeInTheDocument();
    expect(screen.getByText(/kept apart, never converted/)).toBeInTheDocument();
    expect(screen.getByTestId('commission-pending')).toHaveTextContent('$3.50');
    expect(screen.getByTestId('commission-payable')).toHaveTextContent('$0.00');
    const yenBalance = screen.getByRole('region', { name: 'In JPY' });
    expect(within(yenBalance).getByTestId('commission-jpy-pending')).toHaveTextContent('¥375');
    expect(within(yenBalance).getByTestId('commission-jpy-payable')).toHaveTextContent('¥6,720');
    expect(within(screen.getByRole('region', { name: 'In USD' })).getByRole('button', { name: 'Request Cash Payout' })).toBeDisabled();
    const cash = within(yenBalance).getByRole('button', { name: 'Request Cash Payout' });
    expect(cash).toHaveAccessibleDescription('You can take all ¥6,720 payable now.');
    await user.click(cash);
    await user.click(await screen.findByRole('button', { name: 'Request ¥6,720' }));
    await waitFor(() =>
      expect(toastMock.success).toHaveBeenCalledWith('Payout Requested', { description: 'We will review your ¥6,720 payout request shortly.' }),
    );
    const body = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body;
    expect(JSON.parse(String(body))).toEqual({ method: 'cash', currency: 'jpy' });
    await waitFor(() => expect(screen.getByTestId('commission-jpy-payable')).toHaveTextContent('¥0'));
  });

  it('recomputes when another period is chosen', async () => {
    answers['GET /api/affiliate?period=month'] = () => json(200, summary());
    answers['GET /api/affiliate?period=week'] = () =>
      json(200, summary({ period: 'week', stats: { ...summary().stats, clicks: 5, clicksChange: -20 } }));
    const user = renderPage();
    await screen.findByTestId('affiliate-tile-clicks');
    await user.click(screen.getByRole('button', { name: 'Week' }));
    await waitFor(() => expect(screen.getByTestId('affiliate-tile-clicks')).toHaveTextContent('5'));
    expect(screen.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('group', { name: 'Clicks' })).toHaveTextContent('-20% vs previous week');
  });

  it('keeps payouts closed below $50.00 payable, and says how much is missing', async () => {
    answers['GET /api/affiliate?period=month'] = () => json(200, summary());
    renderPage();
    const credit = await screen.findByRole('button', { name: 'Take as Credit' });
    expect(credit).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Request Cash Payout' })).toBeDisabled();
    expect(credit).toHaveAccessibleDescription('Payouts open at $50.00 payable. You have $49.99 payable, $0.01 to go.');
  });

  it('takes $50.00 payable as credit, with a toast', async () => {
    let payable = 5000;
    answers['GET /api/affiliate?period=month'] = () =>
      json(200, summary({ balances: [usd({ payableCents: payable, paidCents: 5000 - payable })] }));
    answers['POST /api/affiliate/payouts'] = () => {
      payable = 0;
      return json(201, {
        id: 'p1',
        method: 'credit',
        status: 'credited',
        amountCents: 5000,
        currency: 'usd',
        details: null,
        createdAt: '2030-01-15T12:00:00.000Z',
        decidedAt: '2030-01-15T12:00:00.000Z',
        decisionNote: null,
      });
    };
    const user = renderPage();
    const credit = await screen.findByRole('button', { name: 'Take as Credit' });
    expect(credit).toBeEnabled();
    await user.click(credit);
    await user.click(await screen.findByRole('button', { name: 'Add $50.00 to my credit' }));
    await waitFor(() =>
      expect(toastMock.success).toHaveBeenCalledWith('Credit Added', { description: '$50.00 was added to your account credit.' }),
    );
    const body = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body;
    expect(JSON.parse(String(body))).toEqual({ method: 'credit', currency: 'usd' });
    await waitFor(() => expect(screen.getByTestId('commission-payable')).toHaveTextContent('$0.00'));
  });

  it('asks to join before payouts, and joins', async () => {
    let joined = false;
    answers['GET /api/affiliate?period=month'] = () =>
      json(200, summary({ joined, balances: [usd({ payableCents: 9000 })] }));
    answers['POST /api/affiliate/join'] = () => {
      joined = true;
      return json(201, { joined: true, joinedAt: '2030-01-15T12:00:00.000Z' });
    };
    const user = renderPage();
    expect(await screen.findByRole('button', { name: 'Take as Credit' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Join the Affiliate Program' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Take as Credit' })).toBeEnabled());
    expect(toastMock.success).toHaveBeenCalledWith("You're In!", expect.anything());
  });
});
