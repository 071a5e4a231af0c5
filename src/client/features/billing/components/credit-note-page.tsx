import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { formatMoney } from '../../../../shared/money';
import type { CreditNoteDetail } from '../../../../shared/schemas/billing';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { ApiError } from '../../../lib/api-client';
import { creditNotePdfUrl } from '../api/document-pdf';
import { useCreditNote } from '../api/get-credit-note';
import { TaxRows } from '../../../components/billing/tax-rows';
import { DocumentParties } from './document-parties';
import { DownloadPdfLink } from './download-pdf-link';
import { formatDate } from './format';
import { currentLocale, useT } from '../../../lib/i18n';
import { refundDaysValues } from '../../../../shared/business-rules';

function Credit({ note }: { note: CreditNoteDetail }) {
  const t = useT();
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('creditNote.lines')}</caption>
        <thead className="border-b border-line text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">{t('doc.description')}</th>
            <th scope="col" className="py-2 pl-3 text-right font-semibold">{t('doc.amount')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          <tr>
            <td className="py-3 pr-3">
              <p>{t('creditNote.refund', { description: note.description })}</p>
              <p className="mt-1 text-xs text-muted">{t('creditNote.reason', { reason: note.reason })}</p>
            </td>
            <td className="py-3 pl-3 text-right tabular-nums">−{formatMoney(note.amountCents, note.currency, currentLocale())}</td>
          </tr>
        </tbody>
      </table>
      <dl className="ml-auto mt-4 max-w-xs space-y-2 border-t border-line pt-4 text-sm">
        {note.invoice && (
          <div className="flex justify-between gap-4">
            <dt className="text-muted">{t('creditNote.invoiceTotal')}</dt>
            <dd className="tabular-nums">{formatMoney(note.invoice.totalCents, note.currency, currentLocale())}</dd>
          </div>
        )}
        <TaxRows tax={{ reverseCharge: note.reverseCharge, netCents: note.netCents, lines: note.taxLines }} currency={note.currency} />
        <div className="flex justify-between gap-4 border-t border-line pt-2 text-base font-bold">
          <dt>{t('creditNote.credited')}</dt>
          <dd className="tabular-nums" data-testid="credit-note-amount">
            {formatMoney(note.amountCents, note.currency, currentLocale())}
          </dd>
        </div>
      </dl>
      {note.note && (
        <p className="mt-4 rounded-lg border border-line p-3 text-sm" data-testid="credit-note-tax-note">
          {note.note}
        </p>
      )}
    </div>
  );
}

/** /dashboard/billing/credit-notes/:id: a refund's printable credit note, beside the invoice it corrects. */
export default function CreditNotePage() {
  const { id = '' } = useParams();
  const t = useT();
  const { data: note, error } = useCreditNote(id);

  const back = (
    <ButtonLink to="/dashboard/billing?tab=history" variant="ghost" size="sm" className="print:hidden">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {t('doc.billingHistory')}
    </ButtonLink>
  );
  if (error) {
    return (
      <div>
        {back}
        <Card className="mt-4 text-center">
          <h1 className="text-xl font-bold">{t('creditNote.notFound')}</h1>
          <p className="mt-1 text-sm text-muted">
            {error instanceof ApiError && error.status === 404
              ? t('creditNote.notFoundText')
              : t('creditNote.loadFailed')}
          </p>
        </Card>
      </div>
    );
  }
  if (!note) return <PageSpinner label={t('creditNote.loading')} />;

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        {back}
        <DownloadPdfLink href={creditNotePdfUrl(note.id)} look="button" />
      </div>
      <article className="invoice-print space-y-8 rounded-2xl border border-line bg-surface p-5 sm:p-8" aria-labelledby="credit-note-title">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <p className="text-sm font-semibold uppercase tracking-widest text-accent">{t('creditNote.eyebrow')}</p>
            <h1 id="credit-note-title" className="mt-1 text-2xl font-extrabold sm:text-3xl">
              {note.number}
            </h1>
            <p className="mt-1 text-sm text-muted">{note.description}</p>
          </div>
          <dl className="space-y-1 text-sm sm:text-right">
            <div className="flex gap-2 sm:justify-end">
              <dt className="text-muted">{t('doc.date')}</dt>
              <dd>{formatDate(note.date)}</dd>
            </div>
            {note.invoice && (
              <div className="flex gap-2 sm:justify-end">
                <dt className="text-muted">{t('creditNote.invoice')}</dt>
                <dd>
                  <Link to={`/dashboard/billing/invoices/${note.invoice.id}`} className="font-medium text-accent hover:underline">
                    {note.invoice.number}
                  </Link>{' '}
                  <span className="text-muted">{t('creditNote.invoiceOf', { date: formatDate(note.invoice.date) })}</span>
                </dd>
              </div>
            )}
            <div className="flex gap-2 sm:justify-end">
              <dt className="text-muted">{t('creditNote.refundedTo')}</dt>
              <dd>{note.method === 'card' ? t('creditNote.methodCard') : t('creditNote.methodCredit')}</dd>
            </div>
          </dl>
        </div>
        <DocumentParties seller={note.seller} customer={note.customer} buyerHeading={t('creditNote.creditedTo')} />
        <Credit note={note} />
        <p className="text-xs text-muted">
          {t('creditNote.amountsIn', { currency: note.currency.toUpperCase() })} {note.method === 'card' ? t('creditNote.toCard', refundDaysValues(note)) : t('creditNote.toCredit')}{' '}
          {note.invoice ? `${t('creditNote.unchanged', { number: note.invoice.number })} ` : ''}
          {t('creditNote.questions', { email: note.seller.email })}
        </p>
      </article>
    </div>
  );
}
