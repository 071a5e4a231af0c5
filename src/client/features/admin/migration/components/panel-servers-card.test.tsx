import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Catalog } from '../../../../../shared/catalog';
import type { UnlinkedPanelServer } from '../../../../../shared/schemas/admin/panel-links';
import { primeCatalog } from '../../../../lib/catalog';
import { PanelServersCard } from './panel-servers-card';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const plan = (id: string, name: string, ramGb: number, priceCents: number) => ({
  id,
  game: 'minecraft',
  name,
  ramGb,
  vcpu: 2,
  diskGb: 40,
  priceCents,
  description: '',
  recommended: false,
  sort: priceCents,
});
const catalog: Catalog = {
  currency: 'usd',
  games: [{ slug: 'minecraft', name: 'Minecraft', tagline: 'Blocks', playerCap: 10, sort: 1 }],
  plans: [plan('minecraft-2gb', '2GB', 2, 700), plan('minecraft-4gb', '4GB', 4, 1400)],
  addons: [],
  periods: [
    { value: 'monthly', label: 'Monthly', months: 1, discountPercent: 0, sort: 1 },
    { value: '3months', label: '3 Months', months: 3, discountPercent: 5, sort: 2 },
  ],
  locations: [
    { value: 'us-west', label: 'US West', sort: 1 },
    { value: 'eu-west', label: 'EU West', sort: 2 },
  ],
  packs: [],
};

const legacy: UnlinkedPanelServer = {
  panelServerId: '42',
  identifier: 'a1b2c3d4',
  name: 'Legacy Survival',
  ownerEmail: 'old@example.test',
  customer: { id: '11111111-1111-4111-8111-111111111111', email: 'old@example.test' },
  location: 'eu-west',
  memoryMb: 4096,
  diskMb: 40960,
  cpuPercent: 200,
  address: '203.0.113.10:25565',
  suspended: false,
};

let linked: unknown[];
let fetchMock: MockInstance<typeof fetch>;
beforeEach(() => {
  primeCatalog(catalog);
  linked = [];
  toastMock.success.mockReset();
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/admin/panel-servers') return json(200, { servers: linked.length ? [] : [legacy] });
    if (url === '/api/admin/panel-servers/link' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { priceCents: number };
      linked.push(body);
      return json(201, { serverId: 's1', customerEmail: 'old@example.test', planName: 'Minecraft 4GB', priceCents: body.priceCents, renewsAt: '2031-01-01T00:00:00.000Z' });
    }
    throw new Error(`unexpected fetch ${url}`);
  });
});
afterEach(() => fetchMock.mockRestore());

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <PanelServersCard />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  const row = await screen.findByRole('row', { name: /Legacy Survival/ });
  expect(within(row).getByText('old@example.test')).toBeInTheDocument();
  within(row).getByRole('button', { name: /^Link to a customer/ }).focus();
  await user.keyboard('{Enter}');
  return within(await screen.findByRole('dialog', { name: 'Link Legacy Survival to a customer' }));
}

describe('linking panel servers', () => {
  it('opens the dialog from the keyboard with the owner, the nearest plan and the catalog price chosen, refuses a negative price, then links', async () => {
    primeCatalog({ ...catalog, currency: 'eur' });
    const user = renderCard();
    const inDialog = await openDialog(user);
    expect(inDialog.getByLabelText('Customer')).toHaveValue(legacy.customer!.id);
    expect(inDialog.getByLabelText('Plan')).toHaveValue('minecraft-4gb');
    expect(inDialog.getByLabelText('Location')).toHaveValue('eu-west');
    await user.selectOptions(inDialog.getByLabelText('Billing period'), '3months');
    const price = inDialog.getByLabelText('Price per period in EUR (€)');
    expect(price).toHaveValue('39.90');
    expect(inDialog.getByText('The catalog price is €39.90.')).toBeInTheDocument();

    await user.clear(price);
    await user.type(price, '-1');
    await user.type(inDialog.getByLabelText('Next renewal date'), '2031-01-01');
    await user.type(inDialog.getByLabelText('Reason'), 'Moved over from the old billing system');
    await user.click(inDialog.getByRole('button', { name: 'Link server' }));
    expect(await inDialog.findByText('The amount cannot be negative. Enter an amount in EUR with at most 2 decimals, like 12.50')).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '35.505');
    await user.click(inDialog.getByRole('button', { name: 'Link server' }));
    expect(await inDialog.findByText('EUR amounts have at most 2 decimals: enter it like 12.50')).toBeInTheDocument();
    expect(linked).toEqual([]);

    await user.clear(price);
    await user.type(price, '35{Enter}');
    await waitFor(() => expect(linked).toHaveLength(1));
    expect(linked[0]).toEqual({
      panelServerId: '42',
      customerId: legacy.customer!.id,
      planId: 'minecraft-4gb',
      period: '3months',
      location: 'eu-west',
      priceCents: 3500,
      renewsAt: '2031-01-01',
      reason: 'Moved over from the old billing system',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toastMock.success).toHaveBeenCalledWith('Server linked', { description: 'Legacy Survival now renews for old@example.test at €35.00 from 2031-01-01.' });
    expect(await screen.findByText('Every server on the panel is linked to a service.')).toBeInTheDocument();
  });

  it('takes a JPY shop’s price in whole yen', async () => {
    primeCatalog({ ...catalog, currency: 'jpy', plans: [plan('minecraft-2gb', '2GB', 2, 700), plan('minecraft-4gb', '4GB', 4, 1400)] });
    const user = renderCard();
    const inDialog = await openDialog(user);
    const price = inDialog.getByLabelText('Price per period in JPY (¥)');
    expect(price).toHaveValue('1400');
    await user.clear(price);
    await user.type(price, '1500.5');
    await user.type(inDialog.getByLabelText('Next renewal date'), '2031-01-01');
    await user.type(inDialog.getByLabelText('Reason'), 'Moved over from the old billing system');
    await user.click(inDialog.getByRole('button', { name: 'Link server' }));
    expect(await inDialog.findByText('JPY amounts have no decimals: enter it like 1500')).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, 'abc');
    await user.click(inDialog.getByRole('button', { name: 'Link server' }));
    expect(await inDialog.findByText('Enter an amount in JPY with no decimals, like 1500')).toBeInTheDocument();
    expect(linked).toEqual([]);
    await user.clear(price);
    await user.type(price, '1,500{Enter}');
    await waitFor(() => expect(linked).toHaveLength(1));
    expect(linked[0]).toMatchObject({ priceCents: 1500 });
  });
});
