import type { DbOrTx } from '@meucardapio/db/client';
import { couponRedemptions, coupons } from '@meucardapio/db/schema';
import {
  type Coupon,
  type CouponType,
  couponUsesLabel,
  evaluateCoupon as judgeCoupon,
  normalizeCouponCode,
} from '@meucardapio/domain/coupons';
import { MSG } from '@meucardapio/domain/messages';
import { count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { ServiceCtx } from '../../../http/context';
import { AppError, badRequest } from '../../../http/errors';
import { tenant } from '../../../http/tenant';

type CouponRow = typeof coupons.$inferSelect;

/** The order's discount: a coupon's (checked again under the lock when it limits uses per customer) or none. */
export type AppliedCoupon = { couponId: string | null; discount: number; coupon?: CouponRow; subtotal?: number };

export function asDomainCoupon(c: CouponRow): Coupon {
  return {
    code: c.code,
    type: c.type as CouponType,
    value: c.value,
    minTotal: c.minTotal,
    active: c.active,
    validFrom: c.validFrom,
    validTo: c.validTo,
    usageLimit: c.usageLimit,
    usesCount: c.usesCount,
    usesPerCustomer: c.usesPerCustomer,
  };
}

async function usesByCustomer(db: DbOrTx, restaurantId: string, couponId: string, customerId: string) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(
      tenant(
        couponRedemptions,
        restaurantId,
        eq(couponRedemptions.couponId, couponId),
        eq(couponRedemptions.customerId, customerId),
      ),
    );
  return Number(n);
}

/** Case-insensitive lookup of a coupon, plus how many times this customer already used it. */
export async function findCouponForCustomer(db: DbOrTx, restaurantId: string, code: string, customerId: string) {
  const wanted = normalizeCouponCode(code);
  if (!wanted) return { coupon: null, usesByCustomer: 0 };
  const [coupon] = await db
    .select()
    .from(coupons)
    .where(tenant(coupons, restaurantId, sql`upper(trim(${coupons.code})) = ${wanted}`))
    .limit(1);
  if (!coupon) return { coupon: null, usesByCustomer: 0 };
  return { coupon, usesByCustomer: await usesByCustomer(db, restaurantId, coupon.id, customerId) };
}

const refused = (result: { code: string; title: string; description?: string }) =>
  new AppError(400, result.code, result.title, result.description ?? '');

/** Step "coupon", before the lock: case-insensitive code, validity window, minimum, limits as they stand. */
export async function evaluateCoupon(
  ctx: ServiceCtx,
  customerId: string | null,
  code: string | null | undefined,
  subtotal: number,
): Promise<AppliedCoupon> {
  if (!code || !customerId) return { couponId: null, discount: 0 };
  const found = await findCouponForCustomer(ctx.db, ctx.restaurantId, code, customerId);
  const result = judgeCoupon(found.coupon ? asDomainCoupon(found.coupon) : null, {
    subtotal,
    now: new Date(),
    usesByCustomer: found.usesByCustomer,
  });
  if (!result.ok) throw refused(result);
  return { couponId: found.coupon!.id, discount: result.discount, coupon: found.coupon!, subtotal };
}

/**
 * Step "coupon use", under the lock and after the stock: the customer's uses are counted again (the
 * lock makes that count exact), the coupon's total use is counted with a conditional UPDATE, so its
 * limit holds whatever runs at once, and the use is recorded for this customer (what a cancellation
 * gives back). Products before coupons is the order a cancellation takes its locks in too, so the two
 * never wait on each other in a cycle.
 */
export async function redeemCoupon(
  ctx: ServiceCtx,
  applied: AppliedCoupon,
  customerId: string | null,
  orderId: string,
) {
  const { couponId, coupon } = applied;
  if (!couponId || !coupon || !customerId) return;
  const { db, restaurantId } = ctx;
  if (coupon.usesPerCustomer != null) {
    const uses = await usesByCustomer(db, restaurantId, couponId, customerId);
    const again = judgeCoupon(asDomainCoupon(coupon), {
      subtotal: applied.subtotal ?? 0,
      now: new Date(),
      usesByCustomer: uses,
    });
    if (!again.ok) throw refused(again);
  }
  const [used] = await db
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
  ctx.deps.log.debug({ uses: couponUsesLabel(used.usesCount, used.usageLimit) }, 'coupon used');
  await db.insert(couponRedemptions).values({ restaurantId, couponId, customerId, orderId });
}
