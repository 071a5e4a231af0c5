import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Catalog } from '../../../shared/catalog';
import type { TaxTerms } from '../../../shared/schemas/tax';
import { primeCatalog } from '../../lib/catalog';
import { setSessionUser } from '../../lib/session';
import ConfiguratorPage from './components/configurator-page';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const catalog: Catalog = {
  currency: 'usd',
  games: [{ slug: 'minecraft', name: 'Minecraft', tagline: 'Blocks', playerCap: 10, sort: 1 }],
  plans: [{ id: 'minecraft-4gb', game: 'minecraft', name: '4GB', ramGb: 4, vcpu: 2, diskGb: 40, priceCents: 1400, description: '', recommended: true, sort: 1 }],
  addons: [],
  periods: [{ value: 'monthly', label: 'Monthly', months: 1, discountPercent: 0, sort: 1 }],
  locations: [{ value: 'us-west', label: 'US West', sort: 1 }],
  packs: [],
};

let fetchMock: MockInstance<typeof fetch>;
let openMock: MockInstance<typeof window.open>;
let answers: Record<string, (init?: RequestInit) => Response>;
let calls: { key: string; body?: unknown }[];
let userCount = 0;

function signIn(terms: TaxTerms) {
  userCount += 1;
  setSessionUser({ id: `00000000-0000-4000-8000-00000000010${userCount}`, email: 'ada@example.test', role: 'customer', twoFactorEnabled: false });
  answers['GET /api/tax/terms'] = () => json(200, terms);
}

beforeEach(() => {
  toastMock.success.mockReset();
  toastMock.error.mockReset();
  primeCatalog(catalog);
  calls = [];
  answers = { 'GET /api/catalog?lang=en': () => json(200, catalog) };
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    calls.push({ key, body: init?.body ? JSON.parse(String(init.body)) : undefined });
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

function renderConfigurator() {
  render(
    <MemoryRouter initialEntries={['/configure/minecraft']}>
      <Routes>
        <Route path="/configure/:game" element={<ConfiguratorPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('taxes in the configurator', () => {
  it('shows the net, each tax line and the gross for a customer whose billing details are known', async () => {
    signIn({ pricesIncludeTax: false, hasBillingDetails: true, treatment: { inclusive: false, reverseCharge: false, lines: [{ name: 'VAT', rate: 19000 }] }, regions: {} });
    renderConfigurator();
    await waitFor(() => expect(screen.getByTestId('total').textContent).toBe('$16.66'));
    expect(screen.getByTestId('tax-net').textContent).toBe('$14.00');
    expect(screen.getByTestId('tax-line').textContent).toBe('VAT 19%$2.66');
  });

  it('says that a reverse-charge business pays no VAT', async () => {
    signIn({ pricesIncludeTax: false, hasBillingDetails: true, treatment: { inclusive: false, reverseCharge: true, lines: [{ name: 'VAT', rate: 0 }] }, regions: {} });
    renderConfigurator();
    await waitFor(() => expect(screen.getByTestId('tax-line').textContent).toBe('VAT 0% (reverse charge)$0.00'));
    expect(screen.getByTestId('total').textContent).toBe('$14.00');
    expect(screen.getByTestId('tax-terms').textContent).toContain('No VAT: reverse charge for your business.');
  });

  it('asks for billing details at the first checkout, checks them before sending, then saves them and pays', async () => {
    signIn({ pricesIncludeTax: false, hasBillingDetails: false, treatment: null, regions: {} });
    answers['PUT /api/account/billing-details'] = () =>
      json(200, { name: 'Klötzchen GmbH', address: '', country: 'DE', region: '', postalCode: '10119', vatId: 'FR40303265045', vatIdStatus: 'unverified', updatedAt: '2030-01-01T00:00:00.000Z' });
    answers['POST /api/checkout'] = () => json(200, { checkout_url: 'http://localhost/checkout/cs_local_1', provider_name: 'Spawnpoint Checkout', order_id: 'o1', session_id: 'cs_local_1' });
    const user = renderConfigurator();
    await waitFor(() => expect(calls.some((c) => c.key === 'GET /api/tax/terms')).toBe(true));
    expect(screen.getByTestId('tax-terms').textContent).toContain('Taxes, where they apply, are added at checkout.');

    await user.click(screen.getByRole('button', { name: 'Deploy Server' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your billing details' });
    expect(openMock).not.toHaveBeenCalled();

    await user.type(await within(dialog).findByLabelText('Name or company'), 'Klötzchen GmbH');
    await user.selectOptions(within(dialog).getByLabelText('Country'), 'DE');
    await user.type(within(dialog).getByLabelText('Postal code'), '10119');
    await user.type(within(dialog).getByLabelText('EU VAT ID (businesses, optional)'), 'FR123');
    await user.click(within(dialog).getByRole('button', { name: 'Save and continue to payment' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe("That VAT ID doesn't look right for its country. Please check it and try again.");
    expect(openMock).not.toHaveBeenCalled();

    await user.clear(within(dialog).getByLabelText('EU VAT ID (businesses, optional)'));
    await user.type(within(dialog).getByLabelText('EU VAT ID (businesses, optional)'), 'FR 40 303265045');
    answers['GET /api/tax/terms'] = () => json(200, { pricesIncludeTax: false, hasBillingDetails: true, treatment: { inclusive: false, reverseCharge: true, lines: [{ name: 'VAT', rate: 0 }] }, regions: {} });
    await user.click(within(dialog).getByRole('button', { name: 'Save and continue to payment' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Redirecting to Spawnpoint Checkout', expect.anything()));
    expect(openMock).toHaveBeenCalledTimes(1);
    const keys = calls.map((c) => c.key);
    expect(keys.indexOf('PUT /api/account/billing-details')).toBeLessThan(keys.indexOf('POST /api/checkout'));
    expect(calls.find((c) => c.key === 'PUT /api/account/billing-details')?.body).toEqual({
      name: 'Klötzchen GmbH',
      address: '',
      country: 'DE',
      region: '',
      postalCode: '10119',
      vatId: 'FR 40 303265045',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
