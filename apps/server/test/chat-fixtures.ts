import { chatMessages, orders } from '@meucardapio/db/schema';
import { eq, sql } from 'drizzle-orm';
import { type Owner, registerCustomer, signupOwner, type TestApp } from './helpers';

let orderSeq = 0;
/** Orders are set up directly: the chat only needs one that belongs to a customer. */
export async function createOrder(
  t: TestApp,
  restaurantId: string,
  customerId: string | null,
  extra: Partial<typeof orders.$inferInsert> = {},
) {
  const [order] = await t.db
    .insert(orders)
    .values({
      restaurantId,
      number: ++orderSeq,
      customerId,
      customerName: 'Cliente Teste',
      deliveryType: 'delivery',
      subtotal: 3990,
      total: 3990,
      ...extra,
    })
    .returning();
  return order;
}

export async function countMessages(t: TestApp, restaurantId: string) {
  const [r] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(eq(chatMessages.restaurantId, restaurantId));
  return Number(r.n);
}

export type Setup = Awaited<ReturnType<typeof setup>>;
/** A restaurant with two customers, Alice and Bruno, each with an order of their own. */
export async function setup(t: TestApp) {
  const owner: Owner = await signupOwner(t);
  const alice = await registerCustomer(t, owner.slug, { name: 'Alice' });
  const bruno = await registerCustomer(t, owner.slug, { name: 'Bruno' });
  const aliceOrder = await createOrder(t, owner.restaurantId, alice.customerId);
  const brunoOrder = await createOrder(t, owner.restaurantId, bruno.customerId);
  return { owner, alice, bruno, aliceOrder, brunoOrder };
}
