import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { SoftwareOptions, SoftwareSwitchView } from '../../../../../shared/schemas/software-switch';
import { startTestI18n } from '../../../../../../tests/setup/i18n';
import { ChangeSoftwareDialog } from './change-software-dialog';

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
  software: { id: 'vanilla', name: 'Vanilla', version: null },
};

const baseOptions: SoftwareOptions = {
  current: { software: 'vanilla', name: 'Vanilla', version: null },
  planName: 'Minecraft 4GB',
  planRamGb: 4,
  canUpgradePlan: true,
  options: [
    { id: 'vanilla', name: 'Vanilla', description: "Mojang's own server", versions: ['1.21.4', '1.21.1'], recommendedRamGb: 2, memoryWarning: null, upgradePlan: null },
    { id: 'paper', name: 'Paper', description: 'Plugins and speed', versions: ['1.21.4', '1.21.1'], recommendedRamGb: 2, memoryWarning: null, upgradePlan: null },
    {
      id: 'forge',
      name: 'Forge',
      description: 'Large modpacks',
      versions: ['1.20.1'],
      recommendedRamGb: 6,
      memoryWarning: 'Forge runs best with at least 6 GB of memory; your Minecraft 4GB plan has 4 GB.',
      upgradePlan: { id: 'minecraft-8gb', name: '8GB', ramGb: 8 },
    },
  ],
  latest: null,
};

function change(status: SoftwareSwitchView['status'], step: string, overrides: Partial<SoftwareSwitchView> = {}): SoftwareSwitchView {
  return {
    id: 'sw-1',
    serverId: 'srv-1',
    status,
    step,
    from: { software: 'vanilla', name: 'Vanilla', version: null },
    to: { software: 'paper', name: 'Paper', version: '1.21.1' },
    reason: null,
    createdAt: '2030-01-31T00:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

type Call = { method: string; url: string; body?: unknown };
let calls: Call[];
let options: SoftwareOptions;
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
    if (method === 'GET' && url === '/api/servers/srv-1/software') return json(200, options);
    return json(404, { error: { code: 'not_found', message: 'No route' } });
  });
});
afterEach(() => fetchMock.mockRestore());

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <ChangeSoftwareDialog server={server} open onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), dialog: screen.getByRole('dialog', { name: 'Change software: Survival World' }), onOpenChange };
}

