import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { startTestI18n } from '../../../../../tests/setup/i18n';
import type { BillingHistoryEntry, CreditNoteDetail, InvoiceDetail } from '../../../../shared/schemas/billing';
import { BillingHistoryTab } from './billing-history-tab';
import CreditNotePage from './credit-note-page';
import InvoicePage from './invoice-page';

const invoiceId = 'c0ffee00-0000-4000-8000-000000000001';
const noteId = 'c0ffee00-0000-4000-8000-0000000000c1';
const seller = { name: 'Spawnpoint', email: 'billing@spawnpoint.test', url: 'https://spawnpoint.test', address: '', country: null, taxId: '' };
const customer = { name: 'Ada Lovelace', email: 'ada@example.test', address: '', postalCode: '', region: '', country: null, vatId: '', vatIdStatus: null, vatCheck: null };
const note: CreditNoteDetail = {
  id: noteId,
  number: 'CN-000001',
  date: '2030-01-16T12:00:00.000Z',
  seller,
  customer,
  invoice: { id: invoiceId, number: 'INV-001001', date: '2030-01-15T12:00:00.000Z', totalCents: 1400 },
  description: 'Minecraft 4GB · Creeper Valley',
  reason: 'Goodwill for the outage',
  amountCents: 700,
  netCents: 700,
  taxLines: [],
  taxCents: 0,
  reverseCharge: false,
  note: null,
  currency: 'usd',
  method: 'credit',
  methodLabel: 'Added to your account credit',
  refundDaysMin: 5,
  refundDaysMax: 7,
};
const invoice: InvoiceDetail = {
  id: invoiceId,
  number: 'INV-001001',
  date: '2030-01-15T12:00:00.000Z',
  status: 'paid',
  seller,
  customer,
  description: 'Minecraft 4GB · Creeper Valley',
  lines: [{ description: 'Minecraft 4GB, 1 month', quantity: 1, unitCents: 1400, amountCents: 1400 }],
  subtotalCents: 1400,
  discountCents: 0,
  totalCents: 1400,
  tax: { inclusive: false, reverseCharge: false, netCents: 1400, lines: [], taxCents: 0, grossCents: 1400, note: null },
  currency: 'usd',
  method: 'Visa •••• 4242',
  refundedAt: null,
  creditNotes: [{ id: noteId, number: 'CN-000001', amountCents: 700, issuedAt: '2030-01-16T12:00:00.000Z' }],
};
const history: BillingHistoryEntry[] = [
  { id: 'credit-1', kind: 'credit', date: '2030-01-16T12:00:00.000Z', description: 'Refund of INV-001001 (CN-000001)', amountCents: 700, currency: 'usd', status: 'refunded', method: 'Account credit', invoiceId, creditNoteId: noteId },
  { id: invoiceId, kind: 'charge', date: '2030-01-15T12:00:00.000Z', description: 'Minecraft 4GB (INV-001001)', amountCents: 1400, currency: 'usd', status: 'paid', method: 'Visa •••• 4242', invoiceId, creditNoteId: null },
];

let fetchMock: MockInstance<typeof fetch>;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = String(input);
    if (path === `/api/credit-notes/${noteId}`) return json(note);
    if (path === `/api/invoices/${invoiceId}`) return json(invoice);
    if (path === '/api/invoices') return json(history);
    return json({ error: { code: 'not_found', message: 'That credit note was not found.' } }, 404);
  });
});
afterEach(() => fetchMock.mockRestore());

