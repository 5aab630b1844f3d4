import { couponRedemptions, coupons, orderHistory, orders, products, stockHistory } from '@meucardapio/db/schema';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cancelOrderAndRestore } from '../src/modules/orders/order-cancel.service';
import { customerOf, deliveryOrder, ORDERS, type Shop, setupShop, shopPerFile, stockOf } from './checkout-fixtures';
import { createEmployee, type TestApp } from './helpers';

let t: TestApp;
let shop: Shop;
shopPerFile((made) => ({ t, shop } = made));

const statusUrl = (id: string) => `/api/admin/orders/${id}/status`;

async function couponUses(id: string) {
  const [c] = await t.db.select({ usesCount: coupons.usesCount }).from(coupons).where(eq(coupons.id, id));
  return c.usesCount;
}
const returnsOf = (orderId: string) =>
  t.db
    .select()
    .from(stockHistory)
    .where(and(eq(stockHistory.orderId, orderId), eq(stockHistory.operationType, 'register')));
const cancelHistoryOf = (orderId: string) =>
  t.db
    .select()
    .from(orderHistory)
    .where(and(eq(orderHistory.orderId, orderId), eq(orderHistory.status, 'cancelled')));

/** A fresh customer's cash order of 2 drinks (stock-controlled) and a pizza, with the BEMVINDO10 coupon. */
async function orderWithStockAndCoupon(s: Shop = shop) {
  const customer = await customerOf(t, s);
  const res = await customer.client.post(
    ORDERS,
    deliveryOrder(s, {
      items: [
        { productId: s.products.refri.id, quantity: 2 },
        { productId: s.products.calabresa.id, quantity: 1 },
      ],
      couponCode: 'BEMVINDO10',
    }),
  );
  expect(res.status, res.text).toBe(201);
  return { customer, order: res.body.order as { id: string; number: number } };
}

async function refillDrinks(s: Shop = shop) {
  await t.db.update(products).set({ estoque: 5 }).where(eq(products.id, s.products.refri.id));
}

