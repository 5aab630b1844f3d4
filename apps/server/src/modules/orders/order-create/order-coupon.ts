import type { Tx } from '@meucardapio/db/client';
import { couponRedemptions, coupons } from '@meucardapio/db/schema';
import { couponUsesLabel, evaluateCoupon } from '@meucardapio/domain/coupons';
import { MSG } from '@meucardapio/domain/messages';
import { eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Deps } from '../../../http/context';
import { AppError, badRequest } from '../../../http/errors';
import { tenant } from '../../../http/tenant';
import { asDomainCoupon, findCouponForCustomer } from '../checkout.service';

export type AppliedCoupon = { couponId: string | null; discount: number };

/** Step "coupon": case-insensitive code, validity window, minimum, total and per-customer limits. */
export async function applyCoupon(
  tx: Tx,
  restaurantId: string,
  customerId: string,
  code: string | null | undefined,
  subtotal: number,
): Promise<AppliedCoupon> {
  if (!code) return { couponId: null, discount: 0 };
  const { coupon, usesByCustomer } = await findCouponForCustomer(tx, restaurantId, code, customerId);
  const result = evaluateCoupon(coupon ? asDomainCoupon(coupon) : null, { subtotal, now: new Date(), usesByCustomer });
  if (!result.ok) throw new AppError(400, result.code, result.title, result.description ?? '');
  return { couponId: coupon!.id, discount: result.discount };
}

/** Counts the coupon's use with a conditional UPDATE, so its total limit holds whatever runs at once. */
export async function countCouponUse(tx: Tx, deps: Deps, restaurantId: string, couponId: string | null) {
  if (!couponId) return;
  const [used] = await tx
    .update(coupons)
    .set({ usesCount: sql`${coupons.usesCount} + 1` })
    .where(
      tenant(
        coupons,
        restaurantId,
        eq(coupons.id, couponId),
        or(isNull(coupons.usageLimit), lt(coupons.usesCount, coupons.usageLimit)),
      ),
    )
    .returning({ usesCount: coupons.usesCount, usageLimit: coupons.usageLimit });
  if (!used) throw badRequest(MSG.invalidCoupon, MSG.couponUsageLimitReached, 'coupon_usage_limit');
  deps.log.debug({ uses: couponUsesLabel(used.usesCount, used.usageLimit) }, 'coupon used');
}

/** The customer's use of the coupon on this order: what the per-customer limit counts and cancelling gives back. */
export async function recordCouponRedemption(
  tx: Tx,
  restaurantId: string,
  coupon: AppliedCoupon,
  customerId: string,
  orderId: string,
) {
  if (!coupon.couponId) return;
  await tx.insert(couponRedemptions).values({ restaurantId, couponId: coupon.couponId, customerId, orderId });
}
