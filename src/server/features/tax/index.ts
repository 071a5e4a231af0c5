// What other features may use of this one; everything else in the folder is its own (docs/decisions/041).
export { billingDetailsRow, emailOf, storeSettingsRow, taxRateRows, type StoreSettingsRow, type TaxRateRow } from './tax.repository';
export { buyerSnapshot, getBillingDetails, storeTax, taxColumns, taxContextFor, taxNoteOf, taxSummaryOf, treatmentsFor, type TaxContext } from './tax.service';
export { verifyVatIdByHand, type VatIdChecks } from './vat-id-checks.service';
