/** Any customer's invoice or credit note as the PDF the customer gets (permission money.read). */
export function adminInvoicePdfUrl(id: string): string {
  return `/api/admin/invoices/${encodeURIComponent(id)}/pdf`;
}

export function adminCreditNotePdfUrl(id: string): string {
  return `/api/admin/credit-notes/${encodeURIComponent(id)}/pdf`;
}
