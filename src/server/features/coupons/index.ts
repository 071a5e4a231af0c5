// What other features may use of this one; everything else in the folder is its own (docs/decisions/041).
export { couponForCheckout, fixedCouponInOtherCurrency } from './coupon-check';
export { lockCustomerCoupons, reserveCoupon, settlePaidOrderCoupons } from './coupon-reservations';
export { redemptionOfOrder, releaseExpiredReservations } from './coupons.repository';
export { couponRoutes } from './coupons.routes';
export { couponRefused, customerRefusal, termsOf, type CheckedCoupon } from './coupons.service';
export { priceBeforeCoupon, renewalLines, renewalPrice } from './renewal-coupon';
