import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { PlanChangeOptions, PlanChangeQuote, PlanChangeView } from '../../../../../shared/schemas/plan-changes';
import { ChangePlanDialog } from './change-plan-dialog';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const server = {
  id: 'srv-1',
  name: 'Survival World',
  game: 'minecraft',
  gameName: 'Minecraft',
  status: 'online',
  ram: 2,
  cpu: 1,
  disk: 20,
  location: 'us-west',
  locationLabel: 'US West',
  address: '10.0.0.5:25565',
  planName: 'Minecraft 2GB',
  playerCap: 10,
};

const plan = (gb: number, cents: number) => ({
  id: `minecraft-${gb}gb`,
  name: `${gb}GB`,
  ramGb: gb,
  vcpu: gb / 2,
  diskGb: gb * 10,
  playerCap: 10,
  monthlyCents: cents,
  periodCents: cents,
  recommended: gb === 4,
});
const size = (gb: number) => ({ planId: `minecraft-${gb}gb`, planName: `Minecraft ${gb}GB`, ramGb: gb, vcpu: gb / 2, diskGb: gb * 10, addons: {} });

const baseOptions: PlanChangeOptions = {
  currency: 'usd',
  current: size(2),
  period: { value: 'monthly', label: 'Monthly', months: 1 },
  plans: [plan(1, 350), plan(2, 700), plan(4, 1400), plan(8, 2800)],
  addons: [
    { key: 'automatic-backups', name: 'Automatic Backups', description: 'A backup every day', priceCents: 299, periodCents: 299, maxQuantity: 1 },
    { key: 'additional-ssd', name: 'Additional SSD', description: '+50GB per step', priceCents: 250, periodCents: 250, maxQuantity: 20 },
  ],
  open: null,
  last: null,
};

const upgradeQuote: PlanChangeQuote = {
  kind: 'upgrade',
  currency: 'usd',
  catalogVersion: 3,
  from: size(2),
  to: size(4),
  period: { start: '2030-01-15T12:00:00.000Z', end: '2030-02-15T12:00:00.000Z', secondsLeft: 15.5 * 86_400, secondsInPeriod: 31 * 86_400, label: 'Monthly' },
  fromCents: 700,
  toCents: 1400,
  amountCents: 350,
  tax: { inclusive: false, reverseCharge: false, netCents: 350, lines: [{ name: 'VAT', rate: 19_000, amountCents: 67 }], taxCents: 67, grossCents: 417 },
  renewalCents: 1400,
  effectiveAt: '2030-01-31T00:00:00.000Z',
  coupon: { code: 'SPRING20', label: '20% off' },
  payment: { creditCents: 0, cardCents: 417, savedCard: { brand: 'visa', last4: '4242' } },
  diskUsedBytes: null,
};

const downgradeQuote: PlanChangeQuote = {
  ...upgradeQuote,
  kind: 'downgrade',
  to: size(1),
  toCents: 350,
  amountCents: 0,
  tax: { inclusive: false, reverseCharge: false, netCents: 0, lines: [], taxCents: 0, grossCents: 0 },
  renewalCents: 350,
  effectiveAt: '2030-02-15T12:00:00.000Z',
  coupon: null,
  payment: { creditCents: 0, cardCents: 0, savedCard: null },
  diskUsedBytes: 3 * 1024 ** 3,
};

function change(overrides: Partial<PlanChangeView>): PlanChangeView {
  return {
    id: 'chg-1',
    serverId: 'srv-1',
    kind: 'upgrade',
    status: 'paid',
    fromPlanName: 'Minecraft 2GB',
    toPlanName: 'Minecraft 4GB',
    toRamGb: 4,
    currency: 'usd',
    amountCents: 350,
    grossCents: 417,
    renewalCents: 1400,
    effectiveAt: '2030-01-31T00:00:00.000Z',
    reason: null,
    createdAt: '2030-01-31T00:00:00.000Z',
    ...overrides,
  };
}

