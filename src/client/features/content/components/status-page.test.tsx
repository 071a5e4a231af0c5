import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { PublicStatus, StatusComponent } from '../../../../shared/schemas/status';
import { startTestI18n } from '../../../../../tests/setup/i18n';
import { primeCatalog } from '../../../lib/catalog';
import StatusPage from './status-page';

let fetchMock: MockInstance<typeof fetch> | undefined;
afterEach(() => {
  fetchMock?.mockRestore();
  fetchMock = undefined;
});

function days(states: StatusComponent['days'][number]['state'][]): StatusComponent['days'] {
  const filler = Array.from({ length: 90 - states.length }, () => 'none' as const);
  return [...filler, ...states].map((state, i) => ({ day: `2030-01-${String((i % 28) + 1).padStart(2, '0')}-${i}`, state }));
}

function component(id: string, label: string, over: Partial<StatusComponent> = {}): StatusComponent {
  return { id, label, location: null, state: null, checkedAt: null, uptime: null, days: days([]), ...over };
}

/** The storefront catalog the page holds: its locations, in the page's language where staff wrote it. */
let catalogLocations: { value: string; label: string; sort: number }[] = [];

function renderWith(body: PublicStatus) {
  const answer = (value: unknown) => new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });
  fetchMock = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async (input) =>
      String(input).includes('/catalog')
        ? answer({ currency: 'usd', games: [], plans: [], addons: [], periods: [], locations: catalogLocations, packs: [] })
        : answer(body),
    );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <StatusPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const base = { generatedAt: '2030-01-15T12:00:00.000Z', incidents: [], locationNames: { 'us-east': 'US East (Virginia)' } };

