import type { orders } from '@meucardapio/db/schema';
import type { CreatedOrder, OrderProposal } from '@meucardapio/domain/checkout';
import { BUYER_MSG, checkBuyerDocument } from '@meucardapio/domain/fiscal-rules';
import { MSG } from '@meucardapio/domain/messages';
import type { CustomerCtx } from '../../../http/context';
import { badRequest, conflict, forbidden } from '../../../http/errors';
import { restaurantBySlug } from '../../../tenancy/restaurant-lookup';
import { openAccountOfTable } from '../../table-accounts/guest.service';
import { placeRound } from '../../table-accounts/round.service';
import { customerOrderViews, toCustomerOrderView } from '../order-view';
import { assertOpenForOrders, checkoutReads } from '../place/admission';
import { chooseShipping } from '../place/delivery';
import { type OrderDoor, type PaymentMethodRow, type PlacedOrder, placeOrder } from '../place/place-order';
import { cartProducts } from '../place/pricing';
import { choosePayment } from './checkout-payment';

/** A customer account belongs to one restaurant: using it on another restaurant's page is refused. */
export function assertCustomerOf(ctx: CustomerCtx, restaurant: { id: string }) {
  if (ctx.restaurantId !== restaurant.id) throw forbidden('Entre com sua conta deste restaurante para continuar.');
}

/**
 * The storefront's door to the order pipeline: a signed-in customer's cart, priced again from this
 * restaurant's products, with the delivery fee from the neighbourhood or the shipping quote, a coupon,
 * and the hosted-checkout link or PIX code when paid online. The restaurant must be open and the
 * customer may hold only a few unpaid orders. A retry with the same Idempotency-Key returns the first order.
 */
export async function createCustomerOrder(
  ctx: CustomerCtx,
  input: OrderProposal,
  idempotencyKey: string | null,
): Promise<CreatedOrder> {
  const { deps, actor } = ctx;
  // At a table whose account is open, the order is a round of that account, paid with it at the end.
  const account =
    input.deliveryType === 'dine_in' && input.tableNumber ? await openAccountOfTable(ctx, input.tableNumber) : null;
  if (account) {
    const contact = contactOf(input);
    return placeRound(ctx, {
      accountId: account.id,
      items: input.items,
      customer: { id: actor.id, email: actor.email, ...contact },
      placedBy: { employeeId: null, name: contact.name },
      idempotencyKey,
      answer: async (placed) => createdOrder(placed),
      replay: (earlier) => replayCustomerOrder(ctx, earlier),
    });
  }
  let buyerCpf: string | null = null;
  let methods: PaymentMethodRow[] = [];
  const door: OrderDoor<CreatedOrder> = {
    async prepare({ db }, reads) {
      buyerCpf = checkedBuyer(input.customerCpf);
      // The restaurant, its hours and payment methods and the cart's products: kept, or one round trip.
      const {
        restaurant,
        hours,
        methods: active,
        catalogue,
        keptAt,
      } = await checkoutReads({ db, deps }, ctx.restaurantId, input.items, reads);
      // The page the cart was filled on is the account's restaurant unless it names another slug (or none that exists).
      const slug = input.restaurantSlug?.toLowerCase();
      if (slug && slug !== restaurant.slug) assertCustomerOf(ctx, await restaurantBySlug(db, slug));
      const contact = contactOf(input);
      methods = active;
      const cart = cartProducts(catalogue, input.items);
      // The quote is a network call: made before the transaction, never while the restaurant's orders wait.
      const choice = await chooseShipping(db, deps, restaurant, input, cart);
      assertOpenForOrders(restaurant, hours);
      return {
        items: input.items,
        customer: { id: actor.id, email: actor.email, ...contact },
        placedBy: { employeeId: null, name: contact.name },
        delivery: { kind: 'storefront', choice, address: input },
        discount: { kind: 'coupon', code: input.couponCode },
        note: input.note ?? null,
        restaurant,
        catalogue,
        keptAt,
      };
    },
    async plan(_txCtx, priced) {
      if (input.clientTotal != null && input.clientTotal !== priced.total)
        deps.log.warn({ clientTotal: input.clientTotal, total: priced.total }, 'order total from the browser ignored');
      const plan = choosePayment(deps, priced.restaurant, methods, input, priced.total);
      // Kept where the PDV keeps it: the order's NFC-e (queueStorefrontNote) is issued to this CPF.
      return buyerCpf ? { ...plan, paymentData: { ...plan.paymentData, customer_cpf: buyerCpf } } : plan;
    },
    limitsOpenUnpaidOrdersOf: actor.id,
    replay: (readCtx, earlier) => replayCustomerOrder({ ...ctx, db: readCtx.db }, earlier),
    answer: async (_txCtx, placed) => createdOrder(placed),
  };

  return placeOrder(ctx, { channel: 'storefront', idempotencyKey, door });
}

/** A retry's answer: the order the first attempt placed (someone else's key must not reveal their order). */
async function replayCustomerOrder(ctx: CustomerCtx, earlier: typeof orders.$inferSelect): Promise<CreatedOrder> {
  if (earlier.customerId !== ctx.actor.id)
    throw conflict('Pedido duplicado', 'Esta tentativa de pedido já foi usada. Recarregue a página e tente novamente.');
  const [view] = await customerOrderViews(ctx.db, ctx.restaurantId, [earlier]);
  const url = earlier.paymentData?.infinitepay_checkout;
  return { order: view, checkoutUrl: typeof url === 'string' ? url : null, replayed: true };
}

/** A storefront-shaped answer for an order just placed: the customer's view and its payment link. */
export function createdOrder({ restaurant: r, order, items, payment }: PlacedOrder): CreatedOrder {
  const view = toCustomerOrderView(order, items, {
    name: r.name,
    slug: r.slug,
    logoUrl: r.logoUrl,
    timezone: r.timezone,
  });
  return { order: view, checkoutUrl: payment.checkoutUrl, replayed: false };
}

/** "CPF na nota?": a valid CPF as digits, or none; a CNPJ gets the NFC-e's own answer. */
function checkedBuyer(value: string | null | undefined): string | null {
  const buyer = checkBuyerDocument(value);
  if (buyer.ok) return buyer.cpf;
  if (buyer.message === BUYER_MSG.cnpjRefused)
    throw badRequest('CNPJ não aceito na NFC-e', buyer.message, 'cnpj_buyer');
  throw badRequest('CPF inválido', buyer.message, 'invalid_cpf');
}

function contactOf(input: OrderProposal) {
  const name = input.name?.trim() ?? '';
  const phone = input.phone?.trim() ?? '';
  if (!name || !phone) throw badRequest(MSG.requiredFieldsShort, 'Informe seu nome e telefone.', 'name_phone_required');
  return { name, phone };
}
