import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { CatalogDraft } from '../../../../../shared/catalog-draft';
import type { AdminCatalog } from '../../../../../shared/schemas/admin/catalog';
import CatalogPage from './catalog-page';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const draft: CatalogDraft = {
  games: [{ slug: 'minecraft', name: 'Minecraft', tagline: 'Blocks', playerCap: 10, sort: 1, hidden: false }],
  plans: [
    { id: 'minecraft-2gb', game: 'minecraft', name: '2GB', ramGb: 2, vcpu: 1, diskGb: 20, playerCap: 10, priceCents: 700, description: '', recommended: false, sort: 1, hidden: false },
    { id: 'minecraft-4gb', game: 'minecraft', name: '4GB', ramGb: 4, vcpu: 2, diskGb: 40, playerCap: 10, priceCents: 1400, description: '', recommended: true, sort: 2, hidden: false },
  ],
  addons: [{ key: 'additional-ssd', name: 'Additional SSD', description: '+50GB', priceCents: 250, maxQuantity: 20, sort: 1, hidden: false, delivery: { type: 'panel', resource: 'disk', amount: 50 } }],
  periods: [{ value: 'monthly', label: 'Monthly', months: 1, discountPercent: 0, sort: 1, hidden: false }],
  locations: [{ value: 'us-west', label: 'US West (California)', capacity: null, panelLocation: null, sort: 1, hidden: false }],
  packs: [],
  software: [
    { id: 'paper', game: 'minecraft', name: 'Paper', description: 'Plugins', versions: ['1.21.4', '1.21.1'], recommendedRamGb: 2, sort: 1, hidden: false },
  ],
};

const current: AdminCatalog = {
  version: 4,
  savedAt: '2030-01-15T12:00:00.000Z',
  savedBy: 'owner@example.test',
  note: 'Spring prices',
  catalog: draft,
  usage: { plans: { 'minecraft-4gb': 12 }, addons: {}, periods: { monthly: 12 }, locations: { 'us-west': 12 }, games: { minecraft: 12 }, software: { paper: 3 } },
  essentialsSlug: 'spawnpoint-essentials',
  currencies: { shop: 'usd', extras: [] },
};

let fetchMock: MockInstance<typeof fetch>;
let sent: { method: string; url: string; body: { baseVersion: number; catalog: CatalogDraft; reason: string } }[];
let saveAnswer: () => Response;
let previewWarnings: { field: string; label: string; message: string }[];

