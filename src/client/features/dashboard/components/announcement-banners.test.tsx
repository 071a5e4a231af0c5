import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { CustomerAnnouncement } from '../../../../shared/schemas/announcements';
import { startTestI18n } from '../../../../../tests/setup/i18n';
import { AnnouncementBanners } from './announcement-banners';

function json(status: number, body: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const shown: CustomerAnnouncement[] = [
  { id: '00000000-0000-4000-8000-000000000001', title: 'EU West move', html: '<p>We move <strong>tonight</strong>.</p>', severity: 'warning', startsAt: '2030-01-15T12:00:00.000Z' },
  { id: '00000000-0000-4000-8000-000000000002', title: 'New panel', html: '<p>Hello.</p>', severity: 'info', startsAt: '2030-01-15T11:00:00.000Z' },
];
let fetchMock: MockInstance<typeof fetch>;
let dismissed: string[];
let asked: (string | null)[];

beforeEach(() => {
  dismissed = [];
  asked = [];
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const list = new URL(url, 'http://localhost');
    if (list.pathname === '/api/announcements') {
      asked.push(list.searchParams.get('lang'));
      return json(200, { announcements: shown.filter((a) => !dismissed.includes(a.id)) });
    }
    const match = /^\/api\/announcements\/([^/]+)\/dismiss$/.exec(url);
    if (match && init?.method === 'POST') {
      dismissed.push(match[1]!);
      return json(204, undefined);
    }
    throw new Error(`unexpected fetch ${url}`);
  });
});
afterEach(() => {
  fetchMock.mockRestore();
  startTestI18n('en');
});

function renderBanners() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AnnouncementBanners />
    </QueryClientProvider>,
  );
}

describe('dashboard announcements', () => {
  it('shows the server-rendered text with its severity, and closing one tells the server', async () => {
    renderBanners();
    const region = await screen.findByRole('region', { name: 'Announcements' });
    expect(region).toHaveTextContent('Warning: EU West move');
    expect(screen.getByText('tonight').tagName).toBe('STRONG');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss “EU West move”' }));
    await waitFor(() => expect(screen.queryByText('EU West move')).not.toBeInTheDocument());
    expect(dismissed).toEqual(['00000000-0000-4000-8000-000000000001']);
    expect(screen.getByText('New panel')).toBeInTheDocument();
  });

  it('asks for the banners in the page’s language', async () => {
    startTestI18n('de');
    renderBanners();
    await screen.findByText('New panel');
    expect(asked).toEqual(['de']);
  });
});
