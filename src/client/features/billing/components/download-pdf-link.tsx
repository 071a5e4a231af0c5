import { Download } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';

/**
 * "Download PDF": a plain link the browser saves (the server names the file), so it works without
 * script and opens the file the customer keeps. `of` names the document for screen readers in a list.
 */
export function DownloadPdfLink({ href, of, look = 'link' }: { href: string; of?: string; look?: 'button' | 'link' }) {
  const t = useT();
  const className = look === 'button' ? buttonClass('primary', 'md') : 'inline-flex items-center gap-1.5 font-medium text-accent hover:underline';
  return (
    <a href={href} download className={className}>
      <Download className="h-4 w-4" aria-hidden="true" />
      {t('billing.document.downloadPdf')}
      {of && ' '}
      {of && <span className="sr-only">{t('billing.document.pdfOf', { document: of })}</span>}
    </a>
  );
}
