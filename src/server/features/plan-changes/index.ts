// What other features may use of this one; everything else in the folder is its own (docs/decisions/041).
export { durationLabel } from './plan-change-pricing';
export { billedForPeriod, hasOpenRenewal, lockServer, openChangeOf, renewalsBefore, serverWithOrder, withdrawAnnouncedChanges, type OrderRow, type ServerRow } from './plan-changes.repository';
