import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { regionMoveStepLabels, regionMoveStepNames, type RegionMoveOptions, type RegionMoveView } from '../../../../../shared/schemas/region-moves';
import { MoveRegionDialog } from './move-region-dialog';

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const server = {
  id: 'srv-1',
  name: 'Survival World',
  game: 'minecraft',
  gameName: 'Minecraft',
  status: 'online',
  ram: 4,
  cpu: 2,
  disk: 40,
  location: 'us-west',
  locationLabel: 'US West (California)',
  address: '198.51.100.10:25565',
  planName: 'Minecraft 4GB',
  playerCap: 10,
};

const baseOptions: RegionMoveOptions = {
  currency: 'usd',
  current: { value: 'us-west', label: 'US West (California)', address: '198.51.100.10:25565' },
  catalogVersion: 4,
  locations: [
    { value: 'us-east', label: 'US East (Virginia)', amountCents: 0, grossCents: 0, taxLines: [], renewalCents: 1400 },
    { value: 'eu-west', label: 'EU West (Amsterdam)', amountCents: 150, grossCents: 150, taxLines: [], renewalCents: 1700 },
  ],
  full: [{ value: 'asia-pacific', label: 'Asia Pacific (Singapore)' }],
  payment: { creditCents: 0, savedCard: { brand: 'visa', last4: '4242' } },
  open: null,
  last: null,
};

function move(status: RegionMoveView['status'], done: number, overrides: Partial<RegionMoveView> = {}): RegionMoveView {
  return {
    id: 'mv-1',
    serverId: 'srv-1',
    status,
    from: { value: 'us-west', label: 'US West (California)', address: '198.51.100.10:25565' },
    to: { value: 'eu-west', label: 'EU West (Amsterdam)', address: status === 'completed' ? '203.0.113.10:25565' : null },
    steps: regionMoveStepNames.map((step, i) => ({
      step,
      label: regionMoveStepLabels[step],
      status: i < done ? 'done' : i === done && status === 'running' ? 'running' : 'pending',
      detail: null,
    })),
    currency: 'usd',
    amountCents: 150,
    grossCents: 150,
    reason: null,
    createdAt: '2030-01-31T00:00:00.000Z',
    completedAt: null,
    ...overrides,
  };
}

type Call = { method: string; url: string; body?: unknown };
let calls: Call[];
let options: RegionMoveOptions;
let answers: Record<string, (body: unknown) => Response>;
let fetchMock: MockInstance<typeof fetch>;

beforeEach(() => {
  calls = [];
  options = structuredClone(baseOptions);
  answers = {};
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    const answer = answers[`${method} ${url}`];
    if (answer) return answer(body);
    if (method === 'GET' && url === '/api/servers/srv-1/move') return json(200, options);
    return json(404, { error: { code: 'not_found', message: 'No route' } });
  });
});
afterEach(() => fetchMock.mockRestore());

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <MoveRegionDialog server={server} open onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), dialog: screen.getByRole('dialog', { name: 'Move region: Survival World' }), onOpenChange };
}