describe('staff cancelling an order gives back its stock and coupon use', () => {
  it('restores the stock with a history entry and the coupon use, and the customer may use the coupon again', async () => {
    await refillDrinks();
    const usesBefore = await couponUses(shop.coupons.bemvindo.id);
    const { customer, order } = await orderWithStockAndCoupon();
    expect(await stockOf(t, shop.products.refri.id)).toBe(3);
    expect(await couponUses(shop.coupons.bemvindo.id)).toBe(usesBefore + 1);

    const kitchen = await createEmployee(t, shop.owner, { profileType: 'kitchen' });
    const res = await kitchen.client.patch(statusUrl(order.id), { status: 'cancelled', notes: 'Cliente desistiu' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.order.status).toBe('cancelled');
    expect(res.body.order.history.at(-1)).toMatchObject({
      status: 'cancelled',
      employeeName: kitchen.name,
      notes: 'Cliente desistiu',
    });

    expect(await stockOf(t, shop.products.refri.id)).toBe(5);
    const returned = await returnsOf(order.id);
    expect(returned).toEqual([
      expect.objectContaining({
        productId: shop.products.refri.id,
        restaurantId: shop.rid,
        operationType: 'register',
        quantityBefore: 3,
        quantityAfter: 5,
        quantityChanged: 2,
        employeeName: kitchen.name,
        notes: `Devolução do pedido cancelado #${order.number}`,
      }),
    ]);
    expect(await couponUses(shop.coupons.bemvindo.id)).toBe(usesBefore);
    expect(await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, order.id))).toEqual([]);

    // BEMVINDO10 is one use per customer: with the use given back, it works again.
    const again = await customer.client.post(ORDERS, deliveryOrder(shop, { couponCode: 'BEMVINDO10' }));
    expect(again.status, again.text).toBe(201);
    expect(again.body.order.discount).toBeGreaterThan(0);
  });

  it('two cancellations at once give back exactly once', async () => {
    await refillDrinks();
    const usesBefore = await couponUses(shop.coupons.bemvindo.id);
    const { order } = await orderWithStockAndCoupon();
    const admin = await createEmployee(t, shop.owner, { profileType: 'admin' });
    const results = await Promise.all([
      shop.owner.client.patch(statusUrl(order.id), { status: 'cancelled' }),
      admin.client.patch(statusUrl(order.id), { status: 'cancelled' }),
      shop.owner.client.patch(statusUrl(order.id), { status: 'cancelled' }),
      // A declined payment or the unpaid-order job cancelling through the same service.
      t.db.transaction((tx) =>
        cancelOrderAndRestore(tx, {
          restaurantId: shop.rid,
          orderId: order.id,
          by: { employeeId: null, name: 'Sistema' },
        }),
      ),
    ]);
    for (const r of results.slice(0, 3)) expect((r as { status: number }).status).toBe(200);
    expect(await stockOf(t, shop.products.refri.id)).toBe(5);
    expect(await returnsOf(order.id)).toHaveLength(1);
    expect(await cancelHistoryOf(order.id)).toHaveLength(1);
    expect(await couponUses(shop.coupons.bemvindo.id)).toBe(usesBefore);

    // And once more, later: nothing changes.
    const late = await shop.owner.client.patch(statusUrl(order.id), { status: 'cancelled' });
    expect(late.status).toBe(200);
    expect(await stockOf(t, shop.products.refri.id)).toBe(5);
    expect(await cancelHistoryOf(order.id)).toHaveLength(1);
  });

  it('the shared service answers whether it cancelled and refuses a delivered order', async () => {
    await refillDrinks();
    const { order } = await orderWithStockAndCoupon();
    const by = { employeeId: null, name: 'Sistema' };
    const first = await t.db.transaction((tx) =>
      cancelOrderAndRestore(tx, { restaurantId: shop.rid, orderId: order.id, by }),
    );
    expect(first).toMatchObject({ cancelled: true, order: { status: 'cancelled' } });
    const second = await t.db.transaction((tx) =>
      cancelOrderAndRestore(tx, { restaurantId: shop.rid, orderId: order.id, by }),
    );
    expect(second).toMatchObject({ cancelled: false });
    // Another restaurant's id finds nothing.
    const other = await setupShop(t, { paymentMethods: false });
    expect(
      await t.db.transaction((tx) => cancelOrderAndRestore(tx, { restaurantId: other.rid, orderId: order.id, by })),
    ).toBeNull();

    const { order: delivered } = await orderWithStockAndCoupon();
    await t.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, delivered.id));
    await expect(
      t.db.transaction((tx) => cancelOrderAndRestore(tx, { restaurantId: shop.rid, orderId: delivered.id, by })),
    ).rejects.toMatchObject({ status: 409, title: 'Mudança de status não permitida' });
  });

  it('a delivered order cannot be cancelled and keeps its stock taken', async () => {
    await refillDrinks();
    const { order } = await orderWithStockAndCoupon();
    await t.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, order.id));
    const res = await shop.owner.client.patch(statusUrl(order.id), { status: 'cancelled' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      title: 'Mudança de status não permitida',
      description: 'Este pedido já está entregue e não muda mais de status.',
    });
    expect(await stockOf(t, shop.products.refri.id)).toBe(3);
    expect(await returnsOf(order.id)).toHaveLength(0);
  });

  it('another restaurant cannot cancel the order nor trigger a restore', async () => {
    await refillDrinks();
    const { order } = await orderWithStockAndCoupon();
    const other = await setupShop(t, { paymentMethods: false });
    const res = await other.owner.client.patch(statusUrl(order.id), { status: 'cancelled' });
    expect(res.status).toBe(404);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe('pending');
    expect(await stockOf(t, shop.products.refri.id)).toBe(3);
    expect(await returnsOf(order.id)).toHaveLength(0);
  });
});
