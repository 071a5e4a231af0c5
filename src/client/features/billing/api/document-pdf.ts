/**
 * Where the server sends a document as a PDF: an attachment named by its number, made from the
 * same detail as the page, in the reader's language (GET /api/invoices/:id/pdf, /api/credit-notes/:id/pdf).
 */
export function invoicePdfUrl(id: string): string {
  return `/api/invoices/${encodeURIComponent(id)}/pdf`;
}

export function creditNotePdfUrl(id: string): string {
  return `/api/credit-notes/${encodeURIComponent(id)}/pdf`;
}
