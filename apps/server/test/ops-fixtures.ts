import { orderItems, orders, restaurants } from '@meucardapio/db/schema';
import { eq, sql } from 'drizzle-orm';
import type { TestApp } from './helpers';
import { appendAnyEvent } from './helpers';

type OrderInsert = typeof orders.$inferInsert;

/**
 * An order inserted directly (the operations tests do not depend on the checkout flow), with its
 * per-restaurant number taken the way order creation does, and optionally the 'order.created' event.
 */
export async function insertOrder(
  t: TestApp,
  restaurantId: string,
  overrides: Partial<OrderInsert> = {},
  options: { items?: { name: string; quantity: number; unitPrice: number }[]; event?: boolean } = {},
) {
  const items = options.items ?? [{ name: 'Pizza Margherita', quantity: 2, unitPrice: 4590 }];
  const subtotal = items.reduce((s, i) => s + i.quantity * i.unitPrice, 0);
  return t.db.transaction(async (tx) => {
    const [seq] = await tx
      .update(restaurants)
      .set({ orderSeq: sql`${restaurants.orderSeq} + 1` })
      .where(eq(restaurants.id, restaurantId))
      .returning({ n: restaurants.orderSeq });
    const [order] = await tx
      .insert(orders)
      .values({
        restaurantId,
        number: seq.n,
        customerName: 'Maria Souza',
        customerPhone: '(11) 98765-4321',
        deliveryType: 'delivery',
        address: 'Rua Treze de Maio',
        addressNumber: '1200',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
        cep: '01327-000',
        paymentMethod: 'Dinheiro',
        subtotal,
        deliveryFee: 500,
        total: subtotal + 500,
        status: 'pending',
        ...overrides,
      })
      .returning();
    await tx.insert(orderItems).values(
      items.map((i) => ({
        restaurantId,
        orderId: order.id,
        name: i.name,
        quantity: i.quantity,
        unitPrice: i.unitPrice,
        totalPrice: i.quantity * i.unitPrice,
      })),
    );
    if (options.event) {
      await appendAnyEvent(tx, {
        restaurantId,
        type: 'order.created',
        permission: 'manage_orders',
        customerId: order.customerId,
        payload: { orderId: order.id, number: order.number },
      });
    }
    return order;
  });
}

/** Polls until `check` is true (or throws after `ms`). */
export async function waitFor(check: () => Promise<boolean> | boolean, ms = 5000, every = 25) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, every));
  }
  throw new Error('waitFor: condition not met in time');
}

/** Profiles with their default permissions, signed in: the refusal tests go through each of them. */
export const OPERATIONAL_PROFILES = ['kitchen', 'waiter', 'cashier', 'counter'] as const;
