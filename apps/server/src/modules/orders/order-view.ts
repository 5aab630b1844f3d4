import type { DbOrTx } from '@meucardapio/db/client';
import { orderItems, type orders, restaurants } from '@meucardapio/db/schema';
import { cashChangeOf } from '@meucardapio/domain/order-display';
import { pendingLocalPix } from '@meucardapio/domain/order-pix';
import type { CustomerOrderView, OrderItemView } from '@meucardapio/domain/order-views';
import { asc, eq, inArray } from 'drizzle-orm';
import { tenant } from '../../http/tenant';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

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
    ...cashChangeOf(data),
    checkoutUrl: pendingCheckout && o.status !== 'cancelled' ? (data.infinitepay_checkout as string) : null,
    pix: pendingLocalPix(o),
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
