import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { CustomerDetail } from '../../../../../shared/schemas/admin/customers';
import { setSessionUser } from '../../../../lib/session';
import CustomerPage from './customer-page';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const id = '7d1c0f2a-0000-4000-8000-000000000001';
const detail: CustomerDetail = {
  profile: {
    id,
    email: 'ada@example.test',
    name: 'Ada Lovelace',
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: 'customer',
    emailVerified: true,
    emailVerifiedAt: '2030-01-15T12:00:00.000Z',
    twoFactorEnabled: true,
    suspendedAt: null,
    suspendedReason: null,
    referralCode: 'ADA12345',
    serverCount: 1,
    inDunning: false,
    createdAt: '2030-01-15T12:00:00.000Z',
    updatedAt: '2030-01-15T12:00:00.000Z',
  },
  sessions: [{ id: 's1', createdAt: '2030-01-15T12:00:00.000Z', lastSeenAt: '2030-01-15T12:30:00.000Z', ip: '203.0.113.9', userAgent: 'Firefox' }],
  servers: [
    {
      id: 'srv1',
      name: 'Creeper Valley',
      status: 'online',
      game: 'minecraft',
      planName: 'Minecraft 4GB',
      location: 'us-west',
      suspendedBy: null,
      renewsAt: '2030-02-15T12:00:00.000Z',
      createdAt: '2030-01-15T12:00:00.000Z',
    },
  ],
  orders: [],
  invoices: [{ id: 'inv1', number: 'INV-001001', status: 'paid', currency: 'usd', totalCents: 1400, issuedAt: '2030-01-15T12:00:00.000Z' }],
  credit: {
    balanceCents: 2500,
    currency: 'usd',
    entries: [
      {
        id: 'l1',
        amountCents: 2500,
        currency: 'usd',
        kind: 'staff_adjustment',
        reason: 'Outage on 3 March',
        referenceId: null,
        createdBy: 'staff',
        createdByEmail: 'grace@example.test',
        createdAt: '2030-01-15T12:00:00.000Z',
      },
    ],
  },
  tickets: [],
  referrals: { referredBy: null, referred: [], referredCount: 0 },
  activity: [{ id: 'a1', kind: 'account', message: 'Credit of $25.00: Outage on 3 March', createdAt: '2030-01-15T12:00:00.000Z' }],
  billingDetails: null,
  staffActions: null,
};

let fetchMock: MockInstance<typeof fetch>;
const emails = [
  {
    id: 'e1',
    to: 'ada@example.test',
    subject: 'Your invoice INV-7',
    status: 'failed',
    attempts: 10,
    lastError: 'connect ECONNREFUSED 127.0.0.1:25',
    attachments: ['INV-7.pdf'],
    resendOf: null,
    createdAt: '2030-01-10T10:00:00.000Z',
    sentAt: null,
  },
];
let posted: { url: string; body: unknown }[];
let shown: CustomerDetail;

beforeEach(() => {
  posted = [];
  shown = detail;
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body ?? '{}'));
      posted.push({ url, body });
      if (url.endsWith('/credit')) {
        if (body.amountCents < -2500) return json(409, { error: { code: 'conflict', message: 'The balance is $25.00; it cannot go below $0.00.' } });
        return json(201, { ...shown.credit, balanceCents: 2500 + body.amountCents, entry: detail.credit.entries[0] });
      }
      return json(200, { ok: true, message: 'Done and dusted.' });
    }
    if (url === `/api/admin/customers/${id}`) return json(200, shown);
    if (url === `/api/admin/customers/${id}/emails`) return json(200, { emails });
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
});
afterEach(() => {
  fetchMock.mockRestore();
  setSessionUser(null);
  toastMock.success.mockReset();
});

