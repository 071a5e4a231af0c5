// What other features may use of this one; everything else in the folder is its own (docs/decisions/041).
export { expireOrder, setOrderSession } from './checkout.repository';
export { checkOrderWithProvider, type ProviderCheck } from './provider-check';
