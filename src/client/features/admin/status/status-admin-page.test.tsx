import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Catalog } from '../../../../shared/catalog';
import type { AdminIncident, PublicStatus } from '../../../../shared/schemas/status';
import StatusAdminPage from './components/status-admin-page';
import { answerFetch, json, type Answers } from '../../../test/fetch-answers';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

const catalog: Catalog = {
  currency: 'usd',
  games: [],
  plans: [],
  addons: [],
  periods: [],
  locations: [{ value: 'us-west', label: 'US West', sort: 1 }, { value: 'eu-west', label: 'EU West', sort: 2 }],
  packs: [],
};
const status: PublicStatus = {
  overall: 'up',
  generatedAt: '2030-01-15T12:00:00.000Z',
  incidents: [],
  components: [{ id: 'panel', label: 'Game panel', location: null, state: 'up', checkedAt: null, uptime: 100, days: [] }],
  locationNames: { 'us-west': 'US West', 'eu-west': 'EU West' },
};
const posted: AdminIncident = {
  id: '00000000-0000-4000-8000-0000000000a1',
  kind: 'maintenance',
  title: 'Switch swap',
  state: 'scheduled',
  components: [],
  locations: ['eu-west'],
  startsAt: '2031-02-03T02:00:00.000Z',
  endsAt: '2031-02-03T03:00:00.000Z',
  createdAt: '2030-01-15T12:00:00.000Z',
  resolvedAt: null,
  notified: 0,
  emailing: true,
  updates: [{ id: 'u1', state: 'scheduled', message: 'One restart each.', createdAt: '2030-01-15T12:00:00.000Z' }],
};

let fetchMock: MockInstance<typeof fetch>;
let answers: Answers;

beforeEach(() => {
  toastMock.success.mockReset();
  toastMock.error.mockReset();
  answers = {
    'GET /api/admin/incidents': () => json(200, { incidents: [] }),
    'GET /api/status': () => json(200, status),
    'GET /api/catalog?lang=en': () => json(200, catalog),
  };
  fetchMock = answerFetch(() => answers);
});
afterEach(() => fetchMock.mockRestore());

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/admin/status']}>
        <StatusAdminPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the staff status page', () => {
  it('refuses a notice without an affected service or location, or a reason, before sending', async () => {
    const user = renderPage();
    await screen.findByText('Nothing posted yet.');
    await user.type(screen.getByLabelText('Title'), 'Panel slow');
    await user.type(screen.getByLabelText('Message to customers'), 'We are looking into it.');
    await user.click(screen.getByRole('button', { name: 'Post it' }));
    expect(await screen.findByText('Choose at least one affected component or location.')).toBeInTheDocument();
    expect(screen.getByText('Say why this is posted (for the audit log).')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('posts a maintenance notice with its window, locations and reason', async () => {
    let sent: Record<string, unknown> | undefined;
    answers['POST /api/admin/incidents'] = (init) => {
      sent = JSON.parse(String(init?.body)) as Record<string, unknown>;
      return json(201, posted);
    };
    const user = renderPage();
    await screen.findByText('Nothing posted yet.');
    await user.selectOptions(screen.getByLabelText('Kind'), 'maintenance');
    await user.type(screen.getByLabelText('Title'), 'Switch swap');
    await user.type(screen.getByLabelText('Message to customers'), 'One restart each.');
    await user.type(screen.getByLabelText('Starts (your local time)'), '2031-02-03T02:00');
    await user.type(screen.getByLabelText('Ends (your local time)'), '2031-02-03T03:00');
    await user.click(await screen.findByRole('checkbox', { name: 'EU West' }));
    await user.type(screen.getByLabelText('Reason'), 'Planned by the data centre');
    await user.click(screen.getByRole('button', { name: 'Post it' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toMatchObject({ kind: 'maintenance', state: 'scheduled', title: 'Switch swap', locations: ['eu-west'], components: [], reason: 'Planned by the data centre' });
    expect(sent!.startsAt).toBe(new Date('2031-02-03T02:00').toISOString());
    await waitFor(() =>
      expect(toastMock.success).toHaveBeenCalledWith('Maintenance notice posted', {
        description: 'It shows on the status page. Its customers are being emailed; the count shows in the list.',
      }),
    );
  });

  it('asks again while a notice’s emails go out, until the count is final', async () => {
    let asked = 0;
    answers['GET /api/admin/incidents'] = () => {
      asked += 1;
      return json(200, { incidents: [asked < 2 ? { ...posted, notified: 1 } : { ...posted, notified: 4, emailing: false }] });
    };
    renderPage();
    expect(await screen.findByText(/emailing customers… 1 so far/)).toBeInTheDocument();
    expect(await screen.findByText(/4 customer\(s\) emailed/, undefined, { timeout: 6_000 })).toBeInTheDocument();
    const settled = asked;
    await new Promise((r) => setTimeout(r, 3_500));
    // Nothing left going out: no more asking.
    expect(asked).toBe(settled);
  }, 15_000);
});
