import type { BillingHistoryEntry, BillingOverview, CreditNoteDetail, DocumentCustomer, DocumentSeller, InvoiceDetail } from '../../../shared/schemas/billing';
import { lineWords, methodWords, noteWords, say, wordedLines, type Wording } from './wording';
import type { BuyerSnapshot, SellerSnapshot } from '../../../shared/schemas/tax';
import { shopCurrency } from '../../lib/shop-currency';
import { getBrand } from '../brand';
import { taxNoteOf, taxSummaryOf } from '../tax';
import { notFound } from '../../lib/errors';
import type { BillingDeps } from './billing-deps';
import { isUuid } from './billing-deps';
import { billableServices, customerOf, ownCreditNote, ownCreditNotes, ownInvoice, ownInvoices, paidInRange, type InvoiceRow } from './billing.repository';
import { balanceCents, balancesByCurrency, ledgerEntries, type LedgerEntry } from '../../lib/credit-ledger';
import { monthLabel } from './sla-credit';
import { slaCreditsOf } from './sla-credit.repository';
import { listPaymentMethods, type ReadOptions } from './payment-methods.service';

const brandNames: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'Amex', discover: 'Discover' };

/** "Visa •••• 4242", or the provider's name when the card is not known here. */
function methodOf(row: InvoiceRow): string {
  if (row.cardLast4) return `${brandNames[row.cardBrand ?? ''] ?? 'Card'} •••• ${row.cardLast4}`;
  const provider = row.purchaseProvider ?? row.provider;
  if (provider === 'stripe') return 'Card (Stripe)';
  return provider ? 'Card' : 'Account credit';
}

function describe(row: InvoiceRow, wording?: Wording): string {
  const first = row.invoice.lines[0];
  const what = row.planName ?? (first ? lineWords(first, wording) : say(wording, 'history.invoice', {}, 'Invoice'));
  return row.serverName ? `${what} · ${row.serverName}` : what;
}

/** The calendar month (UTC) around `now`, as [first instant, first instant of the next]. */
export function monthOf(now: Date): [Date, Date] {
  return [
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  ];
}

async function safeMethodCount(deps: BillingDeps, userId: string, options: ReadOptions): Promise<number> {
  try {
    return (await listPaymentMethods(deps, userId, options)).length;
  } catch (error) {
    // The provider being unreachable should not take the whole overview down.
    deps.log.warn({ err: error, userId }, 'could not count saved payment methods');
    return 0;
  }
}

export async function billingOverview(deps: BillingDeps, userId: string, options: ReadOptions = {}): Promise<BillingOverview> {
  const [from, to] = monthOf(deps.clock.now());
  const currency = await shopCurrency(deps.db);
  const [services, balance, balances, thisMonth, paymentMethods] = await Promise.all([
    billableServices(deps.db, userId),
    balanceCents(deps.db, userId, currency),
    balancesByCurrency(deps.db, userId),
    paidInRange(deps.db, userId, from, to, currency),
    safeMethodCount(deps, userId, options),
  ]);
  const upcoming = services
    .filter((s) => !s.cancelAt)
    .map((s) => ({
      serverId: s.serverId,
      service: s.name,
      planName: s.planName,
      currency: s.currency,
      amountCents: s.periodTotalCents,
      dueDate: s.renewsAt.toISOString(),
      status: 'scheduled' as const,
    }));
  const ending = services.flatMap((s) =>
    s.cancelAt ? [{ serverId: s.serverId, service: s.name, cancelAt: s.cancelAt.toISOString() }] : [],
  );
  const next = upcoming[0];
  return {
    currency,
    stats: {
      currentBalance: balance,
      balances: balances.filter((b) => b.cents !== 0),
      nextPayment: next ? { amountCents: next.amountCents, currency: next.currency, dueDate: next.dueDate, service: next.service } : null,
      thisMonth,
      paymentMethods,
    },
    upcoming,
    ending,
  };
}

const ledgerDescriptions = {
  affiliate_credit: ['history.affiliateCredit', 'Affiliate commission taken as credit'],
  refund_credit: ['history.refundCredit', 'Refund to account credit'],
  staff_adjustment: ['history.staffAdjustment', 'Credit adjustment'],
  credit_applied: ['history.creditApplied', 'Account credit applied'],
  sla_credit: ['history.slaCreditGeneric', 'SLA credit'],
} as const;

type SlaCreditRow = Awaited<ReturnType<typeof slaCreditsOf>>[number];

/** An SLA credit names its server and month in the reader's language; other credits show staff's reason or their kind. */
function creditDescription(entry: LedgerEntry, sla: Map<string, SlaCreditRow>, wording: Wording | undefined): string {
  const granted = entry.kind === 'sla_credit' && entry.referenceId ? sla.get(entry.referenceId) : undefined;
  if (granted) {
    const values = { server: granted.serverName, month: monthLabel(granted.month, wording?.locale ?? 'en') };
    return say(wording, 'history.slaCredit', values, `SLA credit for ${values.server}, ${values.month}`);
  }
  return entry.reason || say(wording, ledgerDescriptions[entry.kind][0], {}, ledgerDescriptions[entry.kind][1]);
}

