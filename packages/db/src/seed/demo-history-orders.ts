import { randomUUID } from 'node:crypto';
import { unitPrice } from '@meucardapio/domain/pricing';
import type {
  Addon,
  cashSalePayments,
  customers,
  OrderItemOption,
  orderHistory,
  orderItems,
  orders,
  PriceOption,
} from '../schema';
import { NEIGHBORHOODS } from './demo-menu';

/** mulberry32: small, fast and good enough to make a demo look random yet identical on every run. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const weighted = <T>(entries: readonly (readonly [T, number])[]): T => {
    let r = next() * entries.reduce((s, [, w]) => s + w, 0);
    for (const [value, w] of entries) {
      r -= w;
      if (r <= 0) return value;
    }
    return entries[entries.length - 1][0];
  };
  /** Earlier items of the list are picked more often (weight 1/(i+1)^skew), as menus sell. */
  const popular = <T>(list: readonly T[], skew = 1): T =>
    weighted(list.map((item, i) => [item, 1 / (i + 1) ** skew] as const));
  /** Roughly normal (sum of three uniforms), in [mean − 3·sd, mean + 3·sd]. */
  const around = (mean: number, sd: number) => mean + (next() + next() + next() - 1.5) * 2 * sd;
  return { next, int, pick, weighted, popular, around };
}

export type Rng = ReturnType<typeof prng>;

export type ProductRow = {
  id: string;
  name: string;
  price: number;
  category: string;
  variations: PriceOption[];
  addons: Addon[];
  isPizza: boolean;
  allowsMultipleFlavors: boolean;
  pizzaFlavors: string[];
};

export type Menu = {
  savoury: ProductRow[];
  sweet: ProductRow[];
  meioAMeio: ProductRow;
  starters: ProductRow[];
  drinks: ProductRow[];
  desserts: ProductRow[];
};

type Line = typeof orderItems.$inferInsert;

/** A size, add-on or flavour as order items store it: with its id, so "Repetir pedido" finds it again. */
function chosenOption(id: string, name: string, price: number, quantity?: number): OrderItemOption {
  const option = { id, name, price, ...(quantity ? { quantity } : {}) };
  return option;
}
export type OrderRow = typeof orders.$inferInsert & { id: string; createdAt: Date; number: number };

/** Every row of the month's orders, gathered so they go in with batch inserts once numbered. */
export type HistoryRows = {
  orderRows: OrderRow[];
  itemRows: Line[];
  historyRows: (typeof orderHistory.$inferInsert)[];
  paymentRows: (typeof cashSalePayments.$inferInsert)[];
};

export type Sales = { restaurantId: string; ownerId: string; menu: Menu; rows: HistoryRows };

export type Employee = { id: string; name: string };

export type Buyer = Pick<
  typeof customers.$inferSelect,
  'id' | 'name' | 'phone' | 'email' | 'cep' | 'address' | 'number' | 'complement' | 'neighborhood' | 'city' | 'state'
>;

/** Storefront orders name their customer, are taken in by the counter and delivered by the rider. */
export type Storefront = Sales & { buyers: Buyer[]; counter: Employee; riderId: string };

const DELIVERY_FEES = new Map(NEIGHBORHOODS.map((n) => [n.name, n.fee]));

/** An order line priced with the storefront's rule: base (or flavour average) + size + add-ons. */
function line(
  restaurantId: string,
  orderId: string,
  product: ProductRow,
  quantity: number,
  choice: { variation?: PriceOption; addon?: Addon | null; flavours?: ProductRow[] } = {},
): Line {
  const { variation, addon, flavours = [] } = choice;
  const unit = unitPrice({
    basePrice: product.price,
    flavorPrices: flavours.map((f) => f.price),
    variation: variation ?? null,
    addons: addon ? [{ price: addon.price }] : [],
  });
  return {
    restaurantId,
    orderId,
    productId: product.id,
    name: product.name,
    quantity,
    unitPrice: unit,
    totalPrice: unit * quantity,
    variation: variation ? chosenOption(variation.id, variation.name, variation.priceModifier) : null,
    addons: addon ? [chosenOption(addon.id, addon.name, addon.price, 1)] : [],
    pizzaFlavors: flavours.map((f) => chosenOption(f.id, f.name, f.price)),
  };
}

function pizzaLine(rng: Rng, sales: Sales, orderId: string): Line {
  const { savoury, sweet, meioAMeio } = sales.menu;
  const size = rng.weighted([
    [0, 1],
    [1, 3],
    [2, 5],
  ] as const);
  const half = rng.next() < 0.15;
  const product = half ? meioAMeio : rng.popular(rng.next() < 0.12 ? sweet : savoury, 0.7);
  const variation = product.variations[Math.min(size, product.variations.length - 1)];
  const flavours = half ? [rng.popular(savoury, 0.7), rng.popular(rng.next() < 0.2 ? sweet : savoury, 0.7)] : [];
  const addon = rng.next() < 0.3 ? rng.pick(product.addons) : null;
  return line(sales.restaurantId, orderId, product, rng.next() < 0.2 ? 2 : 1, { variation, addon, flavours });
}

