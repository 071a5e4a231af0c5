import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { defaultBrand } from '../../../../shared/brand';
import { defaultBusinessRules } from '../../../../shared/business-rules';
import type { AdminSettings } from '../../../../shared/schemas/admin/settings';
import { setSessionUser } from '../../../lib/session';
import SettingsPage from './components/settings-page';
import { answerFetch, json, type Answers } from '../../../test/fetch-answers';

// Radix's switch measures itself; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

const germanVat = { id: '00000000-0000-4000-8000-0000000000d1', country: 'DE', countryName: 'Germany', region: '', name: 'VAT', rate: 19000, label: '19%', updatedAt: '2030-01-01T00:00:00.000Z' };

let fetchMock: MockInstance<typeof fetch>;
let answers: Answers;
let sent: { key: string; body: unknown }[];
let settings: AdminSettings;

const alerts = (webhookUrl: string | null) => ({
  webhookUrl,
  discord: webhookUrl !== null,
  updatedAt: null,
  recipients: [
    { kind: 'provisioning_failed', label: 'A server could not be set up', roles: ['Support', 'Billing', 'Admin'] },
    { kind: 'webhook_rejected', label: 'A payment webhook was refused', roles: ['Admin'] },
  ],
});

beforeEach(() => {
  toastMock.success.mockReset();
  toastMock.error.mockReset();
  setSessionUser({ id: '00000000-0000-4000-8000-000000000001', email: 'admin@example.test', role: 'admin', twoFactorEnabled: true });
  settings = {
    store: { sellerName: 'Blokhost B.V.', sellerAddress: 'Keizersgracht 1', sellerCountry: 'NL', sellerTaxId: 'NL123456789B01', pricesIncludeTax: false, updatedAt: null },
    rates: [germanVat],
  };
  sent = [];
  answers = {
    'GET /api/admin/settings': () => json(200, settings),
    'POST /api/admin/settings/tax-rates': () => json(201, { ...germanVat, id: '00000000-0000-4000-8000-0000000000d2', country: 'FR', countryName: 'France', name: 'TVA', rate: 20000, label: '20%' }),
    'PUT /api/admin/settings': (init) => json(200, { ...settings.store, ...(JSON.parse(String(init?.body)) as object) }),
    'GET /api/admin/settings/alerts': () => json(200, alerts(null)),
    'GET /api/admin/settings/brand': () => json(200, { brand: defaultBrand, rules: defaultBusinessRules }),
    'GET /api/admin/settings/currency': () =>
      json(200, { currency: 'eur', locked: true, choices: ['eur', 'gbp', 'usd'], extras: [{ currency: 'usd', offered: false, missing: 3 }] }),
    'PUT /api/admin/settings/extra-currencies': (init) => {
      const { currencies } = JSON.parse(String(init?.body)) as { currencies: string[] };
      return json(200, { currency: 'eur', locked: true, choices: ['eur', 'gbp', 'usd'], extras: currencies.map((c) => ({ currency: c, offered: false, missing: 3 })) });
    },
    'PUT /api/admin/settings/business-rules': (init) => {
      const { reason: _reason, ...rules } = JSON.parse(String(init?.body)) as Record<string, unknown>;
      return json(200, rules);
    },
    'GET /api/admin/settings/language': () => json(200, { defaultLocale: 'en' }),
    'PUT /api/admin/settings/language': (init) => json(200, { defaultLocale: (JSON.parse(String(init?.body)) as { defaultLocale: string }).defaultLocale }),
    'PUT /api/admin/settings/alerts': (init) =>
      json(200, alerts((JSON.parse(String(init?.body)) as { webhookUrl: string | null }).webhookUrl ? 'https://discord.com/api/webhooks/1234/…wxyz' : null)),
  };
  fetchMock = answerFetch(
    () => answers,
    (key, init) => {
      if (init?.body) sent.push({ key, body: JSON.parse(String(init.body)) });
    },
  );
});
afterEach(() => fetchMock.mockRestore());

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <SettingsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