type CreditNoteRow = Awaited<ReturnType<typeof ownCreditNotes>>[number];

function notesByInvoice(notes: CreditNoteRow[]) {
  const map = new Map<string, CreditNoteRow['note'][]>();
  for (const { note } of notes) {
    if (!note.invoiceId) continue;
    map.set(note.invoiceId, [...(map.get(note.invoiceId) ?? []), note]);
  }
  return map;
}

/** An invoice row keeps the status it was issued with; a refund of all of it shows as refunded. */
function shownStatus(invoice: InvoiceRow['invoice'], notes: CreditNoteRow['note'][]) {
  const refunded = notes.reduce((sum, n) => sum + n.amountCents, 0);
  return invoice.status === 'paid' && notes.length > 0 && refunded >= invoice.grossCents ? 'refunded' : invoice.status;
}

/** Every charge, refund and credit, and the renewals still to come, newest first. */
export async function billingHistory(deps: BillingDeps, userId: string, wording?: Wording): Promise<BillingHistoryEntry[]> {
  const [invoiceRows, credits, services, notes, sla] = await Promise.all([
    ownInvoices(deps.db, userId),
    ledgerEntries(deps.db, userId),
    billableServices(deps.db, userId),
    ownCreditNotes(deps.db, userId),
    slaCreditsOf(deps.db, userId),
  ]);
  const slaById = new Map(sla.map((c) => [c.id, c]));
  const byInvoice = notesByInvoice(notes);
  const entries: BillingHistoryEntry[] = [];
  for (const row of invoiceRows) {
    const method = methodWords(methodOf(row), wording);
    const invoiceNotes = byInvoice.get(row.invoice.id) ?? [];
    entries.push({
      id: row.invoice.id,
      kind: 'charge',
      date: row.invoice.issuedAt.toISOString(),
      description: say(wording, 'history.charge', { what: describe(row, wording), server: 'none', number: row.invoice.number }, `${describe(row)} (${row.invoice.number})`),
      amountCents: row.invoice.grossCents,
      currency: row.invoice.currency,
      status: shownStatus(row.invoice, invoiceNotes),
      method,
      invoiceId: row.invoice.id,
      creditNoteId: null,
    });
    // Card refunds; a refund to credit shows as its ledger entry below.
    for (const note of invoiceNotes.filter((n) => n.method === 'card')) {
      entries.push({
        id: `refund-${note.id}`,
        kind: 'refund',
        date: note.issuedAt.toISOString(),
        description: say(wording, 'history.refund', { invoice: row.invoice.number, note: note.number }, `Refund of ${row.invoice.number} (${note.number})`),
        amountCents: -note.amountCents,
        currency: row.invoice.currency,
        status: 'refunded',
        method,
        invoiceId: row.invoice.id,
        creditNoteId: note.id,
      });
    }
    // Refunded before refunds issued credit notes.
    if (row.invoice.status === 'refunded' && invoiceNotes.length === 0) {
      entries.push({
        id: `refund-${row.invoice.id}`,
        kind: 'refund',
        date: (row.refundedAt ?? row.invoice.issuedAt).toISOString(),
        description: say(wording, 'history.refund', { invoice: row.invoice.number, note: 'none' }, `Refund of ${row.invoice.number}`),
        amountCents: -row.invoice.grossCents,
        currency: row.invoice.currency,
        status: 'refunded',
        method,
        invoiceId: row.invoice.id,
        creditNoteId: null,
      });
    }
  }
  const invoiceIds = new Set(invoiceRows.map((r) => r.invoice.id));
  const noteOfRefund = new Map(notes.map(({ note }) => [note.refundId, note]));
  for (const entry of credits) {
    const note = entry.kind === 'refund_credit' && entry.referenceId ? noteOfRefund.get(entry.referenceId) : undefined;
    const invoiceId = note?.invoiceId ?? (entry.referenceId && invoiceIds.has(entry.referenceId) ? entry.referenceId : null);
    entries.push({
      id: `credit-${entry.id}`,
      kind: 'credit',
      date: entry.createdAt.toISOString(),
      description: creditDescription(entry, slaById, wording),
      amountCents: entry.amountCents,
      currency: entry.currency,
      status: entry.kind === 'refund_credit' ? 'refunded' : 'paid',
      method: methodWords('Account credit', wording),
      invoiceId,
      creditNoteId: note?.id ?? null,
    });
  }
  for (const s of services) {
    if (s.cancelAt) continue;
    entries.push({
      id: `renewal-${s.serverId}`,
      kind: 'renewal',
      date: s.renewsAt.toISOString(),
      description: say(wording, 'history.renewal', { service: s.name, plan: s.planName }, `Renewal of ${s.name} (${s.planName})`),
      amountCents: s.periodTotalCents,
      currency: s.currency,
      status: 'scheduled',
      method: methodWords('Default payment method', wording),
      invoiceId: null,
      creditNoteId: null,
    });
  }
  return entries.sort((a, b) => b.date.localeCompare(a.date));
}

