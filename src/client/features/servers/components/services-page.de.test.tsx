import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { startTestI18n } from '../../../../../tests/setup/i18n';
import ServicesPage from './services-page';

const GB = 1024 ** 3;
const server = {
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
  location: 'eu-central',
  locationLabel: 'EU Central (Frankfurt)',
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
const resources = {
  state: 'online',
  cpuPercent: 50,
  cpuLimitPercent: 200,
  memoryBytes: 1.5 * GB,
  memoryLimitBytes: 4 * GB,
  diskBytes: 2 * GB,
  diskLimitBytes: 40 * GB,
  uptimeSeconds: 90_000,
  players: { online: 3, max: 10 },
  lastBackupAt: null,
};
const answers: Record<string, unknown> = {
  '/api/servers': { servers: [server] },
  // The catalog in the page's language (decision 077): the card names the location by it.
  '/api/catalog?lang=de': { currency: 'eur', currencies: ['eur'], games: [], plans: [], addons: [], periods: [], packs: [], locations: [{ value: 'eu-central', label: 'EU Mitte (Frankfurt)' }] },
  '/api/servers/srv-1/resources': resources,
  '/api/servers/srv-1/resources/history': { points: [] },
  '/api/upgrades': {
    prioritySupport: false,
    packs: [],
    tasks: [],
    servers: [
      {
        serverId: 'srv-1',
        serverName: 'Survival World',
        addons: [
          { key: 'additional-ssd', name: 'Additional SSD', quantity: 2, delivery: { type: 'panel', resource: 'disk', amount: 50 }, state: 'applied', note: null },
          { key: 'setup-help', name: 'Plugin set-up', quantity: 1, delivery: { type: 'manual' }, state: 'refused', note: 'Dieses Plugin ist nicht kompatibel.' },
        ],
      },
    ],
  },
};

let fetchMock: MockInstance<typeof fetch>;

beforeEach(() => {
  startTestI18n('de');
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const body = answers[String(input)];
    return new Response(JSON.stringify(body ?? { error: { code: 'not_found', message: 'Not found' } }), {
      status: body ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => fetchMock.mockRestore());

/** The dashboard in German: words from the `dashboard` messages, numbers and durations in German form. */
describe('My Services in German', () => {
  it('shows the page, the card, its figures and its controls in German', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/dashboard/services']}>
          <ServicesPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Meine Dienste' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Schnellaktionen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Neuen Server bereitstellen' })).toHaveAttribute('href', '/deploy');
    const card = await screen.findByRole('article', { name: 'Survival World' });
    expect(await within(card).findByText('50 % von 200 %')).toBeInTheDocument();
    expect(within(card).getByText('1,5 GB von 4 GB')).toBeInTheDocument();
    expect(within(card).getByText('1 T. 1 Std. 0 Min.')).toBeInTheDocument();
    expect(within(card).getByText('Nie')).toBeInTheDocument();
    expect(await within(card).findByText('EU Mitte (Frankfurt)')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Server stoppen Survival World' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Neustart Survival World' })).toBeEnabled();
    expect(within(card).getByRole('link', { name: 'Dateien Survival World' })).toHaveAttribute('href', '/dashboard/servers/srv-1/files');
    const addons = await within(card).findByRole('region', { name: 'Add-ons' });
    expect(within(addons).getByTestId('addon-additional-ssd')).toHaveTextContent('Additional SSD × 2 · +100 GB SpeicherplatzAktiv');
    expect(within(addons).getByTestId('addon-setup-help')).toHaveTextContent('AbgelehntGrund: Dieses Plugin ist nicht kompatibel.');
  });
});