beforeEach(() => {
  sent = [];
  previewWarnings = [];
  saveAnswer = () => json(200, { version: 5, changes: [], increases: 12, decreases: 0, withdrawn: 0 });
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method !== 'GET') sent.push({ method, url, body: JSON.parse(String(init?.body)) });
    if (url === '/api/admin/catalog' && method === 'GET') return json(200, current);
    if (url === '/api/admin/catalog/preview') {
      return json(200, {
        changes: [{ section: 'plans', key: 'minecraft-4gb', label: 'Minecraft 4GB', what: 'priceCents', before: '$14.00', after: '$16.00' }],
        warnings: previewWarnings,
        increases: 12,
        decreases: 0,
      });
    }
    if (url === '/api/admin/catalog' && method === 'PUT') return saveAnswer();
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

describe('the catalog editor', { timeout: 60_000 }, () => {
  it('shows the current version, each plan with its figures and how many services use it', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Catalog' })).toBeInTheDocument();
    expect(screen.getByText(/Version 4, saved .* by owner@example.test — “Spring prices”/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Minecraft 4GB monthly price in USD' })).toHaveValue('14.00');
    expect(screen.getByRole('checkbox', { name: 'Recommend Minecraft 4GB' })).toBeChecked();
    const row = screen.getByRole('textbox', { name: 'Minecraft 4GB monthly price in USD' }).closest('tr')!;
    expect(within(row).getByText('12 services')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Unsaved changes' })).not.toBeInTheDocument();
  });

  it('flags a price it cannot read and will not save until it is fixed', async () => {
    const user = userEvent.setup();
    renderPage();
    const price = await screen.findByRole('textbox', { name: 'Minecraft 4GB monthly price in USD' });
    await user.clear(price);
    await user.type(price, '16.5x');
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription('Enter an amount in USD with at most 2 decimals, like 12.50');
    const bar = screen.getByRole('region', { name: 'Unsaved changes' });
    expect(within(bar).getByText('1 problem to fix before saving')).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Review and save' })).toBeDisabled();
    expect(screen.getByText('Minecraft 4GB: price')).toBeInTheDocument();

    await user.clear(price);
    await user.type(price, '16');
    expect(within(bar).getByText('1 unsaved change')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByRole('textbox', { name: 'Minecraft 4GB monthly price in USD' })).toHaveValue('14.00');
  });

  it('keeps one recommended plan per game', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Recommend Minecraft 2GB' }));
    expect(screen.getByRole('checkbox', { name: 'Recommend Minecraft 2GB' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Recommend Minecraft 4GB' })).not.toBeChecked();
  });

  it('reviews the change and who it reaches, asks why, and saves the next version', async () => {
    const user = userEvent.setup();
    renderPage();
    const price = await screen.findByRole('textbox', { name: 'Minecraft 4GB monthly price in USD' });
    await user.clear(price);
    await user.type(price, '16.00');
    await user.click(screen.getByRole('button', { name: 'Review and save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Save catalog version 5' });
    expect(await within(dialog).findByText('Minecraft 4GB')).toBeInTheDocument();
    expect(within(dialog).getByText('12 running services will pay more.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save version 5' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Say in a few words why, for the audit log.');
    expect(sent.filter((s) => s.method === 'PUT')).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /Why/ }), 'New hardware');
    await user.click(within(dialog).getByRole('button', { name: 'Save version 5' }));
    await waitFor(() => expect(sent.filter((s) => s.method === 'PUT')).toHaveLength(1));
    const put = sent.find((s) => s.method === 'PUT')!;
    expect(put.body).toMatchObject({ baseVersion: 4, reason: 'New hardware' });
    expect(put.body.catalog.plans.find((p) => p.id === 'minecraft-4gb')?.priceCents).toBe(1600);
  });

  it('edits software versions and memory on the Software tab, refusing a repeated version, and saves them', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Software' }));
    const versions = screen.getByRole('textbox', { name: 'Paper versions, newest first' });
    expect(versions).toHaveValue('1.21.4, 1.21.1');
    expect(screen.getByText('3 services')).toBeInTheDocument();
    await user.clear(versions);
    await user.type(versions, '1.21.5, 1.21.5');
    const bar = screen.getByRole('region', { name: 'Unsaved changes' });
    expect(within(bar).getByText('1 problem to fix before saving')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Problems to fix' })).toHaveTextContent('Paper: versions — 1.21.5 is listed twice');

    await user.clear(versions);
    await user.type(versions, '1.21.5, 1.21.4');
    const memory = screen.getByRole('spinbutton', { name: 'Paper recommended memory in GB' });
    await user.clear(memory);
    await user.type(memory, '3');
    expect(within(bar).getByText('2 unsaved changes')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Review and save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save catalog version 5' });
    await user.type(await within(dialog).findByRole('textbox', { name: /Why/ }), 'Paper 1.21.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save version 5' }));
    await waitFor(() => expect(sent.filter((s) => s.method === 'PUT')).toHaveLength(1));
    expect(sent.find((s) => s.method === 'PUT')!.body.catalog.software).toEqual([
      expect.objectContaining({ id: 'paper', versions: ['1.21.5', '1.21.4'], recommendedRamGb: 3 }),
    ]);
  });

  it('writes texts in other languages on their own tab, by language, refusing one too long, and saves them', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Other languages' }));
    const language = screen.getByRole('combobox', { name: 'Language' });
    expect(language).toHaveValue('de');
    const tagline = screen.getByRole('textbox', { name: 'Minecraft tagline in Deutsch' });
    expect(tagline).toHaveValue('');
    expect(tagline).toHaveAttribute('placeholder', 'Blocks');
    // Pasted: typing 301 keys re-renders the whole editor 301 times, past 30 s on a loaded machine.
    await user.click(tagline);
    await user.paste('x'.repeat(301));
    const bar = screen.getByRole('region', { name: 'Unsaved changes' });
    expect(within(bar).getByText('1 problem to fix before saving')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Other languages (1 to fix)' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Problems to fix' })).toHaveTextContent('Minecraft: tagline in Deutsch — At most 300 characters');
    await user.clear(tagline);
    await user.type(tagline, 'Klötzchen');
    await user.type(screen.getByRole('textbox', { name: 'US West (California) label in Deutsch' }), 'USA West (Kalifornien)');
    // Another language: its own boxes, reached from the keyboard.
    language.focus();
    await user.selectOptions(language, 'fr');
    expect(screen.getByRole('textbox', { name: 'Minecraft tagline in Français' })).toHaveValue('');
    await user.type(screen.getByRole('textbox', { name: 'Paper description in Français' }), 'Des plugins');
    // Emptied, the box left nothing to save, so the bar went and came back.
    const again = screen.getByRole('region', { name: 'Unsaved changes' });
    expect(within(again).getByText('3 unsaved changes')).toBeInTheDocument();

    await user.click(within(again).getByRole('button', { name: 'Review and save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save catalog version 5' });
    await user.type(await within(dialog).findByRole('textbox', { name: /Why/ }), 'German and French texts');
    await user.click(within(dialog).getByRole('button', { name: 'Save version 5' }));
    await waitFor(() => expect(sent.filter((s) => s.method === 'PUT')).toHaveLength(1));
    const saved = sent.find((s) => s.method === 'PUT')!.body.catalog;
    expect(saved.games[0]!.translations).toEqual({ de: { tagline: 'Klötzchen' } });
    expect(saved.locations[0]!.translations).toEqual({ de: { label: 'USA West (Kalifornien)' } });
    expect(saved.software[0]!.translations).toEqual({ fr: { description: 'Des plugins' } });
    expect(saved.games[0]!.tagline).toBe('Blocks');
  });

  it('offers to reload when someone else saved first', async () => {
    const user = userEvent.setup();
    saveAnswer = () =>
      json(409, {
        error: {
          code: 'catalog_changed',
          message: 'Someone saved version 5 of the catalog after you opened version 4. Reload to see their changes, then make yours again.',
        },
      });
    renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Minecraft 2GB on sale' }));
    await user.click(await screen.findByRole('button', { name: 'Review and save' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('12 running services will pay more.');
    await user.type(within(dialog).getByRole('textbox', { name: /Why/ }), 'Retire 2GB');
    await user.click(within(dialog).getByRole('button', { name: 'Save version 5' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/Reload to see their changes/);
    expect(within(dialog).getByRole('button', { name: 'Reload the catalog' })).toBeInTheDocument();
  });

  it('edits the EUR price list and says whether EUR is offered, refusing a price it cannot read', async () => {
    current.currencies = { shop: 'usd', extras: ['eur'] };
    try {
      const user = userEvent.setup();
      renderPage();
      await user.click(await screen.findByRole('tab', { name: 'Other currencies' }));
      expect(screen.getByRole('status')).toHaveTextContent('EUR is not offered to customers yet: 3 items on sale have no EUR price.');

      const small = screen.getByRole('textbox', { name: 'Minecraft 2GB: price in EUR' });
      await user.type(small, '6.50');
      const large = screen.getByRole('textbox', { name: 'Minecraft 4GB: price in EUR' });
      await user.type(large, '12,9x');
      expect(large).toHaveAttribute('aria-invalid', 'true');
      expect(large).toHaveAccessibleDescription('Enter an amount in EUR with at most 2 decimals, like 12.50');
      const bar = screen.getByRole('region', { name: 'Unsaved changes' });
      expect(within(bar).getByText('1 problem to fix before saving')).toBeInTheDocument();
      expect(within(bar).getByRole('button', { name: 'Review and save' })).toBeDisabled();

      await user.clear(large);
      await user.type(large, '12.90');
      await user.type(screen.getByRole('textbox', { name: 'Additional SSD: price in EUR' }), '2.25');
      expect(screen.getByRole('status')).toHaveTextContent('EUR is offered to customers once saved');
      await user.click(within(bar).getByRole('button', { name: 'Review and save' }));
      const dialog = await screen.findByRole('dialog', { name: 'Save catalog version 5' });
      await user.type(await within(dialog).findByRole('textbox', { name: /Why/ }), 'Euro prices');
      await user.click(within(dialog).getByRole('button', { name: 'Save version 5' }));
      await waitFor(() => expect(sent.filter((s) => s.method === 'PUT')).toHaveLength(1));
      const saved = sent.find((s) => s.method === 'PUT')!.body.catalog;
      expect(saved.plans.map((p) => p.prices)).toEqual([{ eur: 650 }, { eur: 1290 }]);
      expect(saved.addons[0]!.prices).toEqual({ eur: 225 });
    } finally {
      current.currencies = { shop: 'usd', extras: [] };
    }
  });

  it("prices a JPY shop's catalog in whole yen, and each extra currency in its own decimals", async () => {
    current.currencies = { shop: 'jpy', extras: ['eur'] };
    try {
      const user = userEvent.setup();
      renderPage();
      const price = await screen.findByRole('textbox', { name: 'Minecraft 4GB monthly price in JPY' });
      expect(price).toHaveValue('1400');
      expect(screen.getAllByRole('columnheader', { name: 'Monthly price (JPY)' }).length).toBeGreaterThan(0);
      await user.clear(price);
      await user.type(price, '1400.5');
      expect(price).toHaveAttribute('aria-invalid', 'true');
      expect(price).toHaveAccessibleDescription('JPY amounts have no decimals: enter it like 1500');
      await user.clear(price);
      await user.type(price, '1500');
      expect(price).not.toHaveAttribute('aria-invalid');

      await user.click(screen.getByRole('tab', { name: 'Other currencies' }));
      const euros = screen.getByRole('textbox', { name: 'Minecraft 4GB: price in EUR' });
      await user.type(euros, '12.345');
      expect(euros).toHaveAccessibleDescription('EUR amounts have at most 2 decimals: enter it like 12.50');
      await user.clear(euros);
      await user.type(euros, '12.34');
      expect(euros).not.toHaveAttribute('aria-invalid');
    } finally {
      current.currencies = { shop: 'usd', extras: [] };
    }
  });

  it("warns, naming the minimum, when a plan's price in a currency is under its smallest card payment; an add-on's is not asked", async () => {
    current.currencies = { shop: 'jpy', extras: ['eur'] };
    const warning = 'Below the smallest card payment in JPY (¥50): a month bought alone is not charged to a card but paid from credit or given away';
    try {
      const user = userEvent.setup();
      renderPage();
      const price = await screen.findByRole('textbox', { name: 'Minecraft 4GB monthly price in JPY' });
      await user.clear(price);
      await user.type(price, '30');
      expect(price).not.toHaveAttribute('aria-invalid');
      expect(price).toHaveAccessibleDescription(warning);
      await user.clear(price);
      await user.type(price, '50');
      expect(price).not.toHaveAccessibleDescription();
      await user.clear(price);
      await user.type(price, '30');

      await user.click(screen.getByRole('tab', { name: 'Add-ons' }));
      const ssd = screen.getByRole('textbox', { name: 'Additional SSD monthly price in JPY' });
      await user.clear(ssd);
      await user.type(ssd, '10');
      expect(ssd).not.toHaveAccessibleDescription();

      await user.click(screen.getByRole('tab', { name: 'Other currencies' }));
      const euros = screen.getByRole('textbox', { name: 'Minecraft 4GB: price in EUR' });
      await user.type(euros, '0.30');
      expect(euros).toHaveAccessibleDescription('Below the smallest card payment in EUR (€0.50): a month bought alone is not charged to a card but paid from credit or given away');
      const ssdEuros = screen.getByRole('textbox', { name: 'Additional SSD: price in EUR' });
      await user.type(ssdEuros, '0.10');
      expect(ssdEuros).not.toHaveAccessibleDescription();

      // The server says the same when the save is reviewed; the save is not refused.
      previewWarnings = [{ field: 'plans.minecraft-4gb.priceCents', label: 'Minecraft 4GB', message: `Minecraft 4GB at ¥30: ${warning}` }];
      await user.click(within(screen.getByRole('region', { name: 'Unsaved changes' })).getByRole('button', { name: 'Review and save' }));
      const dialog = await screen.findByRole('dialog', { name: 'Save catalog version 5' });
      const list = await within(dialog).findByRole('list', { name: 'Price warnings' });
      expect(list).toHaveTextContent(`Minecraft 4GB at ¥30: ${warning}`);
      expect(within(dialog).getByRole('button', { name: 'Save version 5' })).toBeEnabled();
    } finally {
      current.currencies = { shop: 'usd', extras: [] };
    }
  });
});