/**
 * The seller as the document was issued, with the shop's brand as saved now (Settings → Brand)
 * standing in for a legal name not set then, and its support address for questions.
 */
async function sellerOf(deps: BillingDeps, snapshot: SellerSnapshot | null): Promise<DocumentSeller> {
  const brand = await getBrand(deps.db);
  return {
    ...deps.seller,
    email: brand.supportEmail,
    name: snapshot?.name || brand.name,
    address: snapshot?.address ?? '',
    country: snapshot?.country ?? null,
    taxId: snapshot?.taxId ?? '',
  };
}

/** The buyer's billing details at issue; documents from before billing details show the account's name. */
function customerOfDocument(snapshot: BuyerSnapshot | null, account: Awaited<ReturnType<typeof customerOf>>): DocumentCustomer {
  if (snapshot) return { ...snapshot, vatCheck: snapshot.vatCheck ?? null, email: snapshot.email || (account?.email ?? '') };
  const name = `${account?.firstName ?? ''} ${account?.lastName ?? ''}`.trim();
  return {
    name: name || (account?.email ?? ''),
    email: account?.email ?? '',
    address: '',
    postalCode: '',
    region: '',
    country: null,
    vatId: '',
    vatIdStatus: null,
    vatCheck: null,
  };
}

function wordedTax<T extends { note: string | null }>(tax: T, wording: Wording | undefined): T {
  return { ...tax, note: noteWords(tax.note, wording) };
}

export async function invoiceDetail(deps: BillingDeps, userId: string, invoiceId: string, wording?: Wording): Promise<InvoiceDetail> {
  const row = isUuid(invoiceId) ? await ownInvoice(deps.db, userId, invoiceId) : undefined;
  if (!row) throw notFound('That invoice was not found.');
  const customer = await customerOf(deps.db, userId);
  const { invoice } = row;
  const notes = (await ownCreditNotes(deps.db, userId)).filter((n) => n.note.invoiceId === invoice.id).map((n) => n.note).reverse();
  return {
    id: invoice.id,
    number: invoice.number,
    date: invoice.issuedAt.toISOString(),
    status: shownStatus(invoice, notes),
    seller: await sellerOf(deps, invoice.seller),
    customer: customerOfDocument(invoice.buyer, customer),
    description: describe(row, wording),
    lines: wordedLines(invoice.lines, wording),
    subtotalCents: invoice.subtotalCents,
    discountCents: invoice.discountCents,
    totalCents: invoice.totalCents,
    tax: wordedTax(taxSummaryOf(invoice), wording),
    currency: invoice.currency,
    method: methodWords(methodOf(row), wording),
    refundedAt: refundedAt(invoice, row, notes),
    creditNotes: notes.map((n) => ({ id: n.id, number: n.number, amountCents: n.amountCents, issuedAt: n.issuedAt.toISOString() })),
  };
}

function refundedAt(invoice: InvoiceRow['invoice'], row: InvoiceRow, notes: CreditNoteRow['note'][]): string | null {
  if (shownStatus(invoice, notes) !== 'refunded') return null;
  const last = notes.at(-1);
  if (last) return last.issuedAt.toISOString();
  return row.refundedAt ? row.refundedAt.toISOString() : null;
}

const refundMethodLabels = {
  card: 'Back to the card you paid with',
  credit: 'Added to your account credit',
} as const;

/** A refund's credit note, as the printable page shows it; another customer's answers 404. */
export async function creditNoteDetail(deps: BillingDeps, userId: string, creditNoteId: string, wording?: Wording): Promise<CreditNoteDetail> {
  const row = isUuid(creditNoteId) ? await ownCreditNote(deps.db, userId, creditNoteId) : undefined;
  if (!row) throw notFound('That credit note was not found.');
  const customer = await customerOf(deps.db, userId);
  const { note, invoice } = row;
  const first = invoice?.lines[0];
  const what = row.planName ?? (first ? lineWords(first, wording) : say(wording, 'history.refundTitle', {}, 'Refund'));
  return {
    id: note.id,
    number: note.number,
    date: note.issuedAt.toISOString(),
    seller: await sellerOf(deps, note.seller),
    customer: customerOfDocument(note.buyer ?? invoice?.buyer ?? null, customer),
    invoice: invoice ? { id: invoice.id, number: invoice.number, date: invoice.issuedAt.toISOString(), totalCents: invoice.grossCents } : null,
    description: row.serverName ? `${what} · ${row.serverName}` : what,
    reason: note.reason,
    amountCents: note.amountCents,
    netCents: note.netCents,
    taxLines: note.taxLines,
    taxCents: note.taxCents,
    reverseCharge: invoice?.reverseCharge ?? false,
    note: noteWords(taxNoteOf(invoice?.reverseCharge ?? false), wording),
    currency: note.currency,
    method: note.method,
    methodLabel: refundMethodLabels[note.method],
    refundDaysMin: note.refundDaysMin,
    refundDaysMax: note.refundDaysMax,
  };
}