type Call = { method: string; url: string; body?: unknown };
let calls: Call[];
let options: PlanChangeOptions;
let answers: Record<string, (body: unknown) => Response>;
let fetchMock: MockInstance<typeof fetch>;

beforeEach(() => {
  toastMock.success.mockReset();
  toastMock.error.mockReset();
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
    if (method === 'GET' && url === '/api/servers/srv-1/plan-change') return json(200, options);
    return json(404, { error: { code: 'not_found', message: 'No route' } });
  });
});
afterEach(() => {
  fetchMock.mockRestore();
  vi.unstubAllGlobals();
});

function renderDialog(props: { follow?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <ChangePlanDialog server={server} open onOpenChange={onOpenChange} {...props} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), dialog: screen.getByRole('dialog', { name: 'Change plan: Survival World' }), onOpenChange };
}

const writes = () => calls.filter((c) => c.method !== 'GET' && !c.url.endsWith('/quote'));
const quotes = () => calls.filter((c) => c.url.endsWith('/quote'));

describe('Change plan dialog', () => {
  it('lists the game’s plans with the current one marked, prices the upgrade, pays with the saved card and follows the resize to the end', async () => {
    answers['POST /api/servers/srv-1/plan-change/quote'] = () => json(200, upgradeQuote);
    answers['POST /api/servers/srv-1/plan-change'] = () => {
      options = { ...options, open: change({ status: 'paid' }) };
      return json(200, { change: change({ status: 'paid' }), checkout_url: null, provider_name: null });
    };
    const { user, dialog, onOpenChange } = renderDialog();

    const current = await within(dialog).findByRole('radio', { name: '2GB (current plan)' });
    expect(current).toBeChecked();
    const bigger = within(dialog).getByRole('radio', { name: '4GB' });
    expect(bigger).not.toBeChecked();
    expect(bigger).toHaveAccessibleDescription('4 GB RAM · 2 vCPU · 40 GB SSD · 10 players, $14.00 per month');
    expect(within(dialog).getByRole('checkbox', { name: /Automatic Backups/ })).not.toBeChecked();
    expect(within(dialog).getByRole('spinbutton', { name: 'Additional SSD (how many)' })).toHaveValue(0);
    expect(within(dialog).getByText(/Choose another plan or change the add-ons to see the price/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Choose a plan' })).toBeDisabled();

    // The keyboard moves through the plans as through any radio group.
    current.focus();
    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('radio', { name: '4GB' })).toBeChecked();

    const quote = await within(dialog).findByTestId('plan-change-quote');
    expect(quotes().at(-1)?.body).toEqual({ plan: 'minecraft-4gb', addons: {} });
    expect(within(quote).getByText('Minecraft 2GB to Minecraft 4GB, prorated for the 15 days left of this period (until February 15, 2030)')).toBeInTheDocument();
    expect(within(quote).getByTestId('plan-change-prorated')).toHaveTextContent('$3.50');
    expect(within(quote).getByText('Coupon SPRING20')).toBeInTheDocument();
    expect(within(quote).getByText('Net')).toBeInTheDocument();
    expect(within(quote).getByText('VAT 19%')).toBeInTheDocument();
    expect(within(quote).getByText('$0.67')).toBeInTheDocument();
    expect(within(quote).getByTestId('plan-change-total')).toHaveTextContent('$4.17');
    expect(quote).toHaveTextContent('Renewals then cost $14.00 per month, before your coupon and tax.');
    expect(within(quote).getByRole('radio', { name: 'Saved card: Visa ending 4242' })).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Pay $4.17 and upgrade' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({ method: 'POST', url: '/api/servers/srv-1/plan-change', body: { plan: 'minecraft-4gb', addons: {}, pay: 'saved', catalogVersion: 3 } });
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Resizing the server to Minecraft 4GB (4 GB RAM) on the game panel...');
    expect(within(dialog).getByRole('list', { name: 'Progress' })).toHaveTextContent('Paid $4.17 (done)');

    options = { ...options, current: size(4), open: null, last: change({ status: 'completed' }) };
    expect(await within(dialog).findByText('Done: Survival World now runs Minecraft 4GB with 4 GB RAM.', {}, { timeout: 5_000 })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it.each([
    ['eur', '€14.00', '€3.50', '€0.67', '€4.17'],
    ['jpy', '¥1,400', '¥350', '¥67', '¥417'],
  ])('prices a service bought in %s in its own currency, not the shop’s', async (currency, monthly, prorated, vat, total) => {
    options = { ...options, currency };
    answers['POST /api/servers/srv-1/plan-change/quote'] = () => json(200, { ...upgradeQuote, currency });
    answers['POST /api/servers/srv-1/plan-change'] = () => {
      const paid = change({ status: 'paid', currency });
      options = { ...options, open: paid };
      return json(200, { change: paid, checkout_url: null, provider_name: null });
    };
    const { user, dialog } = renderDialog();
    const bigger = await within(dialog).findByRole('radio', { name: '4GB' });
    expect(bigger).toHaveAccessibleDescription(`4 GB RAM · 2 vCPU · 40 GB SSD · 10 players, ${monthly} per month`);
    await user.click(bigger);
    const quote = await within(dialog).findByTestId('plan-change-quote');
    expect(within(quote).getByTestId('plan-change-prorated')).toHaveTextContent(prorated);
    expect(within(quote).getByText(vat)).toBeInTheDocument();
    expect(within(quote).getByTestId('plan-change-total')).toHaveTextContent(total);
    expect(quote).toHaveTextContent(`Renewals then cost ${monthly} per month, before your coupon and tax.`);
    await user.click(within(dialog).getByRole('button', { name: `Pay ${total} and upgrade` }));
    expect(await within(dialog).findByRole('list', { name: 'Progress' })).toHaveTextContent(`Paid ${total} (done)`);
  });

  it('shows an upgrade whose payment could not be confirmed yet (202) as being paid, not failed, and says it settles on its own (decision 084)', async () => {
    answers['POST /api/servers/srv-1/plan-change/quote'] = () => json(200, upgradeQuote);
    answers['POST /api/servers/srv-1/plan-change'] = () => {
      options = { ...options, open: change({ status: 'charging' }) };
      return json(202, { change: change({ status: 'charging' }), checkout_url: null, provider_name: null });
    };
    const { user, dialog } = renderDialog();
    await user.click(await within(dialog).findByRole('radio', { name: '4GB' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Pay $4.17 and upgrade' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Taking the payment for Minecraft 4GB...');
    expect(within(dialog).getByRole('list', { name: 'Progress' })).toHaveTextContent('Payment (in progress)');
    expect(within(dialog).getByText(/we ask the payment provider again about this same payment, not for a new one: first within 20 minutes, then regularly for up to a day/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(toastMock.error).not.toHaveBeenCalled();
  });

  it('schedules a downgrade for the renewal, then cancels it after a confirmation', async () => {
    answers['POST /api/servers/srv-1/plan-change/quote'] = () => json(200, downgradeQuote);
    const scheduled = change({ kind: 'downgrade', status: 'scheduled', toPlanName: 'Minecraft 1GB', toRamGb: 1, amountCents: 0, grossCents: null, renewalCents: 350, effectiveAt: '2030-02-15T12:00:00.000Z' });
    answers['POST /api/servers/srv-1/plan-change'] = () => {
      options = { ...options, open: scheduled };
      return json(200, { change: scheduled, checkout_url: null, provider_name: null });
    };
    answers['DELETE /api/servers/srv-1/plan-change'] = () => {
      const cancelled = { ...scheduled, status: 'cancelled' as const, reason: 'Cancelled by you.' };
      options = { ...options, open: null, last: cancelled };
      return json(200, cancelled);
    };
    const { user, dialog } = renderDialog();
    await user.click(await within(dialog).findByRole('radio', { name: '1GB' }));
    const quote = await within(dialog).findByTestId('plan-change-quote');
    expect(quote).toHaveTextContent('Nothing is charged now. The server moves to Minecraft 1GB (1 GB RAM, 10 GB SSD) on February 15, 2030');
    expect(quote).toHaveTextContent('Renewals then cost $3.50 per month, before tax.');
    expect(quote).toHaveTextContent('Your files use 3.0 GB, which fits the new 10 GB disk.');

    await user.click(within(dialog).getByRole('button', { name: 'Schedule the change' }));
    expect(await within(dialog).findByText('Survival World moves to Minecraft 1GB on February 15, 2030.')).toBeInTheDocument();
    expect(writes()[0]?.body).toMatchObject({ plan: 'minecraft-1gb', pay: 'saved' });
    expect(toastMock.success).toHaveBeenCalledWith('Plan change scheduled', { description: 'Survival World moves to Minecraft 1GB on February 15, 2030.' });

    await user.click(within(dialog).getByRole('button', { name: /^Cancel change/ }));
    const confirm = within(dialog).getByRole('group', { name: 'Cancel the move to Minecraft 1GB?' });
    expect(within(confirm).getByRole('button', { name: 'Yes, cancel the change' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Yes, cancel the change' }));
    expect(await within(dialog).findByText('Cancelled by you.')).toBeInTheDocument();
    expect(writes().map((c) => c.method)).toEqual(['POST', 'DELETE']);
    await user.click(within(dialog).getByRole('button', { name: 'Choose a plan again' }));
    expect(await within(dialog).findByRole('radio', { name: '2GB (current plan)' })).toBeChecked();
  });

  it('says in words why a smaller plan is refused, and offers no button to confirm it', async () => {
    const message = 'This server uses 15.2 GB of disk, more than the 10 GB the new plan has. Free some space first, or choose a plan with more disk.';
    answers['POST /api/servers/srv-1/plan-change/quote'] = (body) =>
      (body as { plan: string }).plan === 'minecraft-1gb'
        ? json(409, { error: { code: 'disk_too_small', message, fields: { plan: message } } })
        : json(503, { error: { code: 'disk_unknown', message: 'We could not read the server’s disk use right now, so a smaller disk cannot be checked. Please try again in a minute.' } });
    const { user, dialog } = renderDialog();
    await user.click(await within(dialog).findByRole('radio', { name: '1GB' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).getByRole('button', { name: 'Choose a plan' })).toBeDisabled();

    // A 5xx the server words itself is shown as it is.
    await user.click(within(dialog).getByRole('radio', { name: '8GB' }));
    expect(await within(dialog).findByText(/We could not read the server’s disk use right now/)).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it('shows a declined card and a change already under way in the dialog, and hides a 500’s internals', async () => {
    answers['POST /api/servers/srv-1/plan-change/quote'] = () => json(200, upgradeQuote);
    const refusals = [
      json(402, { error: { code: 'card_declined', message: 'Your card was declined. Nothing was charged. You can pay with another card instead.' } }),
      json(409, { error: { code: 'change_open', message: 'A plan change for this server is already under way.' } }),
      json(500, { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } }),
    ];
    answers['POST /api/servers/srv-1/plan-change'] = () => refusals.shift()!;
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal('open', vi.fn(() => tab));
    const { user, dialog } = renderDialog();
    await user.click(await within(dialog).findByRole('radio', { name: '4GB' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Pay $4.17 and upgrade' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined. Nothing was charged. You can pay with another card instead.');
    // After a decline the other card is offered: the checkout.
    expect(within(dialog).getByRole('radio', { name: /^Another card/ })).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment ($4.17)' }));
    expect(await within(dialog).findByText('A plan change for this server is already under way.')).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalledTimes(1);

    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment ($4.17)' }));
    expect(await within(dialog).findByText('An unexpected error occurred. Please try again.')).toBeInTheDocument();
    expect(writes().map((c) => (c.body as { pay: string }).pay)).toEqual(['saved', 'checkout', 'checkout']);
  });

  it('opens the checkout in a new tab when there is no saved card, then waits for the payment', async () => {
    answers['POST /api/servers/srv-1/plan-change/quote'] = () => json(200, { ...upgradeQuote, coupon: null, payment: { creditCents: 100, cardCents: 317, savedCard: null } });
    const awaiting = change({ status: 'awaiting_payment' });
    answers['POST /api/servers/srv-1/plan-change'] = () => {
      options = { ...options, open: awaiting };
      return json(200, { change: awaiting, checkout_url: '/checkout/cs_local_abc', provider_name: 'Spawnpoint Checkout' });
    };
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    const { user, dialog } = renderDialog();
    await user.click(await within(dialog).findByRole('radio', { name: '4GB' }));
    const quote = await within(dialog).findByTestId('plan-change-quote');
    expect(quote).toHaveTextContent('You pay by card in a secure checkout that opens in a new tab; the upgrade starts once it is paid. Account credit is used only with a saved card.');
    expect(within(quote).queryByRole('radio')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment ($4.17)' }));
    expect(await within(dialog).findByText('Waiting for your payment of $4.17 for the upgrade to Minecraft 4GB.')).toBeInTheDocument();
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(tab.location.href).toBe('/checkout/cs_local_abc');
    expect(writes()[0]?.body).toMatchObject({ pay: 'checkout', catalogVersion: 3 });
    expect(toastMock.success).toHaveBeenCalledWith('Redirecting to Spawnpoint Checkout', expect.anything());
    expect(within(dialog).getByRole('button', { name: /^Cancel change/ })).toBeEnabled();
  });

  it('says so when the checkout tab is blocked, without asking the server', async () => {
    answers['POST /api/servers/srv-1/plan-change/quote'] = () => json(200, { ...upgradeQuote, payment: { creditCents: 0, cardCents: 417, savedCard: null } });
    vi.stubGlobal('open', vi.fn(() => null));
    const { user, dialog } = renderDialog();
    await user.click(await within(dialog).findByRole('radio', { name: '4GB' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Continue to payment ($4.17)' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to open checkout tab. Please disable popup blockers and try again.');
    expect(writes()).toEqual([]);
  });

  it('follows a change back from its checkout, and explains a refunded one', async () => {
    options = { ...options, open: null, last: change({ id: 'chg-9', status: 'refunded', reason: 'The game panel could not resize the server, so the upgrade was not made.' }) };
    const { dialog } = renderDialog({ follow: 'chg-9' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The game panel could not resize the server, so the upgrade was not made. Your payment was refunded: refunds take 5-7 business days to reach your card, credit is back at once.',
    );
    expect(within(dialog).getByRole('button', { name: 'Choose a plan again' })).toBeEnabled();
  });

  it('reprices when the catalog changed since the quote, and mentions a last change that was refunded', async () => {
    options = { ...options, last: change({ id: 'chg-0', status: 'refunded', reason: 'The game panel could not resize the server, so the upgrade was not made.' }) };
    answers['POST /api/servers/srv-1/plan-change/quote'] = () => json(200, upgradeQuote);
    answers['POST /api/servers/srv-1/plan-change'] = () =>
      json(409, { error: { code: 'quote_outdated', message: 'Prices have changed since this quote. Please review the new price.' } });
    const { user, dialog } = renderDialog();
    expect(await within(dialog).findByRole('note')).toHaveTextContent(
      'The last change, to Minecraft 4GB, did not go through. The game panel could not resize the server, so the upgrade was not made. Its payment was refunded.',
    );
    await user.click(within(dialog).getByRole('radio', { name: '4GB' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Pay $4.17 and upgrade' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Prices have changed since this quote. Please review the new price.');
    await waitFor(() => expect(quotes()).toHaveLength(2));
  });

  it('answers a subuser’s refusal in words', async () => {
    answers['GET /api/servers/srv-1/plan-change'] = () => json(403, { error: { code: 'forbidden', message: "Only the server's owner can change its plan." } });
    const { dialog } = renderDialog();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("Only the server's owner can change its plan.");
  });
});
