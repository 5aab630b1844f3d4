import { randomUUID } from 'node:crypto';
import { inOneTrip, type Step } from '@meucardapio/db/one-trip';
import type { orderItems, orders } from '@meucardapio/db/schema';
import { clampDiscount } from '@meucardapio/domain/payment';
import { orderTotal } from '@meucardapio/domain/pricing';
import { inTransaction, type ServiceCtx } from '../../../http/context';
import { AppError, unauthorized } from '../../../http/errors';
import { type RestaurantRow, restaurantById } from '../../../tenancy/restaurant-lookup';
import { stockRefusal, stockTaken, takeSaleStock } from '../../catalog/stock.service';
import { countSale, saleCountStatement } from '../../daily-sales/daily-sales.service';
import { newOrderMessageStep } from '../notifications/new-order-message';
import { orderCreatedStep } from '../order-events';
import { assertFewOpenUnpaidOrders, lockForNextOrderNumber } from './admission';
import { CHANNELS, type OrderChannel } from './channels';
import { type AppliedCoupon, evaluateCoupon, redeemCoupon } from './coupon';
import {
  counterDelivery,
  type DeliveryChoice,
  type OrderAddress,
  type OrderDelivery,
  resolveDelivery,
  tableDelivery,
} from './delivery';
import { orderByKey } from './idempotency';
import { orderInsert, placedOrderRow } from './insert';
import { type CheckoutReadsMode, keptReadsOf } from './kept-reads';
import { type PaymentPlan, paymentContact, type StartedPayment, startPayment } from './payment';
import {
  type Catalogue,
  type ChargedLine,
  chargedLines,
  linesAsShown,
  type PricedLine,
  type ProposedLine,
  priceOrderLines,
} from './pricing';
import { orderStockSteps } from './stock';

/*
 * The one way an order is born. A door (the storefront checkout, a PDV sale, and every later channel)
 * says who the order is for, what is in it, how it travels and how it is paid, and adds only its own
 * rules; the pipeline does the rest in one transaction, in this order:
 *   read and price what needs no lock (products, delivery address and area, coupon, payment plan)
 *   → lock the restaurant's orders and take the next number (with the count of a customer's open
 *   unpaid orders where the door limits them) → order, items and first history row, the customer's
 *   message, `order.created` and a single product's stock, in one statement (an earlier attempt with
 *   the same key that committed fails it on the key, and the retry answers that order), with the
 *   door's rows that need only the order's id → several products' stock → coupon use (a conditional
 *   update) → the door's other rows → a sale's count in the day's sales → COMMIT (the count and the
 *   COMMIT in the order's round trip when nothing else follows it).
 * Only what is read-then-written per restaurant (numbers, coupon and open-order limits) runs after
 * the lock (decision 006); stock holds on its own conditional UPDATE.
 */

/** A door reads the restaurant and the cart's products before the transaction, on the pool, and hands them in. */
export { checkoutReads } from './admission';
export type { OrderChannel } from './channels';
export type { OrderAddress } from './delivery';
export type { PaymentPlan } from './payment';
export { activePaymentMethods, type PaymentMethodRow } from './payment';
export type { ChargedLine, PricedLine, ProposedLine } from './pricing';

type OrderRow = typeof orders.$inferSelect;

/** Who the order is for: a customer account, or a name at the counter. */
export type OrderCustomer = { id: string | null; name: string; phone: string | null; email: string | null };

/** What the door knows once the order's lines, delivery and discount are priced. */
export type PricedOrder = {
  restaurant: RestaurantRow;
  lines: readonly PricedLine[];
  subtotal: number;
  delivery: OrderDelivery;
  coupon: AppliedCoupon;
  total: number;
  /** Σ prices as shown − Σ catalogue prices: zero unless the door brought the prices it showed. */
  priceDifference: number;
};

/** The order as placed, for the door's answer. */
export type PlacedOrder = PricedOrder & {
  order: OrderRow;
  items: (typeof orderItems.$inferSelect)[];
  payment: StartedPayment;
  /** The stock the order took, product by product (`after` below zero only for a sale recorded as sold). */
  stock: StockTaken[];
  /** What the door's `alongside` steps answered, by step. */
  alongside: Record<string, unknown[]>;
};

type StockTaken = ReturnType<typeof stockTaken>;

