import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Catalog } from '../../../shared/catalog';
import type { CouponTerms } from '../../../shared/coupons';
import { primeCatalog } from '../../lib/catalog';
import { setSessionUser } from '../../lib/session';
import ConfiguratorPage from './components/configurator-page';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const plan = (id: string, name: string, priceCents: number, recommended = false) => ({
  id,
  game: 'minecraft',
  name,
  ramGb: 4,
  vcpu: 2,
  diskGb: 40,
  priceCents,
  description: '',
  recommended,
  sort: priceCents,
});
const catalog: Catalog = {
  currency: 'usd',
  games: [{ slug: 'minecraft', name: 'Minecraft', tagline: 'Blocks', playerCap: 10, sort: 1 }],
  plans: [plan('minecraft-4gb', '4GB', 1400, true), plan('minecraft-8gb', '8GB', 2800)],
  addons: [],
  periods: [
    { value: 'monthly', label: 'Monthly', months: 1, discountPercent: 0, sort: 1 },
    { value: '3months', label: '3 Months', months: 3, discountPercent: 5, sort: 2 },
  ],
  locations: [{ value: 'us-west', label: 'US West', sort: 1 }],
  packs: [],
};
const spring: CouponTerms = { code: 'SPRING20', kind: 'percent', amount: 20, duration: 'once', durationPeriods: null, games: [], plans: ['minecraft-4gb'], packs: [] };

let fetchMock: MockInstance<typeof fetch>;
let answers: Record<string, (init?: RequestInit) => Response>;
let checked: Record<string, unknown>[];

beforeEach(() => {
  toastMock.success.mockReset();
  toastMock.error.mockReset();
  primeCatalog(catalog);
  setSessionUser({ id: '00000000-0000-4000-8000-000000000009', email: 'ada@example.test', role: 'customer', twoFactorEnabled: false });
  checked = [];
  answers = {
    'GET /api/catalog?lang=en': () => json(200, catalog),
    'POST /api/coupons/check': (init) => {
      const body = JSON.parse(String(init?.body)) as { code: string };
      checked.push(body);
      if (body.code.toUpperCase() === 'SPRING20') return json(200, { ok: true, coupon: spring, summary: '20% off once', couponCents: 280, totalCents: 1120 });
      return json(200, { ok: false, code: 'coupon_expired', message: 'This coupon has expired.' });
    },
  };
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const answer = answers[key];
    if (!answer) throw new Error(`unexpected fetch ${key}`);
    return answer(init);
  });
});
afterEach(() => fetchMock.mockRestore());

function renderAt(path = '/configure/minecraft') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/configure/:game" element={<ConfiguratorPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('a coupon in the configurator', () => {
  it('applies a code the server accepts: the discount line, the total and the savings', async () => {
    const user = renderAt();
    await user.type(await screen.findByLabelText('Coupon code'), 'spring20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByTestId('coupon-line')).textContent).toBe('Coupon SPRING20 (20% off)−$2.80');
    expect(screen.getByTestId('total').textContent).toBe('$11.20');
    expect(screen.getByTestId('savings').textContent).toBe('You save $2.80');
    expect(checked[0]).toMatchObject({ kind: 'server', game: 'minecraft', plan: 'minecraft-4gb', period: 'monthly', code: 'spring20' });

    // A longer period: 4200 × 0.95 = 3990, then 20% = 798, priced here by the shared function.
    await user.click(screen.getByRole('radio', { name: /3 Months/ }));
    expect(screen.getByTestId('coupon-line').textContent).toBe('Coupon SPRING20 (20% off)−$7.98');
    expect(screen.getByTestId('total').textContent).toBe('$31.92');
  });

  it('shows why a code is refused', async () => {
    const user = renderAt();
    await user.type(await screen.findByLabelText('Coupon code'), 'OLD10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This coupon has expired.');
    expect(screen.queryByTestId('coupon-line')).toBeNull();
    expect(screen.getByTestId('total').textContent).toBe('$14.00');
  });

  it('sets the coupon aside, saying why, on a plan it is not for', async () => {
    const user = renderAt();
    await user.type(await screen.findByLabelText('Coupon code'), 'SPRING20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByTestId('coupon-line');
    await user.click(screen.getByRole('radio', { name: /8GB/ }));
    expect(within(screen.getByTestId('coupon-applied')).getByRole('alert').textContent).toBe('This coupon is not for this plan.');
    expect(screen.queryByTestId('coupon-line')).toBeNull();
    expect(screen.getByTestId('total').textContent).toBe('$28.00');
    await user.click(screen.getByRole('button', { name: 'Remove coupon SPRING20' }));
    expect(screen.getByLabelText('Coupon code')).toBeTruthy();
  });

  it('applies the code it was opened with (the link back from the checkout)', async () => {
    renderAt('/configure/minecraft?coupon=SPRING20');
    await waitFor(() => expect(screen.getByTestId('total').textContent).toBe('$11.20'));
    expect(checked).toHaveLength(1);
  });
});
