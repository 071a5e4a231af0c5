// Refunds live in billing (features/billing/refunds.ts). This path is kept only while the app's
// composition root (app.ts, services.ts) still imports it; delete it once they import '../billing'.
export { createRefunds, type RefundDeps, type Refunds } from '../billing';
