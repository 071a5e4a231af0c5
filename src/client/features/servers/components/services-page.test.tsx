import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Server } from '../api/get-servers';
import ServicesPage from './services-page';

// The page and its dialogs load lazily on the first render of a run.
configure({ asyncUtilTimeout: 4_000 });

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function server(overrides: Partial<Server>): Server {
  const base = {
    id: 'srv-1',
    userId: 'u1',
    orderId: 'o1',
    name: 'Survival World',
    game: 'minecraft',
    gameName: 'Minecraft',
    status: 'online',
    ram: 4,
    cpu: 2,
    disk: 40,
    location: 'us-west',
    locationLabel: 'US West (California)',
    ip: '10.0.0.5',
    port: 25565,
    address: '10.0.0.5:25565',
    panelUrl: null,
    planName: 'Minecraft 4GB',
    playerCap: 10,
    failureReason: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    renewsAt: '2025-02-01T00:00:00.000Z',
    cancelAt: null,
    planChange: null,
    moving: null,
  };
  return { ...base, ...overrides };
}

const GB = 1024 ** 3;
const resources = {
  state: 'online',
  cpuPercent: 50,
  cpuLimitPercent: 200,
  memoryBytes: 1 * GB,
  memoryLimitBytes: 4 * GB,
  diskBytes: 2 * GB,
  diskLimitBytes: 40 * GB,
  uptimeSeconds: 3_720,
  players: { online: 3, max: 10 },
  lastBackupAt: null,
};

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;
let routes: Record<string, Handler>;
let fetchMock: MockInstance<typeof fetch>;

beforeEach(() => {
  toastMock.success.mockReset();
  toastMock.error.mockReset();
  routes = {};
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const key = `${init?.method ?? 'GET'} ${url}`;
    const handler = routes[key];
    // Endpoints not built yet answer 404, as the API does for an unknown route.
    return handler ? handler(url, init) : json(404, { error: { code: 'not_found', message: `No route for ${key}` } });
  });
});
afterEach(() => {
  fetchMock.mockRestore();
  vi.unstubAllGlobals();
});

function renderPage(path = '/dashboard/services') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <ServicesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const card = (name: string) => screen.getByRole('article', { name });