// The page holds every settings card, and each keystroke renders it again: on two busy CPUs (the
// browser journeys run beside the client tests) one test took over 30 s in a clean-clone run.
describe('/admin/settings', { timeout: 60_000 }, () => {
  it('lists the rates and adds one, checking the rate and the reason before sending', async () => {
    const user = renderPage();
    const table = await screen.findByRole('table', { name: 'Tax rates' });
    expect(within(table).getByRole('row', { name: /Germany/ })).toHaveTextContent('GermanyWhole countryVAT19%');

    await user.click(screen.getByRole('button', { name: 'Add a rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a tax rate' });
    await user.selectOptions(within(dialog).getByLabelText('Country'), 'FR');
    await user.clear(within(dialog).getByLabelText('Tax name'));
    await user.type(within(dialog).getByLabelText('Tax name'), 'TVA');
    await user.type(within(dialog).getByLabelText('Rate (%)'), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Add rate' }));
    expect(await within(dialog).findByText('A rate cannot be more than 100%')).toBeInTheDocument();
    expect(within(dialog).getByText('Please give a reason of at least 3 characters')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Rate (%)'));
    await user.type(within(dialog).getByLabelText('Rate (%)'), '20');
    await user.type(within(dialog).getByLabelText('Reason'), 'French VAT');
    await user.click(within(dialog).getByRole('button', { name: 'Add rate' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Tax rate added', { description: 'TVA 20% for France.' }));
    expect(sent).toEqual([{ key: 'POST /api/admin/settings/tax-rates', body: { country: 'FR', region: '', name: 'TVA', ratePercent: '20', reason: 'French VAT' } }]);
  });

  it('asks for a reason only when prices switch to or from including tax', async () => {
    const user = renderPage();
    await screen.findByDisplayValue('Blokhost B.V.');
    expect(screen.queryByLabelText('Reason')).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Prices include tax' }));
    await user.click(screen.getByRole('button', { name: 'Save store settings' }));
    expect(await screen.findByText('Say in a few words why prices change to include or exclude tax')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(screen.getByLabelText('Reason'), 'Consumers see final prices');
    await user.click(screen.getByRole('button', { name: 'Save store settings' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ key: 'PUT /api/admin/settings', body: { sellerCountry: 'NL', pricesIncludeTax: true, reason: 'Consumers see final prices' } });
  });

  it('sets the staff alert webhook after checking the address, and shows it with its key hidden', async () => {
    const user = renderPage();
    expect(await screen.findByText(/emailed to Support, Billing, Admin/)).toBeInTheDocument();
    const field = screen.getByLabelText('Webhook URL');
    await user.type(field, 'http://example.com/hook');
    await user.click(screen.getByRole('button', { name: 'Save webhook' }));
    expect(await screen.findByText('The address must start with https://')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(field);
    await user.type(field, 'https://discord.com/api/webhooks/1234/abcdwxyz');
    await user.click(screen.getByRole('button', { name: 'Save webhook' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Alert webhook saved'));
    expect(sent).toEqual([{ key: 'PUT /api/admin/settings/alerts', body: { webhookUrl: 'https://discord.com/api/webhooks/1234/abcdwxyz' } }]);
    expect(await screen.findByText('https://discord.com/api/webhooks/1234/…wxyz (Discord)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Alert webhook removed'));
    expect(sent.at(-1)).toEqual({ key: 'PUT /api/admin/settings/alerts', body: { webhookUrl: null } });
  });

  it('sets the shop\'s default language, with a reason for the audit log', async () => {
    const user = renderPage();
    const select = await screen.findByRole('combobox', { name: 'Default language' });
    expect(screen.getByRole('button', { name: 'Save default language' })).toBeDisabled();
    await user.selectOptions(select, 'de');
    await user.type(screen.getByLabelText('Reason (optional, for the audit log)'), 'Most customers are in Germany');
    await user.click(screen.getByRole('button', { name: 'Save default language' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Default language saved', { description: 'Pages without a language in their address are now in Deutsch.' }));
    expect(sent).toEqual([{ key: 'PUT /api/admin/settings/language', body: { defaultLocale: 'de', reason: 'Most customers are in Germany' } }]);
  });

  it('edits the business rules: checks them before sending, asks for a reason, and sends the payout minimum in cents', async () => {
    const user = renderPage();
    const suspend = await screen.findByLabelText('Suspend after (days unpaid)');
    expect(suspend).toHaveValue(String(defaultBusinessRules.suspendAfterDays));
    expect(screen.getByLabelText('Minimum payout (EUR)')).toHaveValue('50');

    const deletion = screen.getByLabelText('Delete after (days unpaid)');
    await user.clear(deletion);
    await user.type(deletion, '5');
    await user.clear(screen.getByLabelText('Tier 1: credit (%)'));
    await user.click(screen.getByRole('button', { name: 'Save business rules' }));
    expect(await screen.findByText('Enter the credit as a number')).toBeInTheDocument();
    expect(screen.getByText('Say in a few words why the rules change')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Tier 1: credit (%)'), '10');
    await user.type(screen.getByLabelText('Reason for the change'), 'New terms from January');
    await user.click(screen.getByRole('button', { name: 'Save business rules' }));
    expect(await screen.findByText(`Deletion must come after suspension: more than ${defaultBusinessRules.suspendAfterDays} days`)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(deletion);
    await user.type(deletion, '45');
    await user.click(screen.getByRole('button', { name: 'Remove tier 3' }));
    await user.click(screen.getByRole('switch', { name: /Affiliate programme open/ }));
    await user.clear(screen.getByLabelText('Minimum payout (EUR)'));
    await user.type(screen.getByLabelText('Minimum payout (EUR)'), '25.50');
    await user.type(screen.getByLabelText('Commission lasts (months)'), '12');
    const technical = screen.getByLabelText('Technical reply target (minutes)');
    expect(technical).toHaveValue('120');
    await user.clear(technical);
    await user.click(screen.getByRole('button', { name: 'Save business rules' }));
    expect(await screen.findByText('Enter the technical reply target as a number')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(technical, '240');
    await user.type(screen.getByLabelText('Support hours (optional)'), 'Monday to Friday, 9:00-17:00 CET');
    // The SLA claim window and credit cap: today's figures, a window of at least a day, a cap not under the largest tier left (25%).
    const claim = screen.getByLabelText('Credits claimable within (days)');
    const cap = screen.getByLabelText("Credit cap (% of the month's fee)");
    expect(claim).toHaveValue('30');
    expect(cap).toHaveValue('100');
    await user.clear(claim);
    await user.type(claim, '0');
    await user.clear(cap);
    await user.type(cap, '20');
    await user.click(screen.getByRole('button', { name: 'Save business rules' }));
    expect(await screen.findByText('The days to claim an SLA credit must be at least 1')).toBeInTheDocument();
    expect(screen.getByText("The cap cannot be below the largest tier's credit (25%)")).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.clear(claim);
    await user.type(claim, '45');
    await user.clear(cap);
    await user.type(cap, '80');
    // The business days a refund takes: the most cannot be fewer than the fewest.
    const fewest = screen.getByLabelText('Refund arrives after (fewest business days)');
    const most = screen.getByLabelText('Refund arrives within (most business days)');
    expect(fewest).toHaveValue('5');
    expect(most).toHaveValue('7');
    await user.clear(fewest);
    await user.type(fewest, '8');
    await user.click(screen.getByRole('button', { name: 'Save business rules' }));
    expect(await screen.findByText('The most days cannot be fewer than the fewest (8)')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.clear(fewest);
    await user.type(fewest, '3');
    await user.clear(most);
    await user.type(most, '10');
    await user.click(screen.getByRole('button', { name: 'Save business rules' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Business rules saved', expect.anything()));
    expect(sent).toEqual([
      {
        key: 'PUT /api/admin/settings/business-rules',
        body: {
          ...defaultBusinessRules,
          deleteAfterDays: 45,
          refundDaysMin: 3,
          refundDaysMax: 10,
          slaCredits: defaultBusinessRules.slaCredits.slice(0, 2),
          slaClaimWithinDays: 45,
          slaCreditCapPercent: 80,
          affiliate: { ...defaultBusinessRules.affiliate, enabled: false, commissionMonths: 12, minimumPayoutCents: 2550 },
          support: { ...defaultBusinessRules.support, technicalMinutes: 240, hoursText: 'Monday to Friday, 9:00-17:00 CET' },
          reason: 'New terms from January',
        },
      },
    ]);
  });

  // Decision 080: an extra currency's minimum payout is its own, else its smallest card payment.
  it('sets a minimum payout per extra currency, or leaves it to the smallest card payment', async () => {
    const user = renderPage();
    const dollars = await screen.findByLabelText('Minimum payout (USD)');
    expect(dollars).toHaveValue('');
    expect(dollars).toHaveAccessibleDescription('Empty: $0.50, the smallest card payment in USD.');
    await user.type(dollars, '12.345');
    await user.type(screen.getByLabelText('Reason for the change'), 'Bank fees on dollar transfers');
    await user.click(screen.getByRole('button', { name: 'Save business rules' }));
    expect(await screen.findByText('Enter the minimum payout as an amount in USD, or leave it empty')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.clear(dollars);
    await user.type(dollars, '20');
    await user.click(screen.getByRole('button', { name: 'Save business rules' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Business rules saved', expect.anything()));
    expect(sent).toEqual([
      {
        key: 'PUT /api/admin/settings/business-rules',
        body: {
          ...defaultBusinessRules,
          affiliate: { ...defaultBusinessRules.affiliate, minimumPayoutByCurrency: { usd: 2000 } },
          reason: 'Bank fees on dollar transfers',
        },
      },
    ]);
  });

  it('adds an extra currency with a reason, and says why one is not offered yet', async () => {
    const user = renderPage();
    const list = await screen.findByRole('list', { name: 'Extra currencies' });
    expect(within(list).getByText(/3 items on sale have no USD price/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Choose a currency to add')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Add a currency'), 'gbp');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(within(list).getByText('GBP')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save extra currencies' }));
    expect(await screen.findByText('Please give a reason of at least 3 characters')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText('Reason for the extra currencies'), 'Customers in the UK');
    await user.click(screen.getByRole('button', { name: 'Save extra currencies' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Extra currencies saved', expect.anything()));
    expect(sent).toEqual([{ key: 'PUT /api/admin/settings/extra-currencies', body: { currencies: ['usd', 'gbp'], reason: 'Customers in the UK' } }]);
  });
});