/** A door's own part: what it asks for, its rules, its extra rows, and how it answers. */
export type OrderDoor<Answer> = {
  /**
   * Before the transaction: the door's own reads and checks that need no transaction (a shipping quote
   * is a network call), and the order it asks for. A retry runs it again before it finds its first order.
   * `reads` is handed to `checkoutReads`: whether the instance's kept reads may be used (decision 125).
   */
  prepare(ctx: ServiceCtx, reads: CheckoutReadsMode): Promise<OrderSpec>;
  /** Before the lock, once the total is known: the door's checks that need no lock, and how the money is collected. */
  plan(ctx: ServiceCtx, priced: PricedOrder): Promise<PaymentPlan>;
  /**
   * Before the lock, once the total is known: the table account the order is a round of, and its round
   * number (the door locks the account's row, so rounds added at once are numbered one after another).
   */
  attach?(ctx: ServiceCtx, priced: PricedOrder): Promise<AccountRound | null>;
  /**
   * The customer who may hold only a few open unpaid orders (the storefront's rule): counted under the
   * restaurant's lock, in the statement that takes it.
   */
  limitsOpenUnpaidOrdersOf?: string;
  /**
   * The door's rows that need nothing but the order's id and read nothing the statement writes, or are
   * given what of it they need (a sale's payments; a round's account events, given its customer):
   * written by the order's statement, their keys to the order checked at its end.
   */
  alongside?(order: { id: string; total: number }): Record<string, Step<unknown>>;
  /** After the order's rows, in the same transaction: the door's own rows that need the order written. */
  record?(ctx: ServiceCtx, placed: PlacedOrder): Promise<void>;
  /** Whether `record` has anything to write for this order (it runs only then); taken as yes when absent. */
  records?(priced: PricedOrder): boolean;
  /** The answer to a retry: the order an earlier attempt with the same key placed (refused if not this door's). */
  replay(ctx: ServiceCtx, earlier: OrderRow): Promise<Answer>;
  /**
   * The answer for the order just placed. Unless `record` ran, the transaction may already be committed
   * (decision 128): it reads and writes nothing through it.
   */
  answer(ctx: ServiceCtx, placed: PlacedOrder): Promise<Answer>;
};

export type OrderRequest<Answer> = {
  channel: OrderChannel;
  /** The attempt's Idempotency-Key: a retry answers the first order instead of placing a second. */
  idempotencyKey: string | null;
  door: OrderDoor<Answer>;
};

/** A round of a table account: the account it belongs to and its number there. */
export type AccountRound = { accountId: string; round: number };

/** The order a door asks for. */
export type OrderSpec = {
  items: readonly ProposedLine[];
  customer: OrderCustomer;
  /** Who the first history row and the stock history name. */
  placedBy: { employeeId: string | null; name: string };
  /**
   * How the order travels: chosen on the storefront (shipping quoted before), handed over at the
   * counter, or as an ordering app says (its address and fee).
   */
  delivery:
    | { kind: 'storefront'; choice: DeliveryChoice; address: DeliveryAddressInput }
    | { kind: 'counter' }
    | { kind: 'given'; deliveryType: 'delivery' | 'pickup' | 'dine_in'; address: OrderAddress; fee: number }
    | { kind: 'table'; tableNumber: number | null };
  discount: { kind: 'coupon'; code: string | null | undefined } | { kind: 'manual'; amount: number };
  note: string | null;
  /** When the order was made, if before it reaches us (a sale made offline); now otherwise. */
  placedAt?: Date;
  /** The unit price of each line as the door's screen showed it (a channel that records orders as sold). */
  shownUnitPrices?: readonly number[];
  /**
   * An order priced and charged elsewhere (an ordering app): its lines and total are taken as they
   * are, instead of pricing `items` from our catalogue.
   */
  charged?: { lines: readonly ChargedLine[]; total: number };
  /** The app the order came from ('ifood', 'keeta', …); absent for our own channels. */
  source?: string;
  /** The restaurant, when the door already read it before the transaction (not read twice). */
  restaurant?: RestaurantRow;
  /** The cart's products, when the door already read them before the transaction (not read twice). */
  catalogue?: Catalogue;
  /** The catalogue version, when the restaurant and products came from the instance's kept reads. */
  keptAt?: number;
};

export type DeliveryAddressInput = Parameters<typeof resolveDelivery>[3];

/**
 * Places an order through `request.door`, in the caller's transaction or a new one. A retry with the
 * same key answers the first order, also when two retries race (the loser's insert hits the unique key).
 */
