import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Catalog } from '../../../../shared/catalog';
import type { AdminCoupon, AdminCouponList } from '../../../../shared/schemas/admin/coupons';
import { setSessionUser } from '../../../lib/session';
import CouponsPage from './components/coupons-page';
import { answerFetch, json, type Answers } from '../../../test/fetch-answers';
import { primeCatalog } from '../../../lib/catalog';

// Radix's switch measures itself; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

const catalog: Catalog = {
  currency: 'usd',
  games: [{ slug: 'minecraft', name: 'Minecraft', tagline: '', playerCap: 10, sort: 1 }],
  plans: [{ id: 'minecraft-4gb', game: 'minecraft', name: '4GB', ramGb: 4, vcpu: 2, diskGb: 40, priceCents: 1400, description: '', recommended: true, sort: 1 }],
  addons: [],
  periods: [{ value: 'monthly', label: 'Monthly', months: 1, discountPercent: 0, sort: 1 }],
  locations: [{ value: 'us-west', label: 'US West', sort: 1 }],
  packs: [{ id: 'essentials', slug: 'spawnpoint-essentials', name: 'Essentials', priceCents: 699, tagline: '', highlights: [], features: [], sort: 1 }],
};

const spring: AdminCoupon = {
  id: '00000000-0000-4000-8000-0000000000c1',
  code: 'SPRING20',
  description: 'Newsletter, March',
  kind: 'percent',
  amount: 20,
  duration: 'once',
  durationPeriods: null,
  summary: '20% off once',
  expiresAt: null,
  maxRedemptions: 100,
  redeemed: 7,
  paid: 6,
  reserved: 1,
  discountGiven: [{ currency: 'usd', cents: 1680 }],
  oncePerCustomer: true,
  firstOrderOnly: false,
  games: ['minecraft'],
  plans: [],
  packs: [],
  status: 'active',
  disabledAt: null,
  createdAt: '2030-01-10T12:00:00.000Z',
  updatedAt: '2030-01-10T12:00:00.000Z',
};

let fetchMock: MockInstance<typeof fetch>;
let answers: Answers;
let list: AdminCouponList;
const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body)) as Record<string, unknown>;

