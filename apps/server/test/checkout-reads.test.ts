import { paymentMethods, products, restaurantHours } from '@meucardapio/db/schema';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkoutReads } from '../src/modules/orders/place/admission';
import { readCatalogue } from '../src/modules/orders/place/pricing';
import { restaurantById } from '../src/tenancy/restaurant-lookup';
import { type Shop, setupShop, shopPerFile } from './checkout-fixtures';
import type { TestApp } from './helpers';

let t: TestApp;
let shop: Shop;
shopPerFile((made) => ({ t, shop } = made));

const line = (productId: string, quantity: number, flavorIds: string[] = []) => ({
  productId,
  quantity,
  flavorIds,
  addonIds: [],
  colorIds: [],
  notes: null,
});

/*
 * The checkout's reads come back from the database function (migration 0041) as whole rows in JSON:
 * they must be the rows the query builder reads, and only this restaurant's.
 */
describe("a checkout's reads in one round trip", () => {
  it('are the restaurant, its hours, its active methods by name and the named products, as the query builder reads them', async () => {
    const { meioAMeio, calabresa, mussarela, refri } = shop.products;
    const items = [line(meioAMeio.id, 1, [calabresa.id, mussarela.id]), line(refri.id, 2)];
    const read = await checkoutReads(t, shop.rid, items, { fresh: true, usedKept: false });

    expect(read.restaurant).toEqual(await restaurantById(t.db, shop.rid));
    const hours = await t.db.select().from(restaurantHours).where(eq(restaurantHours.restaurantId, shop.rid));
    const byDay = <R extends { dayOfWeek: number }>(rows: R[]) => [...rows].sort((a, b) => a.dayOfWeek - b.dayOfWeek);
    expect(byDay(read.hours)).toEqual(byDay(hours));
    const methods = await t.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.restaurantId, shop.rid))
      .orderBy(asc(paymentMethods.name));
    expect(read.methods).toEqual(methods.filter((m) => m.active));
    expect(read.methods.map((m) => m.name)).toEqual(['Cartão de Crédito', 'Dinheiro']);

    const catalogue = await readCatalogue(t.db, shop.rid, items);
    expect([...read.catalogue.keys()].sort()).toEqual([...catalogue.keys()].sort());
    for (const [id, product] of catalogue) expect(read.catalogue.get(id)).toMatchObject(product);
    const [whole] = await t.db.select().from(products).where(eq(products.id, meioAMeio.id));
    expect(read.catalogue.get(meioAMeio.id)).toEqual(whole);
  });

  it("never hands back another restaurant's products, and answers 404 for a restaurant that does not exist", async () => {
    const other = await setupShop(t);
    const items = [line(other.products.refri.id, 1), line(shop.products.refri.id, 1)];
    const read = await checkoutReads(t, shop.rid, items, { fresh: true, usedKept: false });
    expect([...read.catalogue.keys()]).toEqual([shop.products.refri.id]);
    await expect(checkoutReads(t, '00000000-0000-4000-8000-000000000000', items)).rejects.toMatchObject({
      status: 404,
    });
  });
});