function renderAt(entry: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/dashboard/billing" element={<BillingHistoryTab />} />
          <Route path="/dashboard/billing/invoices/:id" element={<InvoicePage />} />
          <Route path="/dashboard/billing/credit-notes/:id" element={<CreditNotePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('credit notes for customers', () => {
  it('a refund in the billing history opens its credit note, which links back to the invoice it corrects', async () => {
    const user = renderAt('/dashboard/billing');
    const table = await screen.findByRole('table', { name: /Billing history/ });
    const refund = within(table).getByRole('row', { name: /CN-000001/ });
    expect(within(refund).getByRole('link', { name: 'Download PDF of Refund of INV-001001 (CN-000001)' })).toHaveAttribute('href', `/api/credit-notes/${noteId}/pdf`);
    await user.click(within(refund).getByRole('link', { name: /^View credit note/ }));

    expect(await screen.findByRole('heading', { level: 1, name: 'CN-000001' })).toBeInTheDocument();
    expect(screen.getByText('Credit note')).toBeInTheDocument();
    expect(screen.getByTestId('credit-note-amount')).toHaveTextContent('$7.00');
    expect(screen.getByText('Added to your account credit')).toBeInTheDocument();
    expect(screen.getByText('Reason: Goodwill for the outage')).toBeInTheDocument();
    expect(screen.getByText('Credited to')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', `/api/credit-notes/${noteId}/pdf`);

    await user.click(screen.getByRole('link', { name: 'INV-001001' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'INV-001001' })).toBeInTheDocument();
    const notes = screen.getByRole('list', { name: 'Credit notes for this invoice' });
    expect(within(notes).getByText('−$7.00')).toBeInTheDocument();
    expect(screen.getByText(/Refunded so far:/)).toHaveTextContent('Refunded so far: $7.00 of $14.00');
    // The invoice itself is unchanged.
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('$14.00');
    await user.click(within(notes).getByRole('link', { name: 'CN-000001' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'CN-000001' })).toBeInTheDocument();
  });

  it('states the refund time the note was issued with, whatever the business rules say now', async () => {
    const cardNoteId = 'c0ffee00-0000-4000-8000-0000000000c2';
    fetchMock.mockImplementation(async (input) => {
      const path = String(input);
      if (path === `/api/credit-notes/${cardNoteId}`) return json({ ...note, id: cardNoteId, method: 'card', methodLabel: 'Back to the card you paid with', refundDaysMin: 14, refundDaysMax: 14 });
      return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
    });
    renderAt(`/dashboard/billing/credit-notes/${cardNoteId}`);
    expect(await screen.findByText(/A refund to your card reaches it in 14 business days\./)).toBeInTheDocument();
  });

  it('names where the money went in the reader\'s language, not the English the API carries', async () => {
    const cardNoteId = 'c0ffee00-0000-4000-8000-0000000000c3';
    fetchMock.mockImplementation(async (input) => {
      const path = String(input);
      if (path === `/api/credit-notes/${cardNoteId}`) return json({ ...note, id: cardNoteId, method: 'card', methodLabel: 'Back to the card you paid with' });
      if (path === `/api/credit-notes/${noteId}`) return json(note);
      return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
    });
    startTestI18n('de');
    try {
      renderAt(`/dashboard/billing/credit-notes/${cardNoteId}`);
      expect(await screen.findByText('Zurück auf die Karte, mit der Sie bezahlt haben')).toBeInTheDocument();
      expect(screen.getByText('Erstattet auf:')).toBeInTheDocument();
      expect(screen.queryByText('Back to the card you paid with')).not.toBeInTheDocument();
    } finally {
      startTestI18n('en');
    }
  });

  it('names account credit in German too', async () => {
    startTestI18n('de');
    try {
      renderAt(`/dashboard/billing/credit-notes/${noteId}`);
      expect(await screen.findByText('Ihrem Kontoguthaben gutgeschrieben')).toBeInTheDocument();
      expect(screen.queryByText('Added to your account credit')).not.toBeInTheDocument();
    } finally {
      startTestI18n('en');
    }
  });

  it("says so when the credit note is missing or another customer's", async () => {
    renderAt('/dashboard/billing/credit-notes/not-mine');
    expect(await screen.findByRole('heading', { level: 1, name: 'Credit note not found' })).toBeInTheDocument();
    expect(screen.getByText('This credit note does not exist, or it belongs to another account.')).toBeInTheDocument();
  });
});

describe('taxes on invoices and credit notes', () => {
  const taxedId = 'c0ffee00-0000-4000-8000-0000000000aa';
  const reverseId = 'c0ffee00-0000-4000-8000-0000000000ab';
  const verifiedId = 'c0ffee00-0000-4000-8000-0000000000ac';
  const dutchSeller = { ...seller, name: 'Blokhost B.V.', address: 'Keizersgracht 1\n1015 CJ Amsterdam', country: 'NL', taxId: 'NL123456789B01' };
  const germanBuyer = { ...customer, name: 'Klötzchen GmbH', address: 'Torstraße 1', postalCode: '10119', country: 'DE' };
  const note = 'Reverse charge: no VAT is charged on this invoice.';

  beforeEach(() => {
    fetchMock.mockImplementation(async (input) => {
      const path = String(input);
      if (path === `/api/invoices/${taxedId}`)
        return json({
          ...invoice,
          id: taxedId,
          seller: dutchSeller,
          customer: germanBuyer,
          tax: { inclusive: false, reverseCharge: false, netCents: 1400, lines: [{ name: 'VAT', rate: 19000, amountCents: 266 }], taxCents: 266, grossCents: 1666, note: null },
          creditNotes: [],
        });
      if (path === `/api/invoices/${reverseId}`)
        return json({
          ...invoice,
          id: reverseId,
          seller: dutchSeller,
          customer: { ...germanBuyer, vatId: 'FR40303265045', vatIdStatus: 'unverified' },
          tax: { inclusive: false, reverseCharge: true, netCents: 1400, lines: [{ name: 'VAT', rate: 0, amountCents: 0 }], taxCents: 0, grossCents: 1400, note },
          creditNotes: [],
        });
      if (path === `/api/invoices/${verifiedId}`)
        return json({
          ...invoice,
          id: verifiedId,
          seller: dutchSeller,
          customer: {
            ...germanBuyer,
            vatId: 'FR40303265045',
            vatIdStatus: 'verified',
            vatCheck: { by: 'vies', consultation: 'WAPIAAAAZ1b2C3d4', checkedAt: '2030-01-15T11:58:00.000Z' },
          },
          tax: { inclusive: false, reverseCharge: true, netCents: 1400, lines: [{ name: 'VAT', rate: 0, amountCents: 0 }], taxCents: 0, grossCents: 1400, note },
          creditNotes: [],
        });
      return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
    });
  });

  it('shows the seller and the buyer as issued, the net, each tax line and the gross', async () => {
    renderAt(`/dashboard/billing/invoices/${taxedId}`);
    const seller = await screen.findByTestId('document-seller');
    expect(seller).toHaveTextContent('Blokhost B.V.');
    expect(seller).toHaveTextContent('Keizersgracht 1');
    expect(seller).toHaveTextContent('Netherlands');
    // A well-formed EU VAT ID is named as one.
    expect(seller).toHaveTextContent('VAT ID: NL123456789B01');
    const buyer = screen.getByTestId('document-buyer');
    expect(buyer).toHaveTextContent('Klötzchen GmbH');
    expect(buyer).toHaveTextContent('10119');
    expect(buyer).toHaveTextContent('Germany');
    expect(screen.getByTestId('tax-net')).toHaveTextContent('$14.00');
    expect(screen.getByTestId('tax-line')).toHaveTextContent('VAT 19%$2.66');
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('$16.66');
    expect(screen.queryByTestId('invoice-tax-note')).toBeNull();
  });

  it('under reverse charge on a VAT ID VIES verified: the check and its consultation number are on the invoice', async () => {
    renderAt(`/dashboard/billing/invoices/${verifiedId}`);
    expect(await screen.findByTestId('tax-line')).toHaveTextContent('VAT 0% (reverse charge)$0.00');
    const buyer = screen.getByTestId('document-buyer');
    expect(within(buyer).getByText('VAT ID: FR40303265045')).toBeInTheDocument();
    expect(within(buyer).getByTestId('vat-check')).toHaveTextContent('Verified with VIES on Jan 15, 2030, consultation number WAPIAAAAZ1b2C3d4');
  });

  it('an invoice issued before VAT IDs were checked: 0%, the VAT ID as not verified, and the legal note', async () => {
    renderAt(`/dashboard/billing/invoices/${reverseId}`);
    expect(await screen.findByTestId('tax-line')).toHaveTextContent('VAT 0% (reverse charge)$0.00');
    expect(screen.getByTestId('document-buyer')).toHaveTextContent('VAT ID: FR40303265045 (not verified)');
    expect(screen.getByTestId('invoice-tax-note')).toHaveTextContent(note);
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('$14.00');
  });
});