beforeEach(() => {
  toastMock.success.mockReset();
  toastMock.error.mockReset();
  setSessionUser({ id: '00000000-0000-4000-8000-000000000001', email: 'billing@example.test', role: 'billing', twoFactorEnabled: true });
  list = { coupons: [spring] };
  answers = {
    'GET /api/admin/coupons': () => json(200, list),
    'GET /api/catalog?lang=en': () => json(200, catalog),
  };
  fetchMock = answerFetch(() => answers);
});
afterEach(() => fetchMock.mockRestore());

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/admin/coupons']}>
        <CouponsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the coupons page', () => {
  it('lists coupons with what they take off, their redemptions and what they are for', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Coupons' });
    const row = within(table).getByText('SPRING20').closest('tr')!;
    expect(within(row).getByText('20% off once')).toBeTruthy();
    expect(within(row).getByTestId('redeemed').textContent).toBe('7 of 100');
    expect(within(row).getByText('6 paid, 1 waiting for payment · $16.80 off')).toBeTruthy();
    expect(within(row).getByText('minecraft')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
  });

  it('shows what a coupon saved per currency, never added across currencies', async () => {
    list = {
      coupons: [
        { ...spring, discountGiven: [{ currency: 'eur', cents: 400 }, { currency: 'jpy', cents: 300 }, { currency: 'usd', cents: 1680 }] },
        { ...spring, id: '00000000-0000-4000-8000-0000000000c2', code: 'NEW10', paid: 0, reserved: 0, discountGiven: [] },
      ],
    };
    renderPage();
    const table = await screen.findByRole('table', { name: 'Coupons' });
    const spent = within(table).getByText('SPRING20').closest('tr')!;
    expect(within(spent).getByText('6 paid, 1 waiting for payment · €4.00 and ¥300 and $16.80 off')).toBeTruthy();
    const fresh = within(table).getByText('NEW10').closest('tr')!;
    expect(within(fresh).getByText('0 paid · nothing off yet')).toBeTruthy();
  });

  it("states the floor a discount leaves in each currency the shop sells in", async () => {
    const shop = { ...catalog, currency: 'eur', currencies: ['eur', 'jpy', 'gbp'] };
    answers['GET /api/catalog?lang=en'] = () => json(200, shop);
    primeCatalog(shop);
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'New coupon' }));
    const dialog = await screen.findByRole('dialog', { name: 'New coupon' });
    expect(within(dialog).getByTestId('coupon-floor').textContent).toBe(
      'A coupon never takes an order or a renewal below the smallest card payment of its currency, so it can still be paid by card: €0.50 in EUR, ¥50 in JPY, £0.30 in GBP.',
    );
    primeCatalog(catalog);
  });

  it('creates a coupon: checks the form first, then sends a fixed amount in cents', async () => {
    let sent: Record<string, unknown> | undefined;
    answers['POST /api/admin/coupons'] = (init) => {
      sent = bodyOf(init);
      return json(201, { ...spring, id: 'new', code: 'FIVER', kind: 'fixed', amount: 500, summary: '$5.00 off for 3 billing periods' });
    };
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'New coupon' }));
    const dialog = await screen.findByRole('dialog', { name: 'New coupon' });
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    expect(await within(dialog).findByText('Use 3 to 32 letters, digits, dashes or underscores, starting with a letter or digit')).toBeTruthy();
    expect(sent).toBeUndefined();

    await user.type(within(dialog).getByLabelText('Code'), 'fiver');
    await user.selectOptions(within(dialog).getByLabelText('Discount type'), 'fixed');
    await user.type(within(dialog).getByLabelText('Amount off in USD ($)'), '5.00');
    await user.selectOptions(within(dialog).getByLabelText('Lasts'), 'repeating');
    await user.click(await within(dialog).findByLabelText('Essentials'));
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toMatchObject({ code: 'FIVER', kind: 'fixed', amount: 500, duration: 'repeating', durationPeriods: 3, packs: ['essentials'], games: [], maxRedemptions: null, expiresAt: null });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toastMock.success).toHaveBeenCalledWith('Coupon created', { description: 'Customers can now enter FIVER ($5.00 off for 3 billing periods).' });
  });

  it.each([
    ['jpy', 'JPY (¥)', '5.5', 'JPY amounts have no decimals: enter it like 1500', '500', 500],
    ['eur', 'EUR (€)', '5.005', 'EUR amounts have at most 2 decimals: enter it like 12.50', '5', 500],
  ])("takes a fixed amount in a %s shop's currency, named in the label, and says why bad input is refused", async (currency, caption, bad, message, good, minor) => {
    const shop = { ...catalog, currency };
    answers['GET /api/catalog?lang=en'] = () => json(200, shop);
    primeCatalog(shop);
    let sent: Record<string, unknown> | undefined;
    answers['POST /api/admin/coupons'] = (init) => {
      sent = bodyOf(init);
      return json(201, { ...spring, id: 'new', code: 'FIVER', kind: 'fixed', amount: minor, summary: 'off' });
    };
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'New coupon' }));
    const dialog = await screen.findByRole('dialog', { name: 'New coupon' });
    await user.type(within(dialog).getByLabelText('Code'), 'fiver');
    await user.selectOptions(within(dialog).getByLabelText('Discount type'), 'fixed');
    const amount = within(dialog).getByLabelText(`Amount off in ${caption}`);
    expect(amount).toHaveAccessibleDescription("In the shop's currency; the code does not work for orders in other currencies.");
    await user.type(amount, bad);
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    expect(await within(dialog).findByText(new RegExp(`^Enter an amount in ${currency.toUpperCase()} with`))).toBeTruthy();
    expect(sent).toBeUndefined();
    await user.clear(amount);
    await user.type(amount, good);
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(sent).toMatchObject({ kind: 'fixed', amount: minor }));
    primeCatalog(catalog);
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    answers['POST /api/admin/coupons'] = () =>
      json(409, { error: { code: 'conflict', message: 'There is already a coupon SPRING20. Codes are never reused; choose another.' } });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'New coupon' }));
    const dialog = await screen.findByRole('dialog', { name: 'New coupon' });
    await user.type(within(dialog).getByLabelText('Code'), 'SPRING20');
    await user.type(within(dialog).getByLabelText('Percent off'), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    await waitFor(() =>
      expect(toastMock.error).toHaveBeenCalledWith('Could not create the coupon', {
        description: 'There is already a coupon SPRING20. Codes are never reused; choose another.',
      }),
    );
    expect(screen.getByRole('dialog', { name: 'New coupon' })).toBeTruthy();
  });

  it('edits only what is safe: the code and the discount are locked', async () => {
    let sent: Record<string, unknown> | undefined;
    answers[`PATCH /api/admin/coupons/${spring.id}`] = (init) => {
      sent = bodyOf(init);
      return json(200, { ...spring, maxRedemptions: 50 });
    };
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit SPRING20' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit SPRING20' });
    expect((within(dialog).getByLabelText('Code') as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByLabelText('Percent off') as HTMLInputElement).disabled).toBe(true);
    const max = within(dialog).getByLabelText('Maximum redemptions (optional)');
    await user.clear(max);
    await user.type(max, '50');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toEqual({
      description: 'Newsletter, March',
      expiresAt: null,
      maxRedemptions: 50,
      oncePerCustomer: true,
      firstOrderOnly: false,
      games: ['minecraft'],
      plans: [],
      packs: [],
    });
  });

  it('disables with a reason', async () => {
    let sent: Record<string, unknown> | undefined;
    answers[`POST /api/admin/coupons/${spring.id}/disable`] = (init) => {
      sent = bodyOf(init);
      return json(200, { ...spring, status: 'disabled', disabledAt: '2030-01-15T12:00:00.000Z' });
    };
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Disable SPRING20' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable SPRING20' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable coupon' }));
    expect(await within(dialog).findByText('Please give a reason of at least 3 characters')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'Leaked on a forum');
    await user.click(within(dialog).getByRole('button', { name: 'Disable coupon' }));
    await waitFor(() => expect(sent).toEqual({ reason: 'Leaked on a forum' }));
  });
});
