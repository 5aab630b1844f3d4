import { coupons, events, orderItems, orders, restaurants, stockHistory } from '@meucardapio/db/schema';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openRegister, sell, setupPdv } from './cashier-fixtures';
import { customerOf, deliveryOrder, ORDERS, type Shop, setStock, shopPerFile, stockOf } from './checkout-fixtures';
import type { TestApp } from './helpers';

let t: TestApp;
let shop: Shop;
shopPerFile((made) => ({ t, shop } = made));

describe('closed means closed', () => {
  const closedWeek = Array.from({ length: 7 }, (_, dayOfWeek) => ({
    dayOfWeek,
    isClosed: true,
    openTime: null,
    closeTime: null,
  }));
  const openWeek = Array.from({ length: 7 }, (_, dayOfWeek) => ({
    dayOfWeek,
    isClosed: false,
    openTime: '00:00',
    closeTime: '23:59',
  }));

  it('refuses an order placed after closing with "Restaurante fechado", and nothing is written', async () => {
    const buyer = await customerOf(t, shop);
    await setStock(t, shop.products.refri.id, 5);
    expect((await shop.owner.client.put('/api/admin/hours', { hours: closedWeek })).status).toBe(200);
    try {
      const count = async (table: typeof orders | typeof stockHistory | typeof orderItems | typeof events) => {
        const [{ n }] = await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
          .where(eq(table.restaurantId, shop.rid));
        return n;
      };
      const snapshot = async () => ({
        orders: await count(orders),
        items: await count(orderItems),
        stock: await count(stockHistory),
        events: await count(events),
        seq: (await t.db.select().from(restaurants).where(eq(restaurants.id, shop.rid)))[0].orderSeq,
        coupon: (await t.db.select().from(coupons).where(eq(coupons.id, shop.coupons.fixo.id)))[0].usesCount,
      });
      const before = await snapshot();
      for (const [deliveryType, extra] of [
        ['delivery', {}],
        ['pickup', {}],
        ['dine_in', { tableNumber: 5 }],
      ] as const) {
        const r = await buyer.client.post(
          ORDERS,
          deliveryOrder(shop, {
            items: [{ productId: shop.products.refri.id, quantity: 2 }],
            deliveryType,
            couponCode: 'FIXO5',
            ...extra,
          }),
        );
        expect(r.status, r.text).toBe(409);
        expect(r.body.error).toMatchObject({
          code: 'restaurant_closed',
          title: 'Restaurante fechado',
          description: 'Estamos fechados no momento.',
        });
      }
      expect(await stockOf(t, shop.products.refri.id)).toBe(5);
      expect(await snapshot()).toEqual(before);

      // The checkout asks when it opens (the menu may have been loaded while open).
      const options = await t.client().get(`/api/public/restaurants/${shop.slug}/checkout-options`);
      expect(options.body).toMatchObject({ openNow: false, closedDescription: 'Estamos fechados no momento.' });
    } finally {
      expect((await shop.owner.client.put('/api/admin/hours', { hours: openWeek })).status).toBe(200);
    }
    const options = await t.client().get(`/api/public/restaurants/${shop.slug}/checkout-options`);
    expect(options.body).toMatchObject({ openNow: true, closedDescription: null });
    expect((await buyer.client.post(ORDERS, deliveryOrder(shop))).status).toBe(201);
  });

  it('leaves the PDV alone: the counter sells whatever the hours say', async () => {
    const pdv = await setupPdv(t);
    expect((await pdv.owner.client.put('/api/admin/hours', { hours: closedWeek })).status).toBe(200);
    await openRegister(pdv.owner.client, 0);
    const sale = await sell(pdv.owner.client, {
      items: [{ productId: pdv.products.cafe.id, quantity: 1 }],
      payments: [{ methodId: pdv.methods.cash, amount: pdv.products.cafe.price, received: pdv.products.cafe.price }],
    });
    expect(sale.status, sale.text).toBe(201);
  });

  it("reads the hours in the restaurant's timezone, not the server's", async () => {
    // Open only during the current hour… in a timezone 12 hours away: closed here and now.
    const now = new Date();
    const tokyo = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Tokyo',
      weekday: 'short',
      hour: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now);
    const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(
      tokyo.find((p) => p.type === 'weekday')!.value,
    );
    const hour = Number(tokyo.find((p) => p.type === 'hour')!.value);
    const hh = (h: number) => String(h % 24).padStart(2, '0');
    // Two hours from the current Tokyo hour (past midnight when it is late there).
    const tokyoHour = openWeek.map((d) =>
      d.dayOfWeek === day
        ? { ...d, openTime: `${hh(hour)}:00`, closeTime: `${hh(hour + 2)}:00` }
        : { ...d, isClosed: true, openTime: null, closeTime: null },
    );
    await shop.owner.client.put('/api/admin/hours', { hours: tokyoHour });
    const buyer = await customerOf(t, shop);
    try {
      await t.db.update(restaurants).set({ timezone: 'America/Sao_Paulo' }).where(eq(restaurants.id, shop.rid));
      const sp = await buyer.client.post(ORDERS, deliveryOrder(shop));
      expect(sp.status).toBe(409);
      expect(sp.body.error.title).toBe('Restaurante fechado');
      await t.db.update(restaurants).set({ timezone: 'Asia/Tokyo' }).where(eq(restaurants.id, shop.rid));
      expect((await buyer.client.post(ORDERS, deliveryOrder(shop))).status).toBe(201);
    } finally {
      await t.db.update(restaurants).set({ timezone: 'America/Sao_Paulo' }).where(eq(restaurants.id, shop.rid));
      await shop.owner.client.put('/api/admin/hours', { hours: openWeek });
    }
  });
});
