import { products, restaurants } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerOf, deliveryOrder, type Shop, setupShop } from './checkout-fixtures';
import { createTestApp, type Owner, signupOwner, type TestApp } from './helpers';

let t: TestApp;
let shop: Shop;
let other: Owner;

beforeAll(async () => {
  t = await createTestApp();
  shop = await setupShop(t);
  other = await signupOwner(t);
});
afterAll(async () => {
  await t?.close();
});

const PRODUCTS = '/api/admin/products';
const CASHIER = '/api/admin/cashier';

describe('a multi-flavour pizza without a flavour list (spec 1 §7 fallback)', () => {
  let livre: { id: string };

  beforeAll(async () => {
    const res = await shop.owner.client.post(PRODUCTS, {
      name: 'Pizza Livre',
      price: 5000,
      isPizza: true,
      allowsMultipleFlavors: true,
      maxFlavors: 2,
      pizzaFlavors: [],
    });
    expect(res.status, res.text).toBe(201);
    livre = res.body.product;
  });

  it("offers the restaurant's other single pizzas by name on the menu and at the PDV", async () => {
    const menu = await t.client().get(`/api/public/restaurants/${shop.slug}/menu`);
    const pizza = menu.body.products.find((p: { id: string }) => p.id === livre.id);
    expect(pizza.pizzaFlavors).toEqual([shop.products.calabresa.id, shop.products.mussarela.id]);

    const catalog = await shop.owner.client.get(`${CASHIER}/catalog`);
    const atPdv = catalog.body.products.find((p: { id: string }) => p.id === livre.id);
    expect(atPdv.flavors.map((f: { name: string }) => f.name)).toEqual(['Pizza Calabresa', 'Pizza Mussarela']);
  });

  it('is priced by the server from those flavours and refuses any other product as a flavour', async () => {
    const { client } = await customerOf(t, shop);
    const order = await client.post(
      '/api/customer/orders',
      deliveryOrder(shop, {
        items: [
          { productId: livre.id, quantity: 1, flavorIds: [shop.products.calabresa.id, shop.products.mussarela.id] },
        ],
      }),
    );
    expect(order.status, order.text).toBe(201);
    // The average of R$ 40,00 and R$ 35,00.
    expect(order.body.order.subtotal).toBe(3750);
    expect(order.body.order.items[0].pizzaFlavors.map((f: { name: string }) => f.name)).toEqual([
      'Pizza Calabresa',
      'Pizza Mussarela',
    ]);

    for (const wrong of [shop.products.refri.id, shop.products.meioAMeio.id, livre.id]) {
      const refused = await client.post(
        '/api/customer/orders',
        deliveryOrder(shop, { items: [{ productId: livre.id, quantity: 1, flavorIds: [wrong] }] }),
      );
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe('invalid_flavor');
    }
  });

  it('cannot be saved in a restaurant with no single pizza to offer', async () => {
    const res = await other.client.post(PRODUCTS, {
      name: 'Pizza Sem Sabores',
      price: 5000,
      isPizza: true,
      allowsMultipleFlavors: true,
      pizzaFlavors: [],
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'flavors_required', title: 'Sabores obrigatórios' });
    expect(res.body.error.description).toContain('cadastre antes uma pizza de um sabor');
  });
});

describe('the PDV follows the commerce segment', () => {
  it("a shop's PDV offers no pizza flavours, whatever a product's flags say", async () => {
    const [multi] = await t.db
      .insert(products)
      .values([
        { restaurantId: other.restaurantId, name: 'Pizza Antiga', price: 3000, isPizza: true },
        {
          restaurantId: other.restaurantId,
          name: 'Pizza Mista',
          price: 4000,
          sku: 'MISTA',
          isPizza: true,
          allowsMultipleFlavors: true,
        },
      ])
      .returning()
      .then((rows) => rows.filter((r) => r.allowsMultipleFlavors));
    await t.db.update(restaurants).set({ businessSegment: 'commerce' }).where(eq(restaurants.id, other.restaurantId));
    const catalog = await other.client.get(`${CASHIER}/catalog`);
    expect(catalog.status).toBe(200);
    const atPdv = catalog.body.products.find((p: { id: string }) => p.id === multi.id);
    expect(atPdv).toMatchObject({ maxFlavors: null, flavors: [] });
    const found = await other.client.get(`${CASHIER}/products/lookup?code=mista`);
    expect(found.body).toMatchObject({ id: multi.id, maxFlavors: null, flavors: [] });
  });
});

describe('stock decrease with a reason (spec 2 §7)', () => {
  const ADJUST = '/api/admin/stock/adjustments';

  it('takes units out with an "Ajuste de estoque: -n" history row, never below zero', async () => {
    const refri = shop.products.refri;
    const [before] = await t.db.select().from(products).where(eq(products.id, refri.id));
    const res = await shop.owner.client.post(ADJUST, { productId: refri.id, quantity: 2, reason: 'Latas amassadas' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.product.estoque).toBe(before.estoque - 2);
    expect(res.body.entry).toMatchObject({
      operationType: 'adjustment',
      quantityBefore: before.estoque,
      quantityAfter: before.estoque - 2,
      quantityChanged: 2,
      notes: 'Ajuste de estoque: -2 - Latas amassadas',
    });

    const tooMany = await shop.owner.client.post(ADJUST, { productId: refri.id, quantity: 1000, reason: 'Contagem' });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error).toMatchObject({ code: 'insufficient_stock', title: 'Estoque insuficiente' });
    const [after] = await t.db.select().from(products).where(eq(products.id, refri.id));
    expect(after.estoque).toBe(before.estoque - 2);

    const history = await shop.owner.client.get(`${PRODUCTS}/${refri.id}/stock-history`);
    expect(history.body.history[0].notes).toBe('Ajuste de estoque: -2 - Latas amassadas');
    const recent = await shop.owner.client.get('/api/admin/stock/entries');
    expect(recent.body.entries[0]).toMatchObject({ operationType: 'adjustment', productName: refri.name });
  });

  it('needs a reason and a quantity above zero', async () => {
    const body = { productId: shop.products.refri.id, quantity: 1, reason: '  ' };
    const noReason = await shop.owner.client.post(ADJUST, body);
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.description).toContain('Informe o motivo do ajuste');
    const zero = await shop.owner.client.post(ADJUST, { ...body, quantity: 0, reason: 'Quebra' });
    expect(zero.status).toBe(400);
  });

  it("another restaurant cannot take a product's stock", async () => {
    const [before] = await t.db.select().from(products).where(eq(products.id, shop.products.refri.id));
    const res = await other.client.post(ADJUST, { productId: shop.products.refri.id, quantity: 1, reason: 'Quebra' });
    expect(res.status).toBe(404);
    const [after] = await t.db.select().from(products).where(eq(products.id, shop.products.refri.id));
    expect(after.estoque).toBe(before.estoque);
  });
});