describe('My Services', () => {
  it('shows the empty state with Deploy New Server', async () => {
    routes['GET /api/servers'] = () => json(200, { servers: [] });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No Servers Yet' })).toBeInTheDocument();
    const deploys = screen.getAllByRole('link', { name: 'Deploy New Server' });
    expect(deploys.every((l) => l.getAttribute('href') === '/deploy')).toBe(true);
    expect(screen.getByRole('link', { name: 'Get Support' })).toHaveAttribute('href', '/dashboard/support');
    expect(screen.getByRole('button', { name: 'Download Backups' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Schedule Restart' })).toBeDisabled();
  });

  it('lists each add-on on its server with where its delivery stands, and the staff reason of a refusal', async () => {
    routes['GET /api/servers'] = () => json(200, { servers: [server({})] });
    routes['GET /api/servers/srv-1/resources'] = () => json(200, resources);
    routes['GET /api/servers/srv-1/resources/history'] = () => json(200, { points: [] });
    const addon = (key: string, name: string, delivery: object, state: string, note: string | null = null) => ({ key, name, quantity: 1, delivery, state, note });
    routes['GET /api/upgrades'] = () =>
      json(200, {
        prioritySupport: false,
        packs: [],
        tasks: [],
        servers: [
          {
            serverId: 'srv-1',
            serverName: 'Survival World',
            addons: [
              addon('automatic-backups', 'Automatic Backups', { type: 'panel', resource: 'backups', amount: 7 }, 'applied'),
              addon('setup-help', 'Plugin set-up', { type: 'manual' }, 'waiting'),
              addon('map-import', 'Map import', { type: 'manual' }, 'refused', 'The map file was corrupt; we refunded you.'),
              addon('discord-integration', 'Discord Integration', { type: 'manual' }, 'retired'),
            ],
          },
        ],
      });
    renderPage();
    const addons = await within(await screen.findByRole('article', { name: 'Survival World' })).findByRole('region', { name: 'Add-ons' });
    const item = (key: string) => within(addons).getByTestId(`addon-${key}`);
    expect(within(item('automatic-backups')).getByText('Active')).toBeInTheDocument();
    expect(item('automatic-backups')).toHaveTextContent('+7 backup slots');
    expect(within(item('setup-help')).getByText('Waiting for our team')).toBeInTheDocument();
    expect(within(item('map-import')).getByText('Refused')).toBeInTheDocument();
    expect(item('map-import')).toHaveTextContent('Reason: The map file was corrupt; we refunded you.');
    expect(within(item('discord-integration')).getByText('No longer offered')).toBeInTheDocument();
    expect(item('discord-integration')).toHaveTextContent('It comes off your price at your next renewal.');
  });

  it('shows the cards without add-ons when their delivery states cannot be loaded', async () => {
    routes['GET /api/servers'] = () => json(200, { servers: [server({})] });
    routes['GET /api/servers/srv-1/resources'] = () => json(200, resources);
    routes['GET /api/servers/srv-1/resources/history'] = () => json(200, { points: [] });
    routes['GET /api/upgrades'] = () => json(500, { error: { code: 'internal', message: 'Something went wrong' } });
    renderPage();
    const c = await screen.findByRole('article', { name: 'Survival World' });
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/upgrades')).toBe(true));
    expect(within(c).queryByRole('region', { name: 'Add-ons' })).toBeNull();
    expect(within(c).getByRole('button', { name: 'Stop Server Survival World' })).toBeEnabled();
  });

  it('says so when the list cannot be loaded, without logging an error', async () => {
    routes['GET /api/servers'] = () => json(500, { error: { code: 'internal', message: 'Something went wrong' } });
    renderPage();
    expect(await screen.findByText('We could not load your servers right now.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it('says on the card where a moving server is going, holds its controls and opens the move from the note', async () => {
    routes['GET /api/servers'] = () => json(200, { servers: [server({ status: 'offline', moving: { toLabel: 'EU West (Amsterdam)' } })] });
    routes['GET /api/servers/srv-1/resources'] = () => json(200, { ...resources, state: 'offline' });
    routes['GET /api/servers/srv-1/resources/history'] = () => json(200, { points: [] });
    routes['GET /api/servers/srv-1/move'] = () => json(409, { error: { code: 'server_not_ready', message: 'Moving.' } });
    const user = renderPage();
    const c = await screen.findByRole('article', { name: 'Survival World' });
    expect(within(c).getByRole('status')).toHaveTextContent('Moving to EU West (Amsterdam): the server is offline until it starts there.');
    const start = within(c).getByRole('button', { name: 'Start Server Survival World' });
    expect(start).toBeDisabled();
    expect(start).toHaveAccessibleDescription('Waiting for the move to EU West (Amsterdam) to finish.');
    expect(within(c).getByRole('button', { name: 'Backup Survival World' })).toBeDisabled();
    await user.click(within(c).getByRole('button', { name: 'See the steps' }));
    expect(await screen.findByRole('dialog', { name: 'Move region: Survival World' })).toBeInTheDocument();
  });

  it('shows an online server with its figures and enabled controls', async () => {
    routes['GET /api/servers'] = () => json(200, { servers: [server({ panelUrl: 'https://panel.test/server/abc' })] });
    routes['GET /api/servers/srv-1/resources'] = () => json(200, resources);
    routes['GET /api/servers/srv-1/resources/history'] = () =>
      json(200, { points: [{ at: '2025-01-01T00:00:00Z', cpuPercent: 20, memoryBytes: GB }, { at: '2025-01-01T00:01:00Z', cpuPercent: 50, memoryBytes: GB }] });
    renderPage();
    const c = await screen.findByRole('article', { name: 'Survival World' });
    expect(c).toHaveAttribute('id', 'server-srv-1');
    expect(within(c).getByText('Online')).toBeInTheDocument();
    expect(await within(c).findByText('3 / 10')).toBeInTheDocument();
    expect(within(c).getByText('50% of 200%')).toBeInTheDocument();
    expect(within(c).getByText('1 GB of 4 GB')).toBeInTheDocument();
    expect(within(c).getByText('2 GB of 40 GB')).toBeInTheDocument();
    expect(within(c).getByText('1h 2m')).toBeInTheDocument();
    // host and port in one monospace run, which wraps before the port on a narrow card, never inside it
    const address = within(c).getByText((_, el) => el?.classList.contains('font-mono') === true && el.textContent === '10.0.0.5:25565');
    expect(address.querySelector('.whitespace-nowrap')?.textContent).toBe(':25565');
    expect(within(c).getByText('Never')).toBeInTheDocument();
    expect(within(c).getByText('US West (California)')).toBeInTheDocument();
    expect(within(c).getByRole('img', { name: 'CPU over the last hour: min 20%, max 50%, now 50%' })).toBeInTheDocument();

    expect(within(c).getByRole('button', { name: 'Stop Server Survival World' })).toBeEnabled();
    expect(within(c).getByRole('button', { name: 'Restart Survival World' })).toBeEnabled();
    const panel = within(c).getByRole('link', { name: /^Game Panel/ });
    expect(panel).toHaveAttribute('href', 'https://panel.test/server/abc');
    expect(panel).toHaveAttribute('target', '_blank');
    for (const name of ['Backup', 'Players', 'Console']) {
      expect(within(c).getByRole('button', { name: `${name} Survival World` })).toBeEnabled();
    }
    expect(within(c).getByRole('link', { name: 'Files Survival World' })).toHaveAttribute('href', '/dashboard/servers/srv-1/files');
  });

  it("lists a server's extra ports under its address, and nothing when it has none", async () => {
    routes['GET /api/servers'] = () =>
      json(200, { servers: [server({ extraPorts: [25566, 25567] }), server({ id: 'srv-2', name: 'Creative', extraPorts: [] })] });
    routes['GET /api/servers/srv-1/resources'] = () => json(200, resources);
    routes['GET /api/servers/srv-2/resources'] = () => json(200, resources);
    routes['GET /api/servers/srv-1/resources/history'] = () => json(200, { points: [] });
    routes['GET /api/servers/srv-2/resources/history'] = () => json(200, { points: [] });
    renderPage();
    const c = await screen.findByRole('article', { name: 'Survival World' });
    expect(within(c).getByText('25566, 25567')).toBeInTheDocument();
    expect(within(c).getByText(/Extra ports:/)).toBeInTheDocument();
    const other = await screen.findByRole('article', { name: 'Creative' });
    expect(within(other).queryByText(/Extra ports/)).toBeNull();
  });

  it('stops a server and toasts; a refusal toasts the server’s message', async () => {
    routes['GET /api/servers'] = () => json(200, { servers: [server({})] });
    routes['POST /api/servers/srv-1/power'] = (_url, init) => {
      expect(JSON.parse(String(init?.body))).toEqual({ action: 'stop' });
      return json(202, { server: server({ status: 'stopping' }) });
    };
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Stop Server Survival World' }));
    await waitFor(() =>
      expect(toastMock.success).toHaveBeenCalledWith('Server Stopping', { description: 'Survival World is shutting down.' }),
    );
    const start = await within(card('Survival World')).findByRole('button', { name: 'Start Server Survival World' });
    expect(start).toBeDisabled();
    expect(start).toHaveAccessibleDescription('The server is stopping. Wait a moment.');

    routes['GET /api/servers'] = () => json(200, { servers: [server({ status: 'offline' })] });
    routes['POST /api/servers/srv-1/power'] = () =>
      json(409, { error: { code: 'already_running', message: 'This server is already running.' } });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 3_200));
    });
    const enabled = await within(card('Survival World')).findByRole('button', { name: 'Start Server Survival World' });
    await waitFor(() => expect(enabled).toBeEnabled());
    await user.click(enabled);
    await waitFor(() =>
      expect(toastMock.error).toHaveBeenCalledWith('Power Action Failed', { description: 'This server is already running.' }),
    );
  });

  it('disables every control with a visible reason while suspended or being set up, and Configure without a panel', async () => {
    routes['GET /api/servers'] = () =>
      json(200, {
        servers: [
          server({ id: 's-susp', name: 'Frozen', status: 'SUSPENDED' }),
          server({ id: 's-inst', name: 'Fresh', status: 'installing', address: null, ip: null, port: null }),
          server({ id: 's-off', name: 'Quiet', status: 'offline', game: 'palworld' }),
        ],
      });
    renderPage();
    const frozen = await screen.findByRole('article', { name: 'Frozen' });
    for (const name of ['Start Server', 'Restart', 'Configure', 'Backup', 'Players', 'Console', 'Files']) {
      const button = within(frozen).getByRole('button', { name: `${name} Frozen` });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(/suspended/);
    }
    expect(within(frozen).getByText(/This server is suspended/)).toBeVisible();

    const fresh = card('Fresh');
    expect(within(fresh).getByText('Setting up...')).toBeInTheDocument();
    expect(within(fresh).getByRole('button', { name: 'Console Fresh' })).toHaveAccessibleDescription(/being set up/);

    const quiet = card('Quiet');
    expect(within(quiet).getByRole('button', { name: 'Start Server Quiet' })).toBeEnabled();
    expect(within(quiet).getByRole('button', { name: 'Restart Quiet' })).toHaveAccessibleDescription(
      'The server is offline. Start it instead.',
    );
    expect(within(quiet).getByRole('link', { name: 'Configure Quiet' })).toHaveAttribute('href', '/configure/palworld');
    // No resources endpoint yet: the figures show a dash and nothing is logged as an error.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/servers/s-off/resources', expect.anything()));
    expect(within(quiet).getByText('— / 10')).toBeInTheDocument();
  });

  it('shows a failed server’s reason and that a refund is on its way', async () => {
    routes['GET /api/servers'] = () =>
      json(200, { servers: [server({ status: 'failed', failureReason: 'No capacity left in US West.', address: null })] });
    renderPage();
    const c = await screen.findByRole('article', { name: 'Survival World' });
    expect(within(c).getByText('No capacity left in US West.')).toBeInTheDocument();
    expect(within(c).getByText(/refund is on its way/)).toBeInTheDocument();
    expect(within(c).getByRole('button', { name: 'Start Server Survival World' })).toBeDisabled();
  });
});

class FakeEventSource {
  static CLOSED = 2;
  static last: FakeEventSource | undefined;
  readyState = 1;
  listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, fn: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  removeEventListener() {}
  close() {
    this.readyState = 2;
  }
  emit(type: string, data?: unknown) {
    for (const fn of this.listeners.get(type) ?? []) fn(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

describe('the dialogs', () => {
  it('streams the console and sends a command', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    routes['GET /api/servers'] = () => json(200, { servers: [server({})] });
    routes['POST /api/servers/srv-1/command'] = () => new Response(null, { status: 204 });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Console Survival World' }));
    const dialog = await screen.findByRole('dialog', { name: 'Console: Survival World' });
    expect(FakeEventSource.last?.url).toBe('/api/servers/srv-1/console');
    act(() => {
      FakeEventSource.last?.emit('open');
      FakeEventSource.last?.emit('line', { line: '[Server thread/INFO]: Done (3.1s)!', at: '2025-01-01T00:00:00Z' });
    });
    const log = within(dialog).getByRole('log', { name: 'Console output' });
    expect(log).toHaveAttribute('aria-live', 'polite');
    expect(within(log).getByText('[Server thread/INFO]: Done (3.1s)!')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Command'), 'say hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Command')).toHaveValue(''));
    const post = fetchMock.mock.calls.find(([url]) => String(url) === '/api/servers/srv-1/command');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ command: 'say hello' });
    act(() => FakeEventSource.last?.emit('line', { line: '> say hello', at: '2025-01-01T00:00:01Z' }));
    expect(within(log).getByText('> say hello')).toBeInTheDocument();
  });

  it('lists backups with download links and blocks creating one at the limit', async () => {
    routes['GET /api/servers'] = () => json(200, { servers: [server({})] });
    routes['GET /api/servers/srv-1/backups'] = () =>
      json(200, {
        limit: 1,
        automaticSlots: 7,
        backups: [
          { id: 'b1', name: 'Before update', sizeBytes: 5 * 1024 ** 2, createdAt: '2025-01-01T00:00:00Z', completedAt: '2025-01-01T00:01:00Z', automatic: false },
          { id: 'b2', name: 'Daily', sizeBytes: 1024, createdAt: '2025-01-02T00:00:00Z', completedAt: '2025-01-02T00:00:30Z', automatic: true },
        ],
      });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Download Backups' }));
    const dialog = await screen.findByRole('dialog', { name: 'Backups: Survival World' });
    expect(await within(dialog).findByText('1 of 1 backups used')).toBeInTheDocument();
    // The add-on's slots, as its line on the card says them (+7 backup slots), hold the daily ones.
    expect(within(dialog).getByText('Automatic backups: 1 of 7 slots used (one a day, the oldest replaced)')).toBeInTheDocument();
    expect(within(dialog).getByText(/5 MB/)).toBeInTheDocument();
    const link = within(dialog).getByRole('link', { name: 'Download Before update' });
    expect(link).toHaveAttribute('href', '/api/servers/srv-1/backups/b1/download');
    expect(link).toHaveAttribute('download');
    const create = within(dialog).getByRole('button', { name: 'Create backup' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription("You have reached your plan's limit of 1 backup.");
  });

  it('deletes a backup after a confirmation', async () => {
    let backups = [
      { id: 'b1', name: 'Old', sizeBytes: 1024, createdAt: '2025-01-01T00:00:00Z', completedAt: '2025-01-01T00:01:00Z', automatic: false },
    ];
    routes['GET /api/servers'] = () => json(200, { servers: [server({})] });
    routes['GET /api/servers/srv-1/backups'] = () => json(200, { limit: 1, automaticSlots: 0, backups });
    routes['DELETE /api/servers/srv-1/backups/b1'] = () => {
      backups = [];
      return new Response(null, { status: 204 });
    };
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Backup Survival World' }));
    const dialog = await screen.findByRole('dialog', { name: 'Backups: Survival World' });
    await user.click(await within(dialog).findByRole('button', { name: 'Delete Old' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm delete Old' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Backup Deleted', { description: 'Old was deleted.' }));
    expect(await within(dialog).findByText('No backups yet.')).toBeInTheDocument();
    expect(within(dialog).queryByText(/Automatic backups/)).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Create backup' })).toBeEnabled();
  });

  it('shows No players online', async () => {
    routes['GET /api/servers'] = () => json(200, { servers: [server({})] });
    routes['GET /api/servers/srv-1/players'] = () => json(200, { players: [], max: 10 });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Players Survival World' }));
    const dialog = await screen.findByRole('dialog', { name: 'Players: Survival World' });
    expect(await within(dialog).findByText('No players online')).toBeInTheDocument();
  });

  it('schedules a daily restart and turns it off', async () => {
    routes['GET /api/servers'] = () => json(200, { servers: [server({}), server({ id: 'srv-2', name: 'Creative' })] });
    const bodies: unknown[] = [];
    routes['GET /api/servers/srv-2/restart-schedule'] = () => json(200, { restartAt: '02:15' });
    routes['PUT /api/servers/srv-2/restart-schedule'] = (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { time: string | null };
      bodies.push(body);
      return json(200, { restartAt: body.time });
    };
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Schedule Restart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule Restart' });
    await user.selectOptions(within(dialog).getByLabelText('Server'), 'Creative');
    const time = within(dialog).getByLabelText('Daily restart time (UTC)');
    await waitFor(() => expect(time).toHaveValue('02:15'));
    expect(time).toHaveAccessibleDescription('Currently restarts daily at 02:15 UTC.');
    await user.clear(time);
    await user.type(time, '05:30');
    await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    await waitFor(() =>
      expect(toastMock.success).toHaveBeenCalledWith('Restart Scheduled', { description: 'Creative will restart every day at 05:30 UTC.' }),
    );
    expect(await within(card('Creative')).findByText('05:30 UTC')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Schedule Restart' }));
    const again = await screen.findByRole('dialog', { name: 'Schedule Restart' });
    await user.selectOptions(within(again).getByLabelText('Server'), 'Creative');
    await user.click(within(again).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Scheduled Restart Off', expect.anything()));
    expect(bodies).toEqual([{ time: '05:30' }, { time: null }]);
  });

  it("names a Minecraft server's software, offers 'Change software', and shows a switch under way without asking for figures", async () => {
    routes['GET /api/servers'] = () =>
      json(200, {
        servers: [
          server({ software: { id: 'paper', name: 'Paper', version: '1.21.1' } }),
          server({ id: 'srv-2', name: 'Los Santos', game: 'fivem', gameName: 'FiveM', software: null }),
          server({ id: 'srv-3', name: 'Switching World', software: { id: 'vanilla', name: 'Vanilla', version: null }, softwareSwitch: { status: 'running', step: 'installing', to: 'Fabric 1.21.1' } }),
        ],
      });
    routes['GET /api/servers/srv-1/resources'] = () => json(200, resources);
    routes['GET /api/servers/srv-2/resources'] = () => json(200, resources);
    routes['GET /api/servers/srv-1/software'] = () =>
      json(200, { current: { software: 'paper', name: 'Paper', version: '1.21.1' }, planName: 'Minecraft 4GB', planRamGb: 4, canUpgradePlan: true, options: [], latest: null });
    const user = renderPage();
    const paper = await screen.findByRole('article', { name: 'Survival World' });
    expect(within(paper).getByText('Paper 1.21.1')).toBeInTheDocument();
    expect(within(card('Los Santos')).queryByRole('button', { name: /Change software/ })).toBeNull();
    const switching = card('Switching World');
    expect(within(switching).getByRole('status')).toHaveTextContent('Switching to Fabric 1.21.1: installing the new software...');
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/servers/srv-3/resources'))).toBe(false);

    await user.click(within(paper).getByRole('button', { name: 'Change software Survival World' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change software: Survival World' });
    expect(await within(dialog).findByText("This server's game has no other software to switch to.")).toBeInTheDocument();
  });
});