export async function placeOrder<Answer>(ctx: ServiceCtx, request: OrderRequest<Answer>): Promise<Answer> {
  const attempt = async (reads: CheckoutReadsMode) => {
    const spec = await request.door.prepare(ctx, reads);
    return inTransaction(ctx, (txCtx) => placeInTransaction(txCtx, { ...request, ...spec }));
  };
  try {
    const first: CheckoutReadsMode = { fresh: false, usedKept: false };
    try {
      return await attempt(first);
    } catch (err) {
      // Priced from kept reads: a catalogue changed since, or a refusal they may have caused (a product
      // paused then back on sale, a restaurant closed then opened), is decided again from the database.
      // A session that ended is no such refusal.
      const refused = err instanceof AppError && err.status < 500 && err.status !== 401;
      if (!(err instanceof KeptReadsChanged) && !(first.usedKept && refused)) throw err;
      keptReadsOf(ctx.deps.database).forget(ctx.restaurantId);
      return await attempt({ fresh: true, usedKept: false });
    }
  } catch (err) {
    // Nearly every attempt is a first one, so the key is not looked up before: a retry of an order that
    // was placed fails, on the order's unique key or earlier on a rule the first order now counts in (a
    // limit, the last unit of stock, the hours), its number rolled back with it, and it answers the first
    // order instead of the error.
    if (request.idempotencyKey) {
      const earlier = await orderByKey(ctx, request.idempotencyKey).catch(() => null);
      if (earlier) return request.door.replay(ctx, earlier);
    }
    throw err;
  }
}

/** The restaurant's catalogue changed after the kept reads an order was priced from. */
class KeptReadsChanged extends Error {}

type FullRequest<Answer> = OrderRequest<Answer> & OrderSpec;

async function placeInTransaction<Answer>(ctx: ServiceCtx, request: FullRequest<Answer>): Promise<Answer> {
  const { door } = request;
  const priced = await priceOrder(ctx, request, CHANNELS[request.channel].asSold);
  const plan = await door.plan(ctx, priced);
  const contact = await paymentContact(ctx, plan, request.customer);
  const round = (await door.attach?.(ctx, priced)) ?? null;

  const { actor } = ctx;
  const keptSession = actor?.kind === 'customer' && actor.keptSession ? actor.sessionHash : null;
  const { number, openUnpaid, catalogVersion, sessionHolds } = await lockForNextOrderNumber(
    ctx,
    door.limitsOpenUnpaidOrdersOf ?? null,
    keptSession,
  );
  if (keptSession && !sessionHolds) {
    // Ended through another instance, its signal not heard here yet: nothing is placed on it.
    ctx.deps.sessions.forget(keptSession);
    throw unauthorized();
  }
  if (request.keptAt !== undefined && request.keptAt !== catalogVersion) throw new KeptReadsChanged();
  if (openUnpaid !== null) assertFewOpenUnpaidOrders(openUnpaid);

  const id = randomUUID();
  const payment = startPayment(ctx.deps, plan, {
    id,
    number,
    channel: request.channel,
    priced,
    contact,
  });
  const written = orderInsert({
    id,
    number,
    request,
    priced,
    payment,
    status: CHANNELS[request.channel].status,
    round,
  });
  // Nothing written after the order's statement but a sale's count (no coupon use, no row of the door's
  // own, one product's stock at most): the count and the COMMIT go with it (decision 128).
  const records = door.record !== undefined && (door.records?.(priced) ?? true);
  const last = !priced.coupon.couponId && !records;
  const { order, stock, alongside, counted } = await writeOrder(ctx, written, priced, request, last);
  const { items } = written;
  await redeemCoupon(ctx, priced.coupon, request.customer.id, order.id);
  const placed: PlacedOrder = { ...priced, order, items, payment, stock, alongside };
  if (records) await door.record?.(ctx, placed);
  // A sale handed over at once (the PDV's) is settled as it is born.
  if (!counted) await countSale(ctx.db, order);
  return door.answer(ctx, placed);
}

