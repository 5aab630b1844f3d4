import type { Db } from '@meucardapio/db/client';
import { deliveryStates, neighborhoods } from '@meucardapio/db/schema';
import type { CheckoutOptions } from '@meucardapio/domain/checkout';
import { type CouponType, evaluateCoupon } from '@meucardapio/domain/coupons';
import { checkOpenForOrders } from '@meucardapio/domain/hours';
import { MSG } from '@meucardapio/domain/messages';
import { restaurantAddressLine } from '@meucardapio/domain/order-display';
import { parseList } from '@meucardapio/domain/pricing';
import { asc, eq } from 'drizzle-orm';
import type { CustomerCtx, Deps } from '../../../http/context';
import { AppError, badRequest } from '../../../http/errors';
import { tenant } from '../../../http/tenant';
import { restaurantBySlug } from '../../../tenancy/restaurant-lookup';
import { tableHasOpenAccount } from '../../table-accounts/guest.service';
import { hoursOf } from '../place/admission';
import { asDomainCoupon, findCouponForCustomer } from '../place/coupon';
import { type QuoteItem, quoteShipping } from '../place/delivery';
import { assertCustomerOf } from './checkout.service';
import { checkoutPaymentMethodsFor } from './checkout-payment';

/*
 * What the storefront's checkout shows before an order is placed: the restaurant's options (open now,
 * neighbourhoods, states, payment methods), a coupon's preview and shipping quotes. The order itself is
 * priced again by the pipeline (place/), with the same reads.
 */

// ---------------------------------------------------------------------------------------------
// Checkout options

/** `onlinePayments` is false when no card/PIX provider is configured: those methods are then not offered. */
export async function getCheckoutOptions(
  db: Db,
  slug: string,
  onlinePayments: boolean,
  tableNumber: number | null = null,
  now = new Date(),
): Promise<CheckoutOptions> {
  const restaurant = await restaurantBySlug(db, slug);
  const [hoods, states, methods, hours, tableTabOpen] = await Promise.all([
    db
      .select({ id: neighborhoods.id, name: neighborhoods.name, deliveryFee: neighborhoods.deliveryFee })
      .from(neighborhoods)
      .where(tenant(neighborhoods, restaurant.id))
      .orderBy(asc(neighborhoods.name)),
    db
      .select({ code: deliveryStates.code, name: deliveryStates.name, cities: deliveryStates.cities })
      .from(deliveryStates)
      .where(tenant(deliveryStates, restaurant.id, eq(deliveryStates.active, true)))
      .orderBy(asc(deliveryStates.name)),
    checkoutPaymentMethodsFor(db, restaurant),
    hoursOf(db, restaurant.id),
    tableNumber ? tableHasOpenAccount(db, restaurant.id, tableNumber) : false,
  ]);
  // Read when the checkout opens, by the server's clock: the menu may have been loaded before closing.
  const open = checkOpenForOrders(hours, now, restaurant.timezone);
  return {
    restaurant: {
      id: restaurant.id,
      name: restaurant.name,
      slug: restaurant.slug,
      address: restaurantAddressLine(restaurant),
    },
    neighborhoods: hoods,
    states: states.map((s) => ({
      code: s.code,
      name: s.name,
      cities: parseList<unknown>(s.cities).filter((c): c is string => typeof c === 'string'),
    })),
    paymentMethods: onlinePayments ? methods : methods.filter((m) => !m.online),
    hasCheckoutReferrer: Boolean(restaurant.appClientReferrer?.trim()),
    openNow: open.ok,
    /** 'Abriremos Segunda às 18:00' or 'Estamos fechados no momento.' while closed. */
    closedDescription: open.ok ? null : (open.description ?? null),
    tableTabOpen,
  };
}

// ---------------------------------------------------------------------------------------------
// Coupons

/** The coupon preview at checkout; the order transaction checks it again and applies it. */
export async function validateCoupon(ctx: CustomerCtx, slug: string, input: { code: string; subtotal: number }) {
  const restaurant = await restaurantBySlug(ctx.db, slug);
  assertCustomerOf(ctx, restaurant);
  const { coupon, usesByCustomer } = await findCouponForCustomer(ctx.db, restaurant.id, input.code, ctx.actor.id);
  const result = evaluateCoupon(coupon ? asDomainCoupon(coupon) : null, {
    subtotal: input.subtotal,
    now: new Date(),
    usesByCustomer,
  });
  if (!result.ok) throw new AppError(400, result.code, result.title, result.description ?? '');
  return {
    code: result.code,
    discount: result.discount,
    type: coupon!.type as CouponType,
    value: coupon!.value,
    minTotal: coupon!.minTotal,
  };
}

// ---------------------------------------------------------------------------------------------
// Shipping quotes

export async function quoteShippingBySlug(
  db: Db,
  deps: Deps,
  slug: string,
  input: { cep?: string | null; items: QuoteItem[] },
) {
  const restaurant = await restaurantBySlug(db, slug);
  if (input.items.length === 0) throw badRequest(MSG.emptyCart);
  return quoteShipping(db, deps, restaurant, input.cep, input.items);
}
