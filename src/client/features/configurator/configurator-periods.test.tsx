import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { startTestI18n } from '../../../../tests/setup/i18n';
import type { Catalog } from '../../../shared/catalog';
import { primeCatalog } from '../../lib/catalog';
import { setSessionUser } from '../../lib/session';
import ConfiguratorPage from './components/configurator-page';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const catalog: Catalog = {
  currency: 'eur',
  games: [{ slug: 'minecraft', name: 'Minecraft', tagline: 'Blocks', playerCap: 10, sort: 1 }],
  plans: [{ id: 'minecraft-4gb', game: 'minecraft', name: '4GB', ramGb: 4, vcpu: 2, diskGb: 40, priceCents: 1400, description: '', recommended: true, sort: 1 }],
  addons: [],
  periods: [
    { value: 'monthly', label: 'Monthly', months: 1, discountPercent: 0, sort: 1 },
    { value: '3months', label: '3 Months', months: 3, discountPercent: 5, sort: 2 },
    // Named by staff: their words, not the shipped ones.
    { value: 'half', label: 'Halbjahr', months: 6, discountPercent: 10, sort: 3 },
  ],
  locations: [{ value: 'us-west', label: 'US West', sort: 1 }],
  packs: [],
};

let fetchMock: MockInstance<typeof fetch>;
beforeEach(() => {
  primeCatalog(catalog);
  setSessionUser(null);
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify(catalog), { status: 200, headers: { 'content-type': 'application/json' } }));
});
afterEach(() => fetchMock.mockRestore());

describe('the configurator’s billing periods', () => {
  it('names the shipped periods in the page’s language (German) and keeps a name staff wrote', async () => {
    startTestI18n('de');
    render(
      <MemoryRouter initialEntries={['/configure/minecraft']}>
        <Routes>
          <Route path="/configure/:game" element={<ConfiguratorPage />} />
        </Routes>
      </MemoryRouter>,
    );
    const monthly = await screen.findByRole('radio', { name: /Monatlich/ });
    expect(monthly).toBeChecked();
    expect(screen.getByRole('radio', { name: /3 Monate/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Halbjahr/ })).toBeInTheDocument();
    expect(screen.queryByText('Monthly')).toBeNull();
    expect(within(screen.getByRole('complementary')).getByText('Monatlich (1 Monat)')).toBeInTheDocument();
  });
});
