import type { CreatedOrder, OrderProposal } from '@meucardapio/domain/checkout';
import type { StaffCtx } from '../../../http/context';
import { conflict } from '../../../http/errors';
import { customerOrderViews } from '../order-view';
import { chooseShipping } from '../place/delivery';
import { checkoutReads, type OrderDoor, type PaymentMethodRow, placeOrder } from '../place/place-order';
import { cartProducts } from '../place/pricing';
import { createdOrder } from './checkout.service';
import { choosePayment } from './checkout-payment';

/**
 * The menu preview's door (decision 044): staff order from their own menu to see how an order arrives,
 * also while the restaurant is closed. It is the storefront's order in every check that protects the
 * customer (products, sizes and flavours, delivery area and fee, the payment method offered) but is
 * marked as a test: no opening hours, no coupon, no payment started (no link, no PIX code), no stock
 * taken, and it counts in no report or dashboard. It lands on the board as "Teste".
 */
export async function placeTestOrder(
  ctx: StaffCtx,
  input: OrderProposal,
  idempotencyKey: string | null,
): Promise<CreatedOrder> {
  const { deps, actor } = ctx;
  let methods: PaymentMethodRow[] = [];
  const door: OrderDoor<CreatedOrder> = {
    async prepare({ db }, reads) {
      const {
        restaurant,
        catalogue,
        methods: active,
        keptAt,
      } = await checkoutReads({ db, deps }, ctx.restaurantId, input.items, reads);
      methods = active;
      const cart = cartProducts(catalogue, input.items);
      const choice = await chooseShipping(db, deps, restaurant, input, cart);
      return {
        items: input.items,
        customer: {
          id: null,
          name: input.name?.trim() || actor.name,
          phone: input.phone?.trim() || null,
          email: null,
        },
        placedBy: { employeeId: actor.kind === 'employee' ? actor.id : null, name: actor.name },
        delivery: { kind: 'storefront', choice, address: input },
        discount: { kind: 'coupon', code: null },
        note: input.note ?? null,
        restaurant,
        catalogue,
        keptAt,
      };
    },
    async plan(_txCtx, priced) {
      const plan = choosePayment(deps, priced.restaurant, methods, input, priced.total);
      // Nobody pays a test: the method is only named on the ticket.
      return { ...plan, paymentStatus: null, hosted: null, localPix: false, installments: null };
    },
    async replay(readCtx, earlier) {
      if (!earlier.isTest)
        throw conflict(
          'Pedido duplicado',
          'Esta tentativa de pedido já foi usada. Recarregue a página e tente novamente.',
        );
      const [view] = await customerOrderViews(readCtx.db, readCtx.restaurantId, [earlier]);
      return { order: view, checkoutUrl: null, replayed: true };
    },
    // No payment was started, so there is no link.
    answer: async (_txCtx, placed) => createdOrder(placed),
  };
  return placeOrder(ctx, { channel: 'test', idempotencyKey, door });
}