describe('StatusPage', () => {
  it('says no data yet, never 100%, before any check', async () => {
    renderWith({ ...base, overall: null, components: [component('site', 'Website and dashboard'), component('panel', 'Game panel')] });
    expect(await screen.findByText('No data yet', { selector: 'p' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: '' });
    expect(within(list).getAllByText('No data yet').length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByText(/100%/)).not.toBeInTheDocument();
    expect(screen.queryByText(/All Systems Operational/i)).not.toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'Last 90 days: 0 up, 0 degraded, 0 down, 90 without data' })).toHaveLength(2);
    expect(screen.getByText('No incidents were posted in the last 14 days.')).toBeInTheDocument();
  });

  it('shows measured uptime and each day', async () => {
    renderWith({
      ...base,
      overall: 'up',
      components: [component('site', 'Website and dashboard', { state: 'up', uptime: 99.93, checkedAt: base.generatedAt, days: days(['up', 'down', 'up']) })],
    });
    expect(await screen.findByText('Every checked service is answering')).toBeInTheDocument();
    // Three days measured of the 90 bars: the figure says so rather than read as 90 days' uptime.
    expect(screen.getByText('99.93% uptime over 3 days measured')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Last 90 days: 2 up, 0 degraded, 1 down, 87 without data' })).toBeInTheDocument();
  });

  it('gives the plain uptime once all 90 days were measured', async () => {
    renderWith({
      ...base,
      overall: 'up',
      components: [component('site', 'Website and dashboard', { state: 'up', uptime: 100, checkedAt: base.generatedAt, days: days(Array.from({ length: 90 }, () => 'up' as const)) })],
    });
    expect(await screen.findByText('100% uptime')).toBeInTheDocument();
  });

  it('shows an open incident with its updates, and the affected components by name', async () => {
    renderWith({
      ...base,
      overall: 'down',
      components: [component('node:a', 'Node Alpha', { state: 'down', uptime: 50, location: 'us-east', checkedAt: base.generatedAt, days: days(['down']) })],
      incidents: [
        {
          id: '1',
          kind: 'incident',
          title: 'Node Alpha unreachable',
          state: 'identified',
          components: ['node:a'],
          locations: [],
          startsAt: null,
          endsAt: null,
          createdAt: '2030-01-15T11:00:00.000Z',
          resolvedAt: null,
          notified: 3,
          updates: [
            { id: 'u2', state: 'identified', message: 'A power feed failed.', createdAt: '2030-01-15T11:30:00.000Z' },
            { id: 'u1', state: 'investigating', message: 'We are looking into it.', createdAt: '2030-01-15T11:00:00.000Z' },
          ],
        },
      ],
    });
    expect(await screen.findByText('Some services are down')).toBeInTheDocument();
    const current = screen.getByRole('region', { name: 'Current incidents and maintenance' });
    expect(within(current).getByRole('heading', { name: 'Node Alpha unreachable' })).toBeInTheDocument();
    expect(within(current).getByText(/Affects Node Alpha/)).toBeInTheDocument();
    expect(within(current).getByText('A power feed failed.')).toBeInTheDocument();
    expect(within(current).getByText('We are looking into it.')).toBeInTheDocument();
  });

  it('writes each day of the history as the page’s language writes dates (French)', async () => {
    startTestI18n('fr');
    const history = days(['up', 'down']).map((d, i, all) => (i >= all.length - 2 ? { ...d, day: i === all.length - 1 ? '2030-01-16' : '2030-01-15' } : d));
    const { container } = renderWith({ ...base, overall: 'up', components: [component('site', 'Website and dashboard', { state: 'up', uptime: 99, checkedAt: base.generatedAt, days: history })] });
    expect(await screen.findByText('Site web et tableau de bord')).toBeInTheDocument();
    const titles = [...container.querySelectorAll('[title]')].map((el) => el.getAttribute('title'));
    expect(titles.slice(-2)).toEqual(['15 janv. 2030 : Opérationnel', '16 janv. 2030 : En panne']);
  });

  it('names the product’s own services in the page’s language (German); a node keeps its name', async () => {
    startTestI18n('de');
    renderWith({
      ...base,
      overall: 'up',
      components: [
        component('site', 'Website and dashboard', { state: 'up', uptime: 100, checkedAt: base.generatedAt }),
        component('jobs', 'Server set-up and background jobs', { state: 'up', uptime: 100, checkedAt: base.generatedAt }),
        component('node:a', 'Node Alpha', { state: 'up', uptime: 100, checkedAt: base.generatedAt }),
      ],
    });
    expect(await screen.findByText('Website und Kundenbereich')).toBeInTheDocument();
    expect(screen.getByText('Server-Einrichtung und Hintergrundaufgaben')).toBeInTheDocument();
    expect(screen.getByText('Node Alpha')).toBeInTheDocument();
    expect(screen.queryByText('Website and dashboard')).toBeNull();
  });

  it('shows a node’s and a notice’s location by the catalog’s name, never its id (German)', async () => {
    startTestI18n('de');
    const notice = {
      id: '2',
      kind: 'maintenance' as const,
      title: 'Wartung in Virginia',
      state: 'scheduled' as const,
      components: [],
      locations: ['us-east', 'gone-away'],
      startsAt: '2030-01-16T02:00:00.000Z',
      endsAt: '2030-01-16T03:00:00.000Z',
      createdAt: '2030-01-15T11:00:00.000Z',
      resolvedAt: null,
      notified: 0,
      updates: [],
    };
    renderWith({
      ...base,
      overall: 'up',
      components: [
        component('node:a', 'fra-node-01', { state: 'up', uptime: 100, location: 'us-east', checkedAt: base.generatedAt }),
        // The simulated panel names its node after the location: the location is not said twice.
        component('node:b', 'US East (Virginia)', { state: 'up', uptime: 100, location: 'us-east', checkedAt: base.generatedAt }),
      ],
      incidents: [notice],
    });
    expect(await screen.findByText('fra-node-01')).toBeInTheDocument();
    expect(screen.getAllByText('Standort: US East (Virginia)')).toHaveLength(1);
    expect(screen.queryByText(/us-east/)).toBeNull();
    // A location the catalog no longer has keeps its id: there is no other name for it.
    expect(screen.getByText(/Betrifft US East \(Virginia\) und gone-away/)).toBeInTheDocument();
  });

  it('names a location in the page’s language where the catalog has it (decision 077)', async () => {
    startTestI18n('de');
    catalogLocations = [{ value: 'us-east', label: 'USA Ost (Virginia)', sort: 1 }];
    // The page's catalog, as a German page is rendered with it and the client asks for it again (?lang=de).
    primeCatalog({ currency: 'usd', games: [], plans: [], addons: [], periods: [], locations: catalogLocations, packs: [] });
    try {
      renderWith({
        ...base,
        overall: 'up',
        components: [
          component('node:a', 'fra-node-01', { state: 'up', uptime: 100, location: 'us-east', checkedAt: base.generatedAt }),
          // Named after its location in the shop's own words: it takes the German name, said once.
          component('node:b', 'US East (Virginia)', { state: 'up', uptime: 100, location: 'us-east', checkedAt: base.generatedAt }),
        ],
      });
      expect(await screen.findByText('Standort: USA Ost (Virginia)')).toBeInTheDocument();
      expect(screen.getAllByText('Standort: USA Ost (Virginia)')).toHaveLength(1);
      expect(screen.getByText('USA Ost (Virginia)')).toBeInTheDocument();
      expect(screen.queryByText('US East (Virginia)')).toBeNull();
    } finally {
      catalogLocations = [];
    }
  });
});