describe('Move region dialog', () => {
  it('lists the locations with room and their price difference, confirms, follows the steps and shows the new address', async () => {
    answers['POST /api/servers/srv-1/move'] = () => {
      options = { ...options, open: move('running', 0) };
      return json(202, move('running', 0));
    };
    const { user, dialog, onOpenChange } = renderDialog();

    const eu = await within(dialog).findByRole('radio', { name: 'EU West (Amsterdam)' });
    expect(eu).toHaveAccessibleDescription('+$1.50 now for the rest of this period');
    expect(within(dialog).getByRole('radio', { name: 'US East (Virginia)' })).toHaveAccessibleDescription('Same price');
    expect(within(dialog).getByText('Full right now: Asia Pacific (Singapore).')).toBeInTheDocument();
    expect(within(dialog).getByText('198.51.100.10:25565')).toBeInTheDocument();
    const next = within(dialog).getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();

    await user.click(eu);
    await user.click(next);
    expect(within(dialog).getByRole('heading', { name: 'Move Survival World to EU West (Amsterdam)?' })).toBeInTheDocument();
    expect(within(dialog).getByText(/\$1\.50 for the rest of this period\. Charged to your visa card ending in 4242 when you confirm\./)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Move to EU West (Amsterdam)' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('Stop the server...');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ location: 'eu-west', catalogVersion: 4 });
    const steps = within(dialog).getByRole('list', { name: 'Steps of the move' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(6);
    expect(within(steps).getByText('Stop the server')).toHaveTextContent('Stop the server (in progress)');

    options = { ...options, open: move('running', 3) };
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('Restore the backup there...'), { timeout: 4_000 });

    options = { ...options, current: { value: 'eu-west', label: 'EU West (Amsterdam)', address: '203.0.113.10:25565' }, open: null, last: move('completed', 6) };
    expect(await within(dialog).findByText('Survival World now runs in EU West (Amsterdam).', {}, { timeout: 4_000 })).toBeInTheDocument();
    expect(within(dialog).getByText('203.0.113.10:25565')).toBeInTheDocument();
    expect(within(dialog).getByText('$1.50 was charged for the rest of this period.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it.each([
    ['eur', '€1.50'],
    ['jpy', '¥150'],
  ])('prices a move of a service bought in %s in its own currency', async (currency, amount) => {
    options = { ...options, currency };
    answers['POST /api/servers/srv-1/move'] = () => {
      options = { ...options, open: move('running', 0, { currency }) };
      return json(202, move('running', 0, { currency }));
    };
    const { user, dialog } = renderDialog();
    const eu = await within(dialog).findByRole('radio', { name: 'EU West (Amsterdam)' });
    expect(eu).toHaveAccessibleDescription(`+${amount} now for the rest of this period`);
    await user.click(eu);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText(new RegExp(`^${amount.replace('.', '\\.')} for the rest of this period`))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Move to EU West (Amsterdam)' }));
    options = { ...options, open: null, last: move('completed', 6, { currency }) };
    expect(await within(dialog).findByText(`${amount} was charged for the rest of this period.`, {}, { timeout: 4_000 })).toBeInTheDocument();
  });

  it('shows a move whose payment could not be confirmed yet as being paid, not failed, and says it settles on its own (decision 084)', async () => {
    answers['POST /api/servers/srv-1/move'] = () => {
      options = { ...options, open: move('charging', 0) };
      return json(202, move('charging', 0));
    };
    const { user, dialog } = renderDialog();
    await user.click(await within(dialog).findByRole('radio', { name: 'EU West (Amsterdam)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move to EU West (Amsterdam)' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Taking the payment for the move to EU West (Amsterdam)...');
    expect(within(dialog).getByText(/our team settles it by hand\. The move to EU West \(Amsterdam\) then goes ahead, or it is called off, the server stays where it is/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('shows a refusal in words and lets the customer go back', async () => {
    answers['POST /api/servers/srv-1/move'] = () =>
      json(402, { error: { code: 'payment_required', message: 'Moving there costs more for the rest of this period, and you have no saved card or enough account credit. Add a card under Billing, then try again.' } });
    const { user, dialog } = renderDialog();
    await user.click(await within(dialog).findByRole('radio', { name: 'EU West (Amsterdam)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move to EU West (Amsterdam)' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/no saved card or enough account credit/);
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('radio', { name: 'EU West (Amsterdam)' })).toBeChecked();
  });

  it('explains a rolled-back move with the failed step, and offers to choose again', async () => {
    const failed = move('rolled_back', 2, { reason: 'The game panel could not create the new server. The server stays in US West (California).' });
    failed.steps[2] = { ...failed.steps[2]!, status: 'failed', detail: 'The game panel could not create the new server.' };
    options = { ...options, open: move('running', 2) };
    const { user, dialog } = renderDialog();
    expect(await within(dialog).findByText('Create the new server...')).toHaveAttribute('role', 'status');
    options = { ...options, open: null, last: failed };
    const alert = await within(dialog).findByRole('alert', {}, { timeout: 4_000 });
    expect(alert).toHaveTextContent('Survival World stays in US West (California).');
    expect(alert).toHaveTextContent('The $1.50 paid for it was refunded.');
    expect(within(dialog).getByText('Create the new server')).toHaveTextContent('(failed)');
    await user.click(within(dialog).getByRole('button', { name: 'Choose a location again' }));
    expect(within(dialog).getByRole('group', { name: 'Move to' })).toBeInTheDocument();
  });

  it('says so when the server cannot be moved', async () => {
    answers['GET /api/servers/srv-1/move'] = () => json(409, { error: { code: 'server_suspended', message: 'This server is suspended. Settle the unpaid invoice first, then move it.' } });
    const { dialog } = renderDialog();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This server is suspended.');
  });
});
