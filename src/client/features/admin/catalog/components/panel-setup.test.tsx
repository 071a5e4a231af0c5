import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { CatalogDraft } from '../../../../../shared/catalog-draft';
import type { AdminCatalog, PanelPlanCheckInput } from '../../../../../shared/schemas/admin/catalog';
import CatalogPage from './catalog-page';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const draft: CatalogDraft = {
  games: [{ slug: 'minecraft', name: 'Minecraft', tagline: 'Blocks', playerCap: 10, sort: 1, hidden: false }],
  plans: [{ id: 'minecraft-4gb', game: 'minecraft', name: '4GB', ramGb: 4, vcpu: 2, diskGb: 40, playerCap: 10, priceCents: 1400, description: '', recommended: true, sort: 1, hidden: false }],
  addons: [],
  periods: [{ value: 'monthly', label: 'Monthly', months: 1, discountPercent: 0, sort: 1, hidden: false }],
  locations: [{ value: 'us-west', label: 'US West', capacity: null, panelLocation: null, sort: 1, hidden: false }],
  packs: [],
  software: [],
};
const current: AdminCatalog = {
  version: 2,
  savedAt: '2030-01-15T12:00:00.000Z',
  savedBy: 'owner@example.test',
  note: null,
  catalog: draft,
  usage: { plans: {}, addons: {}, periods: {}, locations: {}, games: {}, software: {} },
  essentialsSlug: 'spawnpoint-essentials',
  currencies: { shop: 'usd', extras: [] },
};

let fetchMock: MockInstance<typeof fetch>;
let checks: PanelPlanCheckInput[];

beforeEach(() => {
  checks = [];
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/admin/catalog') return json(200, current);
    if (url === '/api/admin/catalog/panel-check') {
      const body = JSON.parse(String(init?.body)) as PanelPlanCheckInput;
      checks.push(body);
      const eula = body.catalog.games[0]?.panel?.variables?.EULA;
      return json(200, {
        simulated: false,
        problems: eula ? [] : ["Minecraft servers cannot be set up on the panel: the panel's egg requires EULA accepted (EULA)"],
        locations: [{ value: 'us-west', label: 'US West', fits: true }],
      });
    }
    return json(404, { error: { code: 'not_found', message: 'No route' } });
  });
});
afterEach(() => fetchMock.mockRestore());

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/admin/catalog']}>
        <CatalogPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('panel set-up in the catalog editor', () => {
  it("edits the game's default and a plan's overrides, and checks the plan against the panel", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByText('Panel set-up for Minecraft'));
    await user.click(screen.getByText('Minecraft 4GB: overrides'));

    await user.click(screen.getByRole('button', { name: 'Check against the panel' }));
    expect(await screen.findByText(/requires EULA accepted \(EULA\)/)).toBeInTheDocument();
    expect(screen.getByText('US West: a node has room')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Minecraft default panel egg variables' }), 'EULA=true');
    await user.type(screen.getByRole('spinbutton', { name: 'Minecraft 4GB panel Databases' }), '2');
    await user.click(screen.getByRole('button', { name: 'Check against the panel' }));
    expect(await screen.findByText('The panel would accept this plan.')).toBeInTheDocument();
    expect(checks.at(-1)).toMatchObject({
      planId: 'minecraft-4gb',
      catalog: { games: [{ panel: { variables: { EULA: 'true' } } }], plans: [{ panel: { databases: 2 } }] },
    });
  });
});
