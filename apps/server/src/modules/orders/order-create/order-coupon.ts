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

/**
 * Step "coupon use", after the stock: the use is counted with a conditional UPDATE, so the coupon's
 * total limit holds whatever runs at once, and recorded for this customer (what the per-customer limit
 * counts and a cancellation gives back). Products before coupons is the order a cancellation takes its
 * locks in too, so the two never wait on each other in a cycle.
 */
export async function redeemCoupon(
  tx: Tx,
  deps: Deps,
  restaurantId: string,
  coupon: AppliedCoupon,
  customerId: string,
  orderId: string,
) {
  const { couponId } = coupon;
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
  await tx.insert(couponRedemptions).values({ restaurantId, couponId, customerId, orderId });
}
