import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TaxRows } from '../../../../components/billing/tax-rows';
import { formatMoney } from '../../../../../shared/money';
import type { AdminOrderDetail, AdminRefund } from '../../../../../shared/schemas/admin/orders';
import { Badge } from '../../../../components/ui/badge';
import { Card } from '../../../../components/ui/card';
import { adminCreditNotePdfUrl, adminInvoicePdfUrl } from '../api/document-pdf';
import { GameName, LocationName } from './cells';
import { PdfLink } from './pdf-link';
import { formatDateTime, providerLabel } from './format';

export function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-muted">{label}</dt>
      <dd className="mt-0.5 break-words text-sm">{children}</dd>
    </div>
  );
}

const linkClass = 'text-ink underline-offset-2 hover:text-accent hover:underline';

export function SummaryCard({ order }: { order: AdminOrderDetail }) {
  return (
    <Card>
      <h2 className="text-lg font-bold">Summary</h2>
      <dl className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Item label="Customer">
          <Link to={`/admin/customers/${order.customer.id}`} className={linkClass}>
            {order.customer.email}
          </Link>
        </Item>
        <Item label="Kind">{order.kind === 'server' ? 'Game server' : 'Upgrade pack'}{order.renewal ? ' (renewal)' : ''}</Item>
        <Item label="Game">
          <GameName game={order.game} />
        </Item>
        <Item label="Plan">{order.planName}</Item>
        <Item label="Billing period">
          {order.period ? order.period.charAt(0).toUpperCase() + order.period.slice(1) : '—'}
          {order.months > 0 && ` (${order.months} ${order.months === 1 ? 'month' : 'months'})`}
        </Item>
        <Item label="Location">
          <LocationName location={order.location} />
        </Item>
        <Item label="Server">
          {order.server ? (
            <>
                <Link to={`/admin/servers/${order.server.id}`} className={linkClass}>
                  {order.server.name}
                </Link>{' '}
                <span className="text-muted">({order.server.status})</span>
            </>
          ) : (
            '—'
          )}
        </Item>
        <Item label="Invoice">
          {order.invoice ? (
            <span className="inline-flex flex-wrap items-center gap-x-3">
              <Link to={`/admin/invoices?q=${encodeURIComponent(order.invoice.number)}`} className={`${linkClass} font-mono`}>
                {order.invoice.number}
              </Link>
              <PdfLink href={adminInvoicePdfUrl(order.invoice.id)} of={order.invoice.number} />
            </span>
          ) : (
            'Not issued'
          )}
        </Item>
        <Item label="Provider">{providerLabel(order.provider)}</Item>
        <Item label="Placed">{formatDateTime(order.createdAt)}</Item>
        <Item label="Paid">{formatDateTime(order.paidAt)}</Item>
        <Item label="Order id">
          <span className="font-mono text-xs">{order.id}</span>
        </Item>
      </dl>
    </Card>
  );
}

