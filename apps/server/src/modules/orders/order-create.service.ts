import type { CreatedOrder, OrderProposal } from '@meucardapio/domain/checkout';
import { MSG } from '@meucardapio/domain/messages';
import { orderTotal } from '@meucardapio/domain/pricing';
import type { CustomerCtx } from '../../http/context';
import { badRequest } from '../../http/errors';
import { isUniqueViolation } from '../../http/idempotency';
import { restaurantById, restaurantBySlug } from '../../tenancy/restaurant-lookup';
import { assertCustomerOf } from './checkout.service';
import { admitOrder, lockRestaurantOrders, nextOrderNumber } from './order-create/order-admission';
import { applyCoupon, redeemCoupon } from './order-create/order-coupon';
import { chooseShipping, resolveDelivery } from './order-create/order-delivery';
import { replayIfSeen } from './order-create/order-idempotency';
import { announceOrder, insertOrder, type OrderDraft } from './order-create/order-insert';
import { choosePayment, startPayment } from './order-create/order-payment';
import { assertProductsExist, priceOrderLines } from './order-create/order-pricing';
import { takeOrderStock } from './order-create/order-stock';
import { toCustomerOrderView } from './order-view';

/**
 * Places a customer's order in ONE transaction: prices recomputed from this restaurant's products,
 * delivery fee from the neighbourhood or the shipping quote, coupon limits, stock decremented with a
 * conditional UPDATE, the next order number, order + items + history + event, and the hosted-checkout
 * link for card/PIX. Any failure rolls everything back. A retry with the same Idempotency-Key returns
 * the first order.
 */
export async function createCustomerOrder(
  ctx: CustomerCtx,
  input: OrderProposal,
  idempotencyKey: string | null,
): Promise<CreatedOrder> {
  const { db, deps, actor } = ctx;
  const earlier = await replayIfSeen(ctx, db, idempotencyKey);
  if (earlier) return earlier;

  const restaurant = await orderingRestaurant(ctx, input.restaurantSlug);
  const customer = { id: actor.id, email: actor.email, ...contactOf(input) };
  await assertProductsExist(db, restaurant.id, input.items);
  const shipping = await chooseShipping(db, deps, restaurant, input);

  try {
    return await db.transaction(async (tx) => {
      await lockRestaurantOrders(tx, restaurant.id);
      const raced = await replayIfSeen(ctx, tx, idempotencyKey);
      if (raced) return raced;
      await admitOrder(tx, restaurant, actor.id);

      const { lines, subtotal } = await priceOrderLines(tx, restaurant, input.items);
      const delivery = await resolveDelivery(tx, restaurant, actor.id, input, shipping, lines);
      const coupon = await applyCoupon(tx, restaurant.id, actor.id, input.couponCode, subtotal);
      const total = orderTotal({ subtotal, deliveryFee: delivery.deliveryFee, discount: coupon.discount });
      if (input.clientTotal != null && input.clientTotal !== total)
        deps.log.warn({ clientTotal: input.clientTotal, total }, 'order total from the browser ignored');
      const payment = await choosePayment(tx, deps, restaurant, input, total);
      const number = await nextOrderNumber(tx, restaurant.id);

      const draft: OrderDraft = {
        restaurant,
        customer,
        number,
        lines,
        subtotal,
        delivery,
        coupon,
        total,
        payment,
        note: input.note,
        idempotencyKey,
      };
      const { order, items } = await insertOrder(tx, draft);
      await takeOrderStock(tx, restaurant.id, order, lines, customer.name);
      await redeemCoupon(tx, deps, restaurant.id, coupon, actor.id, order.id);
      const started = await startPayment(tx, deps, payment, { restaurant, order, lines, customer });
      await announceOrder(tx, draft, order.id);

      const view = toCustomerOrderView(started.order, items, {
        name: restaurant.name,
        slug: restaurant.slug,
        logoUrl: restaurant.logoUrl,
      });
      return { order: view, checkoutUrl: started.checkoutUrl, replayed: false };
    });
  } catch (err) {
    // Two simultaneous retries of one attempt: the loser's insert hits the unique key; answer the winner.
    if (idempotencyKey && isUniqueViolation(err)) {
      const winner = await replayIfSeen(ctx, db, idempotencyKey);
      if (winner) return winner;
    }
    throw err;
  }
}

/** The customer's own restaurant; a storefront slug naming another one is refused. */
async function orderingRestaurant(ctx: CustomerCtx, slug: string | null | undefined) {
  const restaurant = await restaurantById(ctx.db, ctx.restaurantId);
  if (slug) assertCustomerOf(ctx, await restaurantBySlug(ctx.db, slug));
  return restaurant;
}

function contactOf(input: OrderProposal) {
  const name = input.name?.trim() ?? '';
  const phone = input.phone?.trim() ?? '';
  if (!name || !phone) throw badRequest(MSG.requiredFieldsShort, 'Informe seu nome e telefone.', 'name_phone_required');
  return { name, phone };
}
