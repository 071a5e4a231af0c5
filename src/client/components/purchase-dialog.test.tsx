import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { UpgradePack } from '../../shared/catalog';
import type { TaxTerms } from '../../shared/schemas/tax';
import { setSessionUser } from '../lib/session';
import { PurchaseDialog } from './purchase-dialog';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const pack: UpgradePack = { id: 'essentials', slug: 'spawnpoint-essentials', name: 'Essentials', priceCents: 699, tagline: '', highlights: [], features: ['Daily backups'], sort: 1 };

let fetchMock: MockInstance<typeof fetch>;
let openMock: MockInstance<typeof window.open>;
let answers: Record<string, (init?: RequestInit) => Response>;
let calls: string[];
let userCount = 0;

function signIn(terms: TaxTerms) {
  userCount += 1;
  setSessionUser({ id: `00000000-0000-4000-8000-00000000020${userCount}`, email: 'ada@example.test', role: 'customer', twoFactorEnabled: false });
  answers['GET /api/tax/terms'] = () => json(200, terms);
}

beforeEach(() => {
  toastMock.success.mockReset();
  calls = [];
  answers = {};
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    calls.push(key);
    const answer = answers[key];
    if (!answer) throw new Error(`unexpected fetch ${key}`);
    return answer(init);
  });
  openMock = vi.spyOn(window, 'open').mockImplementation(() => ({ location: { href: '' }, close: vi.fn() }) as unknown as Window);
});
afterEach(() => {
  fetchMock.mockRestore();
  openMock.mockRestore();
});

function renderDialog() {
  const onOpenChange = vi.fn();
  render(
    <MemoryRouter>
      <PurchaseDialog pack={pack} open onOpenChange={onOpenChange} />
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), onOpenChange };
}

describe('the pack purchase dialog and taxes', () => {
  it('shows the tax line and charges the gross for a customer whose details are known', async () => {
    signIn({ pricesIncludeTax: false, hasBillingDetails: true, treatment: { inclusive: false, reverseCharge: false, lines: [{ name: 'VAT', rate: 19000 }] }, regions: {} });
    renderDialog();
    // 699 × 19% = 132.81 → 133.
    expect(await screen.findByRole('button', { name: 'Purchase for $8.32' })).toBeEnabled();
    expect(screen.getByTestId('tax-line')).toHaveTextContent('VAT 19%$1.33');
  });

  it('asks for billing details at the first checkout, in the same dialog, before the payment tab opens', async () => {
    signIn({ pricesIncludeTax: false, hasBillingDetails: false, treatment: null, regions: { US: ['NY', 'CA'] } });
    answers['PUT /api/account/billing-details'] = () =>
      json(200, { name: 'Ada', address: '', country: 'US', region: 'NY', postalCode: '10001', vatId: '', vatIdStatus: null, updatedAt: '2030-01-01T00:00:00.000Z' });
    answers['POST /api/checkout'] = () => json(200, { checkout_url: 'http://localhost/checkout/cs_local_2', provider_name: 'Spawnpoint Checkout', order_id: 'o2', session_id: 'cs_local_2' });
    const { user, onOpenChange } = renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Purchase for $6.99/mo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your billing details' });
    await user.type(await within(dialog).findByLabelText('Name or company'), 'Ada');
    await user.selectOptions(within(dialog).getByLabelText('Country'), 'US');
    await user.type(within(dialog).getByLabelText('Postal code'), '10001');
    await user.click(within(dialog).getByRole('button', { name: 'Save and continue to payment' }));
    // The store has rates for states of the US: the state is asked for before anything is sent.
    expect(await within(dialog).findByText('Enter your state or region: taxes in United States depend on it.')).toBeInTheDocument();
    expect(openMock).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('State or region'), 'NY');
    await user.click(within(dialog).getByRole('button', { name: 'Save and continue to payment' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(openMock).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => c !== 'GET /api/tax/terms')).toEqual(['PUT /api/account/billing-details', 'POST /api/checkout']);
  });
});