export function LinesCard({ order }: { order: AdminOrderDetail }) {
  const formatPrice = (minor: number) => formatMoney(minor, order.currency);
  return (
    <Card>
      <section aria-labelledby="order-lines-title">
        <h2 id="order-lines-title" className="text-lg font-bold">
          Lines
        </h2>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Order lines</caption>
            <thead className="text-left text-xs uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className="py-2 pr-3">Description</th>
                <th scope="col" className="px-3 py-2 text-right">Qty</th>
                <th scope="col" className="hidden px-3 py-2 text-right sm:table-cell">Unit price</th>
                <th scope="col" className="py-2 pl-3 text-right">Amount</th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line, i) => (
                <tr key={`${line.description}-${i}`} className="border-t border-line">
                  <td className="py-2.5 pr-3">{line.description}</td>
                  <td className="px-3 py-2.5 text-right tabular-nums">{line.quantity}</td>
                  <td className="hidden px-3 py-2.5 text-right tabular-nums sm:table-cell">{formatPrice(line.unitCents)}</td>
                  <td className="py-2.5 pl-3 text-right tabular-nums">{formatPrice(line.amountCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="ml-auto mt-3 max-w-xs space-y-1.5 border-t border-line pt-3 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-muted">Subtotal</dt>
            <dd className="tabular-nums">{formatPrice(order.subtotalCents)}</dd>
          </div>
          {order.discountCents > 0 && (
            <div className="flex justify-between gap-4">
              <dt className="text-muted">Discount</dt>
              <dd className="tabular-nums">−{formatPrice(order.discountCents)}</dd>
            </div>
          )}
          <TaxRows tax={order.tax} currency={order.currency} />
          <div className="flex justify-between gap-4 border-t border-line pt-1.5 font-bold">
            <dt>Total</dt>
            <dd className="tabular-nums">{formatPrice(order.totalCents)}</dd>
          </div>
        </dl>
        {order.tax.note && <p className="mt-3 text-xs text-muted">{order.tax.note}</p>}
      </section>
    </Card>
  );
}

export function PaymentCard({ order }: { order: AdminOrderDetail }) {
  const formatPrice = (minor: number) => formatMoney(minor, order.currency);
  const { payment, refundable } = order;
  return (
    <Card>
      <h2 className="text-lg font-bold">Payment</h2>
      {!payment ? (
        <p className="mt-2 text-sm text-muted">Not paid{order.status === 'expired' ? ': the checkout expired.' : ' yet.'}</p>
      ) : (
        <dl className="mt-3 grid gap-4 sm:grid-cols-2">
          <Item label="Paid">{formatPrice(payment.amountCents)}</Item>
          <Item label="Paid on">{formatDateTime(payment.paidAt)}</Item>
          <Item label="By card">{formatPrice(payment.cardCents)}</Item>
          <Item label="From account credit">{formatPrice(payment.creditCents)}</Item>
          <Item label="Refunded so far">
            <span data-testid="refunded-so-far">{formatPrice(order.refundedCents)}</span>
          </Item>
          <Item label="Left to refund">
            {formatPrice(refundable.totalCents)}
            {refundable.totalCents > 0 && <span className="block text-xs text-muted">{formatPrice(refundable.cardCents)} of it can go back to the card</span>}
          </Item>
          <div className="sm:col-span-2">
            <Item label="Provider payment id">
              <span className="break-all font-mono text-xs">{payment.providerPaymentId ?? '—'}</span>
            </Item>
          </div>
        </dl>
      )}
    </Card>
  );
}

const statusTone = { succeeded: 'green', pending: 'yellow', failed: 'red' } as const;
const statusLabel = { succeeded: 'Made', pending: 'Pending', failed: 'Failed' } as const;

function RefundRow({ refund, currency }: { refund: AdminRefund; currency: string }) {
  const formatPrice = (minor: number) => formatMoney(minor, currency);
  return (
    <tr className="border-t border-line align-top">
      <td className="whitespace-nowrap px-4 py-2.5">{formatDateTime(refund.createdAt)}</td>
      <td className="whitespace-nowrap px-4 py-2.5 text-right font-semibold tabular-nums">{formatPrice(refund.amountCents)}</td>
      <td className="px-4 py-2.5">
        {refund.method === 'card' ? 'Back to card' : 'To account credit'}
        {refund.cancelService && <span className="block text-xs text-muted">Service cancelled</span>}
      </td>
      <td className="px-4 py-2.5">
        <Badge tone={statusTone[refund.status]}>{statusLabel[refund.status]}</Badge>
        {refund.error && <span className="mt-1 block text-xs text-danger">{refund.error}</span>}
      </td>
      <td className="whitespace-nowrap px-4 py-2.5 font-mono text-xs">
        {refund.creditNote ? (
          <>
            <span>{refund.creditNote.number}</span> <PdfLink href={adminCreditNotePdfUrl(refund.creditNote.id)} of={refund.creditNote.number} />
          </>
        ) : (
          '—'
        )}
      </td>
      <td className="px-4 py-2.5">{refund.reason}</td>
      <td className="px-4 py-2.5 break-all">{refund.createdBy ?? 'System'}</td>
    </tr>
  );
}

export function RefundsCard({ order }: { order: AdminOrderDetail }) {
  const formatPrice = (minor: number) => formatMoney(minor, order.currency);
  return (
    <Card className="p-0">
      <section aria-labelledby="order-refunds-title">
        <div className="flex flex-wrap items-baseline justify-between gap-2 px-4 pt-4">
          <h2 id="order-refunds-title" className="text-lg font-bold">
            Refunds
          </h2>
          {order.refundedCents > 0 && (
            <p className="text-sm text-muted">
              {formatPrice(order.refundedCents)} refunded of {formatPrice(order.payment?.amountCents ?? order.totalCents)}
            </p>
          )}
        </div>
        {order.refunds.length === 0 ? (
          <p className="px-4 pb-4 pt-2 text-sm text-muted">No refunds yet.</p>
        ) : (
          <>
            <ul className="mt-2 divide-y divide-line border-t border-line md:hidden" aria-label="Refunds">
              {order.refunds.map((r) => (
                <li key={r.id} className="space-y-1 px-4 py-3 text-sm">
                  <div className="flex items-start justify-between gap-3">
                    <span className="font-semibold tabular-nums">{formatPrice(r.amountCents)}</span>
                    <Badge tone={statusTone[r.status]}>{statusLabel[r.status]}</Badge>
                  </div>
                  <p>
                    {r.method === 'card' ? 'Back to card' : 'To account credit'}
                    {r.creditNote && (
                      <span className="font-mono text-xs">
                        {' '}
                        · <span>{r.creditNote.number}</span> <PdfLink href={adminCreditNotePdfUrl(r.creditNote.id)} of={r.creditNote.number} />
                      </span>
                    )}
                    {r.cancelService && <span className="text-muted"> · service cancelled</span>}
                  </p>
                  <p className="text-muted">{r.reason}</p>
                  <p className="break-all text-xs text-muted">
                    {formatDateTime(r.createdAt)} · {r.createdBy ?? 'System'}
                  </p>
                  {r.error && <p className="text-xs text-danger">{r.error}</p>}
                </li>
              ))}
            </ul>
            <div className="mt-2 hidden overflow-x-auto pb-2 md:block">
              <table className="w-full min-w-[760px] text-sm">
                <caption className="sr-only">Refunds</caption>
                <thead className="text-left text-xs uppercase tracking-wide text-muted">
                  <tr>
                    <th scope="col" className="px-4 py-2">Date</th>
                    <th scope="col" className="px-4 py-2 text-right">Amount</th>
                    <th scope="col" className="px-4 py-2">To</th>
                    <th scope="col" className="px-4 py-2">Status</th>
                    <th scope="col" className="px-4 py-2">Credit note</th>
                    <th scope="col" className="px-4 py-2">Reason</th>
                    <th scope="col" className="px-4 py-2">By</th>
                  </tr>
                </thead>
                <tbody>
                  {order.refunds.map((r) => (
                    <RefundRow key={r.id} refund={r} currency={order.currency} />
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
    </Card>
  );
}
