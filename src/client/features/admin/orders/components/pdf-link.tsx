import { Download } from 'lucide-react';

/** "PDF": saves the document as the customer gets it; `of` names it for screen readers. */
export function PdfLink({ href, of }: { href: string; of: string }) {
  return (
    <a href={href} download className="inline-flex items-center gap-1 whitespace-nowrap text-xs font-medium text-accent hover:underline">
      <Download className="h-3.5 w-3.5" aria-hidden="true" />
      PDF <span className="sr-only">of {of}</span>
    </a>
  );
}
