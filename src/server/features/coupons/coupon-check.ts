import type { Catalog } from '../../../shared/catalog';
import { couponAmountLabel, couponDurationLabel, type CouponTarget } from '../../../shared/coupons';
import { priceChoice, pricePack, PricingError } from '../../../shared/pricing';
import type { CheckoutChoice } from '../../../shared/schemas/checkout';
import type { CouponCheckResponse, couponCheckSchema } from '../../../shared/schemas/coupons';
import type { z } from 'zod';
import { badRequest, HttpError } from '../../lib/errors';
import { checkCoupon, type CheckedCoupon, type CouponDeps } from './coupons.service';

type CheckBody = z.output<typeof couponCheckSchema>;

function targetOf(catalog: Catalog, choice: { kind: 'server'; game: string; plan: string } | { kind: 'pack'; pack: string }): CouponTarget {
  if (choice.kind === 'server') return { kind: 'server', game: choice.game, plan: choice.plan };
  const pack = catalog.packs.find((p) => p.id === choice.pack || p.slug === choice.pack);
  if (!pack) throw badRequest(`Unknown upgrade pack "${choice.pack}"`, { pack: `Unknown upgrade pack "${choice.pack}"` });
  return { kind: 'pack', pack: pack.id };
}

/**
 * The coupon of a checkout, checked for this customer and choice (a refusal is a 400 naming why);
 * null when no code was typed. Its redemption is reserved with the order (reserveCoupon).
 */
export async function couponForCheckout(
  deps: Pick<CouponDeps, 'db' | 'clock'>,
  catalog: Catalog,
  userId: string,
  choice: CheckoutChoice,
): Promise<CheckedCoupon | null> {
  if (!choice.coupon) return null;
  return checkCoupon(deps, { code: choice.coupon, userId, target: targetOf(catalog, choice) });
}

/** Why a coupon for an amount in the shop's currency cannot be used in another one (decision 063). */
export function fixedCouponInOtherCurrency(shop: string): string {
  const code = shop.toUpperCase();
  return `This coupon takes an amount in ${code} off, so it can only be used when paying in ${code}.`;
}

/**
 * POST /api/coupons/check: whether the code can be used for this choice, and what it takes off.
 * A refused code is a normal answer ({ ok: false } with the reason), not an error; a choice the
 * catalog does not sell is a 400, as for a quote.
 */
export async function checkCouponForChoice(
  deps: Pick<CouponDeps, 'db' | 'clock'> & { catalog: { get(): Promise<Catalog>; inCurrency?(currency: string): Promise<{ catalog: Catalog }> } },
  userId: string | null,
  body: CheckBody,
): Promise<CouponCheckResponse> {
  const shop = await deps.catalog.get();
  // Priced in the currency the customer sees (decision 063); a currency not offered is a 400.
  const catalog = body.currency && deps.catalog.inCurrency ? (await deps.catalog.inCurrency(body.currency)).catalog : shop;
  try {
    // The choice is priced first, so a wrong plan is reported as such before any coupon question.
    if (body.kind === 'server') priceChoice(catalog, body);
    else pricePack(catalog, body.pack);
    const { terms } = await checkCoupon(deps, { code: body.code, userId, target: targetOf(catalog, body) });
    if (terms.kind === 'fixed' && catalog.currency !== shop.currency) {
      return { ok: false, code: 'coupon_wrong_currency', message: fixedCouponInOtherCurrency(shop.currency) };
    }
    const quote = body.kind === 'server' ? priceChoice(catalog, body, terms) : pricePack(catalog, body.pack, terms);
    return {
      ok: true,
      coupon: terms,
      summary: `${couponAmountLabel(terms, catalog.currency)} ${couponDurationLabel(terms)}`,
      couponCents: quote.couponCents,
      totalCents: quote.totalCents,
    };
  } catch (error) {
    if (error instanceof PricingError) throw badRequest(error.message, { [error.field]: error.message });
    if (error instanceof HttpError && error.code.startsWith('coupon_')) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}