describe('Change software dialog', () => {
  it('chooses Paper and a version, confirms, follows the steps live and says it is back online on Paper', async () => {
    answers['POST /api/servers/srv-1/software-switch'] = () => {
      options = { ...options, latest: change('running', 'backup') };
      return json(202, { switch: change('running', 'backup') });
    };
    const { user, dialog, onOpenChange } = renderDialog();
    const software = await within(dialog).findByRole('combobox', { name: 'Software' });
    expect(within(dialog).getByText(/^Runs/)).toHaveTextContent('Runs Vanilla (the version the game panel installed).');
    expect(software).toHaveValue('paper');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Version' }), '1.21.1');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('Switch Survival World from Vanilla to Paper 1.21.1?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Switch to Paper 1.21.1' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('Backing up the server...');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ software: 'paper', version: '1.21.1', acceptLowMemory: false });
    const steps = within(dialog).getByRole('list', { name: 'Steps of the switch' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(4);

    options = { ...options, latest: change('running', 'installing') };
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('Installing the new software...'), { timeout: 4_000 });
    expect(within(steps).getByText(/Backing up the server/)).toHaveTextContent('Backing up the server (done)');

    options = { ...options, current: { software: 'paper', name: 'Paper', version: '1.21.1' }, latest: change('succeeded', 'done') };
    expect(await within(dialog).findByText('Survival World is back online on Paper 1.21.1.', {}, { timeout: 4_000 })).toBeInTheDocument();
    expect(within(dialog).getByText(/Your world and configs were kept/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('warns when the plan has too little memory, offers the upgrade priced by the server, and switches anyway only when asked', async () => {
    answers['GET /api/servers/srv-1/plan-change'] = () =>
      json(200, { current: { planId: 'minecraft-4gb', planName: '4GB', ramGb: 4, vcpu: 2, diskGb: 40, addons: { 'automatic-backups': 1 } }, open: null, last: null, plans: [], addons: [], period: { value: 'monthly', label: 'Monthly', months: 1 }, currency: 'usd' });
    answers['POST /api/servers/srv-1/plan-change/quote'] = () =>
      json(200, { catalogVersion: 3, currency: 'usd', renewalCents: 3099, tax: { inclusive: false, netCents: 700, lines: [], taxCents: 0, grossCents: 700 } });
    answers['POST /api/servers/srv-1/plan-change'] = () =>
      json(200, { change: { id: 'pc-1', status: 'paid', toPlanName: '8GB' }, checkout_url: null, provider_name: null });
    answers['POST /api/servers/srv-1/software-switch'] = () => json(202, { switch: change('running', 'backup', { to: { software: 'forge', name: 'Forge', version: '1.20.1' } }) });
    const { user, dialog } = renderDialog();
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Software' }), 'forge');
    expect(within(dialog).getByText('Forge runs best with at least 6 GB of memory; your Minecraft 4GB plan has 4 GB.')).toBeInTheDocument();
    const next = within(dialog).getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Upgrade to 8GB (8 GB)' }));
    expect(await within(dialog).findByText(/costs/)).toHaveTextContent('8GB costs $7.00 now for the rest of this period, then $30.99 each renewal.');
    expect(calls.find((c) => c.url === '/api/servers/srv-1/plan-change/quote')?.body).toEqual({ plan: 'minecraft-8gb', addons: { 'automatic-backups': 1 } });
    await user.click(within(dialog).getByRole('button', { name: 'Upgrade and pay $7.00' }));
    expect(await within(dialog).findByText('Upgrade to 8GB paid. The server gets 8 GB in a moment; you can switch now.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/servers/srv-1/plan-change')?.body).toEqual({
      plan: 'minecraft-8gb',
      addons: { 'automatic-backups': 1 },
      pay: 'saved',
      catalogVersion: 3,
    });

    await user.click(within(dialog).getByRole('checkbox', { name: /Switch anyway with 4 GB/ }));
    await user.click(next);
    await user.click(within(dialog).getByRole('button', { name: 'Switch to Forge 1.20.1' }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/software-switch'))?.body).toEqual({ software: 'forge', version: '1.20.1', acceptLowMemory: true }));
  });

  it('shows the refusal in words, and how a rolled-back switch ended', async () => {
    answers['POST /api/servers/srv-1/software-switch'] = () =>
      json(409, { error: { code: 'switch_running', message: 'A software change is already under way on this server.' } });
    const { user, dialog } = renderDialog();
    await user.click(await within(dialog).findByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Switch to Paper 1.21.4' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A software change is already under way on this server.');
  });

  it('opens on a switch under way, and tells a rollback with its reason', async () => {
    options = { ...options, latest: change('rolling_back', 'restoring', { reason: 'Paper 1.21.1 did not start.' }) };
    const { dialog } = renderDialog();
    expect(await within(dialog).findByText('Something went wrong, so the server goes back as it was: restoring the backup...')).toHaveAttribute('role', 'status');
    expect(within(dialog).getByRole('list', { name: 'Steps of the rollback' })).toBeInTheDocument();
    options = { ...options, latest: change('rolled_back', 'done', { reason: 'Paper 1.21.1 did not start.' }) };
    const alert = await within(dialog).findByRole('alert', {}, { timeout: 4_000 });
    expect(alert).toHaveTextContent('Survival World is back on Vanilla.');
    expect(alert).toHaveTextContent('Paper 1.21.1 did not start. The backup taken first was restored, so nothing was lost.');
    expect(within(dialog).getByRole('button', { name: 'Choose again' })).toBeInTheDocument();
  });

  it('warns about memory in the page’s language: German, with the amounts formatted for it', async () => {
    startTestI18n('de');
    options = { ...options, options: options.options.map((o) => (o.id === 'forge' ? { ...o, recommendedRamGb: 4.5 } : o)) };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ChangeSoftwareDialog server={server} open onOpenChange={vi.fn()} />
      </QueryClientProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Software wechseln: Survival World' });
    await userEvent.setup().selectOptions(await within(dialog).findByRole('combobox', { name: 'Software' }), 'forge');
    expect(within(dialog).getByText('Forge läuft am besten mit mindestens 4,5 GB Arbeitsspeicher; Ihr Tarif Minecraft 4GB hat 4 GB.')).toBeInTheDocument();
  });
  it('German: the server refusing for memory the options did not foresee is worded in German and offers to switch anyway', async () => {
    startTestI18n('de');
    let posts = 0;
    answers['POST /api/servers/srv-1/software-switch'] = (body) => {
      posts++;
      if (!(body as { acceptLowMemory: boolean }).acceptLowMemory) {
        return json(409, { error: { code: 'low_memory', message: 'Paper runs best with at least 6 GB of memory; the Minecraft 4GB plan has 4 GB. Upgrade the plan, or confirm to switch anyway.' } });
      }
      return json(202, { switch: change('running', 'backup') });
    };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ChangeSoftwareDialog server={server} open onOpenChange={vi.fn()} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Software wechseln: Survival World' });
    expect(await within(dialog).findByRole('combobox', { name: 'Software' })).toHaveValue('paper');
    await user.click(within(dialog).getByRole('button', { name: 'Weiter' }));
    await user.click(within(dialog).getByRole('button', { name: /^Zu Paper .* wechseln$/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Diese Software braucht mehr Arbeitsspeicher, als der Tarif bietet. Gehen Sie zurück, um den Tarif zu erweitern, oder setzen Sie das Häkchen, um trotzdem zu wechseln.',
    );
    expect(dialog).not.toHaveTextContent(/runs best/);

    await user.click(within(dialog).getByRole('button', { name: 'Zurück' }));
    expect(within(dialog).getByText('Diese Software braucht mehr Arbeitsspeicher, als der Tarif bietet.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Weiter' })).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: /^Trotzdem mit 4 GB wechseln/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Weiter' }));
    await user.click(within(dialog).getByRole('button', { name: /^Zu Paper .* wechseln$/ }));
    await waitFor(() => expect(posts).toBe(2));
    expect(calls.filter((c) => c.method === 'POST').map((c) => (c.body as { acceptLowMemory: boolean }).acceptLowMemory)).toEqual([false, true]);
  });
});