function renderPage(role: 'support' | 'billing' | 'admin') {
  setSessionUser({ id: 'staff', email: 'staff@example.test', role, twoFactorEnabled: true });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/admin/customers/${id}`]}>
        <Routes>
          <Route path="/admin/customers/:id" element={<CustomerPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the staff customer page', () => {
  it('shows the profile and every section; support gets the access actions but not credit', async () => {
    renderPage('support');
    expect(await screen.findByRole('heading', { level: 1, name: 'ada@example.test' })).toBeInTheDocument();
    for (const name of ['Profile', 'Sessions', 'Servers', 'Credit', 'Orders', 'Invoices', 'Tickets', 'Referrals', 'Activity']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(within(screen.getByRole('table', { name: 'Sessions' })).getByText('203.0.113.9')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Creeper Valley' })).toHaveAttribute('href', '/admin/servers/srv1');
    expect(within(screen.getByRole('table', { name: 'Credit' })).getByText('by grace@example.test')).toBeInTheDocument();
    expect(screen.getByText('$25.00')).toBeInTheDocument();
    for (const name of ['View as customer', 'Suspend account', 'Send password reset', 'Turn off 2FA', 'Sign out everywhere']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: 'Adjust credit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend verification' })).not.toBeInTheDocument();
  });

  it('shows each order, invoice and ledger entry in its own currency', async () => {
    shown = {
      ...detail,
      orders: [{ id: 'o2', planName: 'Minecraft 4GB', kind: 'server', status: 'paid', currency: 'eur', totalCents: 1290, provider: 'local', createdAt: '2030-01-15T12:00:00.000Z', paidAt: null }],
      invoices: [{ ...detail.invoices[0]!, currency: 'jpy', totalCents: 1500 }],
      credit: { ...detail.credit, entries: [{ ...detail.credit.entries[0]!, currency: 'eur', amountCents: 650 }] },
    };
    renderPage('support');
    expect(await within(await screen.findByRole('table', { name: 'Orders' })).findByText('€12.90')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Invoices' })).getByText('¥1,500')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Credit' })).getByText(/€6\.50/)).toBeInTheDocument();
  });

  it('shows the billing details read-only, with the VAT ID still being checked with VIES', async () => {
    shown = {
      ...detail,
      billingDetails: {
        name: 'Lovelace Analytical Engines GmbH',
        address: 'Unter den Linden 1, Berlin',
        country: 'DE',
        region: '',
        postalCode: '10117',
        vatId: 'FR40303265045',
        vatIdStatus: 'checking',
        vatCheck: null,
        vatCheckError: 'MS_UNAVAILABLE',
        updatedAt: '2030-01-16T09:00:00.000Z',
      },
    };
    renderPage('support');
    const section = (await screen.findByRole('heading', { level: 2, name: 'Billing details' })).closest('section')!;
    const value = (label: string) => within(section).getByText(label).nextElementSibling;
    expect(value('Name or company')).toHaveTextContent('Lovelace Analytical Engines GmbH');
    expect(value('Address')).toHaveTextContent('Unter den Linden 1, Berlin');
    expect(value('Country')).toHaveTextContent('Germany (DE)');
    expect(value('State or region')).toHaveTextContent('Not given');
    expect(value('Postal code')).toHaveTextContent('10117');
    expect(value('VAT ID')).toHaveTextContent('FR40303265045Checking with VIES: no answer yet (MS_UNAVAILABLE). VAT is charged until it is verified.');
    // Read-only: nothing in the section can be edited.
    expect(within(section).queryByRole('textbox')).toBeNull();
    expect(within(section).queryByRole('button')).toBeNull();
    expect(section).toHaveTextContent('Only the customer can change these, in Settings → Billing details.');
  });

  it('lets billing mark a VAT ID VIES could not check as verified, with a reason; support cannot', async () => {
    const checking: CustomerDetail['billingDetails'] = {
      name: 'Lovelace Analytical Engines GmbH',
      address: '',
      country: 'DE',
      region: '',
      postalCode: '10117',
      vatId: 'FR40303265045',
      vatIdStatus: 'checking',
      vatCheck: null,
      vatCheckError: 'MS_UNAVAILABLE',
      updatedAt: '2030-01-16T09:00:00.000Z',
    };
    shown = { ...detail, billingDetails: checking };
    const user = renderPage('billing');
    await user.click(await screen.findByRole('button', { name: 'Mark VAT ID as verified' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark this VAT ID as verified?' });
    expect(dialog).toHaveTextContent('Only after checking FR40303265045 yourself');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as verified' }));
    expect(within(dialog).getByText('Please give a reason of at least 3 characters')).toBeInTheDocument();
    expect(posted).toEqual([]);

    shown = { ...detail, billingDetails: { ...checking, vatIdStatus: 'verified', vatCheckError: null, vatCheck: { by: 'staff', consultation: null, checkedAt: '2030-01-17T10:00:00.000Z' } } };
    await user.type(within(dialog).getByLabelText('Reason'), 'Checked on the French register, VIES down for FR');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as verified' }));
    await waitFor(() =>
      expect(posted).toEqual([
        { url: `/api/admin/customers/${id}/vat-id/verify`, body: { vatId: 'FR40303265045', reason: 'Checked on the French register, VIES down for FR' } },
      ]),
    );
    expect(toastMock.success).toHaveBeenCalledWith('Done and dusted.');
    const section = screen.getByRole('heading', { level: 2, name: 'Billing details' }).closest('section')!;
    await waitFor(() => expect(within(section).getByText('VAT ID').nextElementSibling).toHaveTextContent(/^FR40303265045Verified by hand on /));
    expect(within(section).queryByRole('button', { name: 'Mark VAT ID as verified' })).toBeNull();
  });

  it('shows a VIES verification with its consultation number, and gives support no verify button', async () => {
    shown = {
      ...detail,
      billingDetails: {
        name: 'Lovelace Analytical Engines GmbH',
        address: '',
        country: 'DE',
        region: '',
        postalCode: '10117',
        vatId: 'FR40303265045',
        vatIdStatus: 'invalid',
        vatCheck: { by: 'vies', consultation: 'WAPIAAAAZ1b2C3d4', checkedAt: '2030-01-17T10:00:00.000Z' },
        vatCheckError: null,
        updatedAt: '2030-01-16T09:00:00.000Z',
      },
    };
    renderPage('support');
    const section = (await screen.findByRole('heading', { level: 2, name: 'Billing details' })).closest('section')!;
    expect(within(section).getByText('VAT ID').nextElementSibling).toHaveTextContent(/Not valid: VIES says it is not registered \(.+\)\. VAT is charged\./);
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('says when the customer has not given billing details yet', async () => {
    renderPage('billing');
    const section = (await screen.findByRole('heading', { level: 2, name: 'Billing details' })).closest('section')!;
    expect(section).toHaveTextContent('Not given yet: the customer is asked for them at their first checkout.');
  });

  it('asks for a reason before suspending', async () => {
    const user = renderPage('support');
    await user.click(await screen.findByRole('button', { name: 'Suspend account' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend this account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend account' }));
    expect(within(dialog).getByText('Please give a reason of at least 3 characters')).toBeInTheDocument();
    expect(posted).toEqual([]);
    await user.type(within(dialog).getByLabelText('Reason'), 'Chargeback on order 1234');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend account' }));
    await waitFor(() => expect(posted).toEqual([{ url: `/api/admin/customers/${id}/suspend`, body: { reason: 'Chargeback on order 1234' } }]));
    expect(toastMock.success).toHaveBeenCalledWith('Done and dusted.');
  });

  it('lets billing take credit back, and shows the refusal when it would go below zero', async () => {
    const user = renderPage('billing');
    await user.click(await screen.findByRole('button', { name: 'Adjust credit' }));
    const dialog = screen.getByRole('dialog', { name: 'Adjust credit' });
    await user.selectOptions(within(dialog).getByLabelText('Change'), 'take');
    await user.type(within(dialog).getByLabelText('Amount in USD ($)'), '30');
    await user.type(within(dialog).getByLabelText('Reason'), 'Goodwill given twice');
    await user.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    expect(await within(dialog).findByText('The balance is $25.00; it cannot go below $0.00.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Amount in USD ($)'));
    await user.type(within(dialog).getByLabelText('Amount in USD ($)'), '12.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    await waitFor(() => expect(posted.at(-1)).toEqual({ url: `/api/admin/customers/${id}/credit`, body: { amountCents: -1250, reason: 'Goodwill given twice' } }));
    expect(toastMock.success).toHaveBeenCalledWith('Credit saved. The balance is now $12.50.');
  });

  it.each([
    ['jpy', 'JPY (¥)', '12.5', 'JPY amounts have no decimals: enter it like 1500', '1,500', 1500, '¥4,000'],
    ['eur', 'EUR (€)', '12.345', 'EUR amounts have at most 2 decimals: enter it like 12.50', '15', 1500, '€40.00'],
  ])("gives credit in a %s shop's own currency and names its decimals when refusing", async (currency, caption, bad, message, good, minor, balance) => {
    shown = { ...detail, credit: { ...detail.credit, currency } };
    const user = renderPage('billing');
    await user.click(await screen.findByRole('button', { name: 'Adjust credit' }));
    const dialog = screen.getByRole('dialog', { name: 'Adjust credit' });
    expect(dialog).toHaveAccessibleDescription(new RegExp(`account credit in ${currency.toUpperCase()}, the shop's currency`));
    const amount = within(dialog).getByLabelText(`Amount in ${caption}`);
    await user.type(amount, bad);
    await user.type(within(dialog).getByLabelText('Reason'), 'Goodwill for the outage');
    await user.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '-5');
    await user.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    expect(within(dialog).getByText(/^The amount cannot be negative\./)).toBeInTheDocument();
    expect(posted).toEqual([]);
    await user.clear(amount);
    await user.type(amount, good);
    await user.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    await waitFor(() => expect(posted.at(-1)).toEqual({ url: `/api/admin/customers/${id}/credit`, body: { amountCents: minor, reason: 'Goodwill for the outage' } }));
    expect(toastMock.success).toHaveBeenCalledWith(`Credit saved. The balance is now ${balance}.`);
  });

  it('shows each email with its state and resends one', async () => {
    const user = renderPage('support');
    const table = await screen.findByRole('table', { name: 'Emails' });
    expect(within(table).getByText('Your invoice INV-7')).toBeInTheDocument();
    expect(within(table).getByText('Failed')).toBeInTheDocument();
    expect(within(table).getByText('connect ECONNREFUSED 127.0.0.1:25')).toBeInTheDocument();
    expect(within(table).getByText(/attached: INV-7\.pdf/)).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: /^Resend "Your invoice INV-7"/ }));
    const dialog = screen.getByRole('dialog', { name: 'Resend this email?' });
    await user.click(within(dialog).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(posted).toEqual([{ url: `/api/admin/customers/${id}/emails/e1/resend`, body: {} }]));
    expect(toastMock.success).toHaveBeenCalledWith('Done and dusted.');
  });
});
