import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { answerFetch, json, type Answers } from '../../../test/fetch-answers';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Catalog } from '../../../../shared/catalog';
import type { AdminAnnouncement } from '../../../../shared/schemas/announcements';
import AnnouncementsPage from './components/announcements-page';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

const catalog: Catalog = {
  currency: 'usd',
  games: [{ slug: 'minecraft', name: 'Minecraft', tagline: '', playerCap: 10, sort: 1 }],
  plans: [],
  addons: [],
  periods: [],
  locations: [{ value: 'us-west', label: 'US West', sort: 1 }, { value: 'eu-west', label: 'EU West', sort: 2 }],
  packs: [],
};
const live: AdminAnnouncement = {
  id: '00000000-0000-4000-8000-0000000000a1',
  title: 'EU West move',
  body: 'Tonight.',
  format: 'markdown',
  severity: 'warning',
  startsAt: '2030-01-15T12:00:00.000Z',
  endsAt: null,
  target: 'location',
  targetValues: ['eu-west'],
  translations: {},
  state: 'live',
  dismissals: 3,
  createdAt: '2030-01-15T12:00:00.000Z',
  updatedAt: '2030-01-15T12:00:00.000Z',
  authorEmail: 'grace@example.test',
};

let fetchMock: MockInstance<typeof fetch>;
let answers: Answers;

beforeEach(() => {
  toastMock.success.mockReset();
  toastMock.error.mockReset();
  answers = {
    'GET /api/admin/announcements': () => json(200, { announcements: [live] }),
    'GET /api/catalog?lang=en': () => json(200, catalog),
  };
  fetchMock = answerFetch(() => answers);
});
afterEach(() => fetchMock.mockRestore());

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/admin/announcements']}>
        <AnnouncementsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('Console → Announcements', () => {
  it('lists what is posted, and refuses a targeted one with no location or reason before sending', async () => {
    const user = renderPage();
    expect(await screen.findByText(/Locations: EU West · from/)).toBeInTheDocument();
    expect(screen.getByText(/closed by 3 customers/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Title'), 'Panel update');
    await user.type(screen.getByLabelText('Text'), 'A short restart.');
    await user.selectOptions(screen.getByLabelText('Who sees it'), 'location');
    // A language with a title and no text is refused beside its field, and stays open.
    await user.click(screen.getByText('Français'));
    await user.type(screen.getByLabelText('Title in Français'), 'Mise à jour');
    await user.click(screen.getByRole('button', { name: 'Post announcement' }));
    expect(await screen.findByText('Choose at least one location')).toBeInTheDocument();
    expect(screen.getByLabelText('Text in Français')).toHaveAccessibleDescription('Write the text customers will read');
    expect(screen.getByText('Say why (kept in the audit log)')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('posts one to a game with a reason, and takes one down with a reason', async () => {
    let sent: Record<string, unknown> | undefined;
    let ended: Record<string, unknown> | undefined;
    answers['POST /api/admin/announcements'] = (init) => {
      sent = JSON.parse(String(init?.body)) as Record<string, unknown>;
      return json(201, { ...live, id: '00000000-0000-4000-8000-0000000000a2' });
    };
    answers[`POST /api/admin/announcements/${live.id}/end`] = (init) => {
      ended = JSON.parse(String(init?.body)) as Record<string, unknown>;
      return json(200, { ...live, state: 'ended' });
    };
    const user = renderPage();
    await screen.findByText('EU West move');
    await user.type(screen.getByLabelText('Title'), 'Minecraft 1.22');
    await user.type(screen.getByLabelText('Text'), 'Update your **mods**.');
    await user.selectOptions(screen.getByLabelText('Severity'), 'critical');
    await user.selectOptions(screen.getByLabelText('Who sees it'), 'game');
    await user.click(await screen.findByRole('checkbox', { name: 'Minecraft' }));
    await user.click(screen.getByText('Deutsch'));
    await user.type(screen.getByLabelText('Title in Deutsch'), 'Minecraft 1.22 ist da');
    await user.type(screen.getByLabelText('Text in Deutsch'), 'Bitte aktualisieren Sie Ihre Mods.');
    await user.type(screen.getByLabelText('Reason'), 'Release day');
    await user.click(screen.getByRole('button', { name: 'Post announcement' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toMatchObject({ title: 'Minecraft 1.22', severity: 'critical', target: 'game', targetValues: ['minecraft'], reason: 'Release day', format: 'markdown' });
    // Only the language written in goes.
    expect(sent!.translations).toEqual({ de: { title: 'Minecraft 1.22 ist da', body: 'Bitte aktualisieren Sie Ihre Mods.' } });
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Announcement posted', expect.anything()));

    await user.click(screen.getByRole('button', { name: 'Take down…' }));
    await user.click(screen.getByRole('button', { name: 'Take down now' }));
    expect(await screen.findByText('Say why (kept in the audit log)')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Reason for taking down “EU West move”'), 'Done early');
    await user.click(screen.getByRole('button', { name: 'Take down now' }));
    await waitFor(() => expect(ended).toEqual({ reason: 'Done early' }));
  });
});