/**
 * The order's rows, its customer's "Recebemos seu pedido" (committed with the order, if it is one that
 * gets it: the rule reads the order's row as the statement wrote it), `order.created`, a single
 * product's stock and the door's `alongside` rows, in one statement. Several products' stock is taken
 * after it, one product after another in id order (concurrent writers of stock must lock them in that
 * order, and the writes of one statement run in none). `last`: the caller writes nothing after but the
 * sale's count, so with one product's stock at most the count follows the statement in its round trip
 * and the transaction's COMMIT with them where it can (`commitAhead`); the door's `answer` then runs
 * after it. `counted`: the sale's count went with the statement.
 */
async function writeOrder(
  ctx: ServiceCtx,
  insert: ReturnType<typeof orderInsert>,
  priced: PricedOrder,
  request: FullRequest<unknown>,
  last: boolean,
): Promise<{ order: OrderRow; stock: StockTaken[]; alongside: Record<string, unknown[]>; counted: boolean }> {
  const { order, items } = insert;
  const takes = orderStockSteps(order, priced.lines, request);
  const alone = takes.length === 1 ? takes[0] : null;
  const ending = last && takes.length <= 1;
  const count = ending ? saleCountStatement(order) : null;
  const own = request.door.alongside?.(order) ?? {};
  const trip = await inOneTrip(
    ctx.db,
    {
      ...own,
      placed: insert.step,
      message: newOrderMessageStep(order, items, priced.restaurant.name, insert.relation),
      created: orderCreatedStep(order),
      ...(alone ? { stock: alone.step } : {}),
    },
    { kept: true, last: ending, after: count ? [count] : [] },
  ).catch((err) => {
    throw stockRefusal(err);
  });
  const stock = alone ? [stockTaken(alone, trip.stock ?? [])] : await takeSaleStock(ctx.db, takes);
  const answered = trip as Record<string, unknown[]>;
  const alongside = Object.fromEntries(Object.keys(own).map((key) => [key, answered[key]]));
  return { order: placedOrderRow(order, trip.placed), stock, alongside, counted: count !== null };
}

/** Lines, delivery, discount and total: everything read and priced before the lock. */
async function priceOrder(ctx: ServiceCtx, request: OrderSpec, asSold: boolean): Promise<PricedOrder> {
  const restaurant = request.restaurant ?? (await restaurantById(ctx.db, ctx.restaurantId));
  const charged = request.charged ? await chargedOrderLines(ctx, request.charged.lines) : null;
  const catalogue =
    charged ?? (await priceOrderLines(ctx, restaurant, request.items, { acceptPaused: asSold }, request.catalogue));
  const { lines, subtotal, priceDifference } =
    !charged && asSold && request.shownUnitPrices
      ? linesAsShown(catalogue.lines, request.shownUnitPrices)
      : { ...catalogue, priceDifference: 0 };
  const delivery =
    request.delivery.kind === 'counter'
      ? counterDelivery()
      : request.delivery.kind === 'given'
        ? givenDelivery(request.delivery)
        : request.delivery.kind === 'table'
          ? tableDelivery(request.delivery.tableNumber)
          : await resolveDelivery(
              ctx,
              restaurant,
              request.customer.id,
              request.delivery.address,
              request.delivery.choice,
              lines,
            );
  const coupon =
    request.discount.kind === 'coupon'
      ? await evaluateCoupon(ctx, request.customer.id, request.discount.code, subtotal)
      : {
          couponId: null,
          usesPerCustomer: null,
          discount: clampDiscount(Math.round(request.discount.amount), subtotal),
        };
  const total =
    request.charged?.total ?? orderTotal({ subtotal, deliveryFee: delivery.deliveryFee, discount: coupon.discount });
  return { restaurant, lines, subtotal, delivery, coupon, total, priceDifference };
}

async function chargedOrderLines(ctx: ServiceCtx, charged: readonly ChargedLine[]) {
  const lines = await chargedLines(ctx, charged);
  return { lines, subtotal: lines.reduce((s, l) => s + l.totalPrice, 0) };
}

const givenDelivery = (given: { deliveryType: OrderDelivery['deliveryType']; address: OrderAddress; fee: number }) => ({
  deliveryType: given.deliveryType,
  shippingOption: null,
  deliveryFee: given.fee,
  tableNumber: null,
  address: given.address,
});

/** A cart's lines priced as an order would price them, for a preview (nothing is locked or kept). */
export async function priceCart(ctx: ServiceCtx, items: readonly ProposedLine[]): Promise<PricedLine[]> {
  const restaurant = await restaurantById(ctx.db, ctx.restaurantId);
  return (await priceOrderLines(ctx, restaurant, items)).lines;
}