export const simpleLine = (restaurantId: string, orderId: string, product: ProductRow, quantity: number) =>
  line(restaurantId, orderId, product, quantity, { variation: product.variations[0] });

/** A family dinner, a quick lunch, a table sharing starters: pizzas, then maybe drinks, starters, dessert. */
export function basket(rng: Rng, sales: Sales, orderId: string, lunch: boolean): Line[] {
  const { restaurantId, menu } = sales;
  const lines: Line[] = [];
  const pizzas = lunch
    ? rng.weighted([
        [1, 6],
        [2, 2],
      ] as const)
    : rng.weighted([
        [1, 4],
        [2, 4],
        [3, 1],
      ] as const);
  for (let i = 0; i < pizzas; i++) lines.push(pizzaLine(rng, sales, orderId));
  if (rng.next() < 0.75) lines.push(simpleLine(restaurantId, orderId, rng.popular(menu.drinks, 1.3), rng.int(1, 3)));
  if (rng.next() < 0.3) lines.push(simpleLine(restaurantId, orderId, rng.popular(menu.starters), 1));
  if (rng.next() < 0.25) lines.push(simpleLine(restaurantId, orderId, rng.popular(menu.desserts), rng.int(1, 2)));
  return lines;
}

export function orderTime(rng: Rng): { minutes: number; lunch: boolean } {
  const lunch = rng.next() < 0.38;
  const raw = lunch ? rng.around(12 * 60 + 35, 40) : rng.around(20 * 60 + 10, 55);
  const minutes = Math.round(Math.min(lunch ? 14 * 60 + 50 : 23 * 60 + 20, Math.max(lunch ? 11 * 60 : 18 * 60, raw)));
  return { minutes, lunch };
}

type Channel = 'delivery' | 'pickup' | 'dine_in';
export function storefrontOrder(
  rng: Rng,
  shop: Storefront,
  createdAt: Date,
  lunch: boolean,
  status: string,
  options: { channel?: Channel; method?: string } = {},
) {
  const { restaurantId, ownerId, buyers, counter, riderId } = shop;
  const { orderRows, itemRows, historyRows } = shop.rows;
  const id = randomUUID();
  const channel: Channel =
    options.channel ??
    rng.weighted(
      lunch
        ? ([
            ['delivery', 4],
            ['pickup', 3],
            ['dine_in', 3],
          ] as const)
        : ([
            ['delivery', 6],
            ['pickup', 2],
            ['dine_in', 2],
          ] as const),
    );
  const buyer = rng.next() < 0.06 ? buyers[buyers.length - 1] : rng.pick(buyers);
  const lines = basket(rng, shop, id, lunch);
  const subtotal = lines.reduce((s, l) => s + l.totalPrice, 0);
  const fee = channel === 'delivery' ? (DELIVERY_FEES.get(buyer.neighborhood ?? '') ?? 600) : 0;
  const method =
    options.method ??
    (channel === 'dine_in'
      ? rng.weighted([
          ['Cartão de Débito', 4],
          ['Cartão de Crédito', 2],
          ['PIX', 3],
          ['Dinheiro', 1],
        ] as const)
      : rng.weighted([
          ['PIX', 4],
          ['Cartão de Crédito', 3],
          ['Cartão de Débito', 2],
          ['Dinheiro', 2],
        ] as const));
  // PIX and credit are paid online through the checkout in this demo; debit and cash on delivery.
  const online = method === 'PIX' || method === 'Cartão de Crédito';
  const cancelled = status === 'cancelled';
  orderRows.push({
    id,
    restaurantId,
    number: 0,
    ownerId,
    customerId: buyer.id,
    customerName: buyer.name,
    customerPhone: buyer.phone,
    customerEmail: buyer.email,
    deliveryType: channel,
    tableNumber: channel === 'dine_in' ? rng.int(1, 10) : null,
    ...(channel === 'delivery'
      ? {
          address: buyer.address,
          addressNumber: buyer.number,
          complement: buyer.complement,
          neighborhood: buyer.neighborhood,
          city: buyer.city,
          state: buyer.state,
          cep: buyer.cep,
        }
      : {}),
    paymentMethod: method,
    paymentStatus: online ? (cancelled && rng.next() < 0.5 ? 'failed' : 'approved') : null,
    paymentCheckoutVerified: online,
    paymentData: online ? { infinitepay_checkout: true } : {},
    installments: 1,
    subtotal,
    deliveryFee: fee,
    total: subtotal + fee,
    status,
    deliveryEmployeeId:
      channel === 'delivery' && (status === 'out_for_delivery' || status === 'delivered') ? riderId : null,
    createdAt,
    updatedAt: createdAt,
  });
  itemRows.push(...lines);
  historyRows.push({
    restaurantId,
    orderId: id,
    status: 'pending',
    employeeName: buyer.name,
    notes: 'Pedido realizado pelo cardápio online',
    createdAt,
  });
  if (status !== 'pending') {
    const later = new Date(createdAt.getTime() + (cancelled ? 6 : 40) * 60_000);
    historyRows.push({
      restaurantId,
      orderId: id,
      status,
      employeeId: counter.id,
      employeeName: counter.name,
      notes: cancelled ? 'Cliente desistiu do pedido' : null,
      createdAt: later,
    });
  }
}
