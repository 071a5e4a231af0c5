import type { CouponCheckRequest, CouponCheckResponse } from '../../shared/schemas/coupons';
import { api } from './api-client';

/**
 * POST /api/coupons/check: whether a code can be used for this choice, with its terms (to price
 * with the shared pricing function) or the reason it is refused. Used by the configurator and the
 * pack purchase dialog, so it lives here rather than in one feature.
 */
export function checkCoupon(request: CouponCheckRequest): Promise<CouponCheckResponse> {
  return api<CouponCheckResponse>('/coupons/check', { method: 'POST', body: request });
}
