// What other features may use of this one; everything else in the folder is its own (docs/decisions/041).
export { announceCommission, announceReduction, announceReversal, recordReferralCommission, reduceReferralCommission, reverseReferralCommission, type CommissionReduction, type CommissionRow } from './commissions';
