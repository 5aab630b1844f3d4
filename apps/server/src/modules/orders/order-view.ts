import type { DbOrTx } from '@meucardapio/db/client';
import { type OrderItemOption, orderItems, type orders, restaurants } from '@meucardapio/db/schema';
import { asc, eq, inArray } from 'drizzle-orm';
import { tenant } from '../../http/tenant';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

export type OrderItemView = {
  id: string;
  productId: string | null;
  name: string;
  quantity: number;
  unitPrice: number;
  totalPrice: number;
  variation: OrderItemOption | null;
  addons: OrderItemOption[];
  colors: OrderItemOption[];
  pizzaFlavors: OrderItemOption[];
  notes: string | null;
};

/** An order as its customer sees it: no staff-only fields, only the payment data that concerns them. */
export type CustomerOrderView = {
  id: string;
  number: number;
  restaurantId: string;
  restaurant: { name: string; slug: string; logoUrl: string | null };
  status: string;
  deliveryType: string;
  tableNumber: number | null;
  customerName: string;
  customerPhone: string | null;
  address: string | null;
  addressNumber: string | null;
  complement: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  cep: string | null;
  paymentMethod: string | null;
  paymentStatus: string | null;
  paymentCheckoutVerified: boolean;
  installments: number | null;
  paidAmount: number | null;
  changeAmount: number | null;
  /** Still-open hosted checkout of a pending card/pix order, so the customer can pay later. */
  checkoutUrl: string | null;
  shippingOption: Record<string, unknown> | null;
  note: string | null;
  subtotal: number;
  deliveryFee: number;
  discount: number;
  total: number;
  createdAt: string;
  updatedAt: string;
  items: OrderItemView[];
};

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

export function toItemView(i: ItemRow): OrderItemView {
  return {
    id: i.id,
    productId: i.productId,
    name: i.name,
    quantity: i.quantity,
    unitPrice: i.unitPrice,
    totalPrice: i.totalPrice,
    variation: i.variation ?? null,
    addons: i.addons ?? [],
    colors: i.colors ?? [],
    pizzaFlavors: i.pizzaFlavors ?? [],
    notes: i.notes,
  };
}

export function toCustomerOrderView(
  o: OrderRow,
  items: ItemRow[],
  restaurant: { name: string; slug: string; logoUrl: string | null },
): CustomerOrderView {
  const data = o.paymentData ?? {};
  const pendingCheckout = o.paymentStatus !== 'approved' && typeof data.infinitepay_checkout === 'string';
  return {
    id: o.id,
    number: o.number,
    restaurantId: o.restaurantId,
    restaurant,
    status: o.status,
    deliveryType: o.deliveryType,
    tableNumber: o.tableNumber,
    customerName: o.customerName,
    customerPhone: o.customerPhone,
    address: o.address,
    addressNumber: o.addressNumber,
    complement: o.complement,
    neighborhood: o.neighborhood,
    city: o.city,
    state: o.state,
    cep: o.cep,
    paymentMethod: o.paymentMethod,
    paymentStatus: o.paymentStatus,
    paymentCheckoutVerified: o.paymentCheckoutVerified,
    installments: o.installments,
    paidAmount: num(data.paid_amount),
    changeAmount: num(data.change_amount),
    checkoutUrl: pendingCheckout && o.status !== 'cancelled' ? (data.infinitepay_checkout as string) : null,
    shippingOption: o.shippingOption ?? null,
    note: o.note,
    subtotal: o.subtotal,
    deliveryFee: o.deliveryFee,
    discount: o.discount,
    total: o.total,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    items: items.map(toItemView),
  };
}

/** Loads orders' items and restaurant in two queries and builds the customer views, keeping the order. */
export async function customerOrderViews(
  db: DbOrTx,
  restaurantId: string,
  rows: OrderRow[],
): Promise<CustomerOrderView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((o) => o.id);
  const [items, [restaurant]] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(tenant(orderItems, restaurantId, inArray(orderItems.orderId, ids)))
      .orderBy(asc(orderItems.orderId), asc(orderItems.name)),
    db
      .select({ name: restaurants.name, slug: restaurants.slug, logoUrl: restaurants.logoUrl })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId))
      .limit(1),
  ]);
  const byOrder = new Map<string, ItemRow[]>();
  for (const i of items) {
    const list = byOrder.get(i.orderId) ?? [];
    list.push(i);
    byOrder.set(i.orderId, list);
  }
  const r = restaurant ?? { name: '', slug: '', logoUrl: null };
  return rows.map((o) => toCustomerOrderView(o, byOrder.get(o.id) ?? [], r));
}
