import type { CouponCheckRequest, CouponCheckResponse } from '../../shared/schemas/coupons';
import { api } from './api-client';
import { currentCatalogCurrency } from './money';

/**
 * POST /api/coupons/check: whether a code can be used for this choice, with its terms (to price
 * with the shared pricing function) or the reason it is refused. Used by the configurator and the
 * pack purchase dialog, so it lives here rather than in one feature.
 */
export function checkCoupon(request: CouponCheckRequest): Promise<CouponCheckResponse> {
  // Checked in the currency the prices are shown in: a fixed-amount coupon is for the shop's only.
  return api<CouponCheckResponse>('/coupons/check', { method: 'POST', body: { ...request, currency: request.currency ?? currentCatalogCurrency() } });
}
