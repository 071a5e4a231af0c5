import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from 'vitest';
import { setSessionUser } from '../../../lib/session';
import { primeCatalog } from '../../../lib/catalog';
import type { Catalog } from '../../../../shared/catalog';
import { answerFetch, json, type Answers } from '../../../test/fetch-answers';
import { OverviewPage } from './overview-page';

let answers: Answers;
let fetchMock: MockInstance<typeof fetch>;
beforeEach(() => {
  setSessionUser({ id: 'u1', email: 'ada@example.test', role: 'customer', twoFactorEnabled: false });
  answers = {
    'GET /api/servers': () => json(200, { servers: [] }),
    'GET /api/price-changes': () => json(200, { items: [] }),
  };
  fetchMock = answerFetch(() => answers);
});
afterEach(() => {
  fetchMock.mockRestore();
  setSessionUser(null);
});

describe('the dashboard overview', () => {
  it('shows what was spent in each currency on its own, never added up', async () => {
    answers['GET /api/overview?lang=en'] = () =>
      json(200, {
        stats: { activeServers: 1, spent: [{ currency: 'usd', cents: 1400 }, { currency: 'jpy', cents: 1500 }], supportTickets: 0, openTickets: 0, referrals: 0 },
        activity: [],
        hasPurchase: true,
      });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <OverviewPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('$14.00 and ¥1,500')).toBeInTheDocument();
  });

  it('says nothing was spent in the currency the customer shops in, not in dollars', async () => {
    primeCatalog({ currency: 'eur', currencies: ['eur'], games: [], plans: [], addons: [], periods: [], locations: [], packs: [] } as unknown as Catalog);
    answers['GET /api/overview?lang=en'] = () =>
      json(200, { stats: { activeServers: 0, spent: [], supportTickets: 0, openTickets: 0, referrals: 0 }, activity: [], hasPurchase: false });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <OverviewPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('€0.00')).toBeInTheDocument();
  });

  function renderOverview() {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <OverviewPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }
  const noStats = { activeServers: 0, spent: [], supportTickets: 0, openTickets: 0, referrals: 0 };

  it('greets a customer who has bought nothing yet with "Welcome", and offers no last purchase', async () => {
    answers['GET /api/overview?lang=en'] = () => json(200, { stats: noStats, activity: [], hasPurchase: false });
    renderOverview();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, ada@example.test' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Order New Server' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View Last Purchase' })).not.toBeInTheDocument();
  });

  it('welcomes a customer back once they have bought something, and links the last purchase', async () => {
    answers['GET /api/overview?lang=en'] = () => json(200, { stats: { ...noStats, spent: [{ currency: 'usd', cents: 1400 }] }, activity: [], hasPurchase: true });
    renderOverview();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, ada@example.test' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Last Purchase' })).toHaveAttribute('href', '/success');
  });
});
