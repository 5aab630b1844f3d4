import type { PdvCatalog } from '@meucardapio/domain/cashier-views';
import { priceChoice } from '@meucardapio/domain/pricing';
import { describe, expect, it } from 'vitest';
import { CASHIER, openRegister, sell } from './cashier-fixtures';
import { customerOf, type Shop, shopPerFile } from './checkout-fixtures';
import { signupOwner, type TestApp } from './helpers';

let t: TestApp;
let shop: Shop;
shopPerFile((made) => ({ t, shop } = made));

const SIZES = [
  { name: 'Broto', price: 3000 },
  { name: 'Média', price: 4200 },
  { name: 'Grande', price: 5500 },
];

/** A product as the admin form sends it, priced per size. */
const sizedProduct = (over: Record<string, unknown> = {}) => ({
  name: 'Pizza Dois Sabores',
  price: 0,
  isPizza: true,
  allowsMultipleFlavors: true,
  maxFlavors: 2,
  pizzaFlavors: [shop.products.calabresa.id, shop.products.mussarela.id],
  variations: SIZES,
  ...over,
});

/** Calabresa gets its own Grande price (R$ 62,00); Mussarela keeps none and counts at the pizza's. */
async function calabresaWithItsOwnGrande() {
  const res = await shop.owner.client.put(`/api/admin/products/${shop.products.calabresa.id}`, {
    name: 'Pizza Calabresa',
    price: 4000,
    isPizza: true,
    variations: [{ name: 'Grande', price: 6200 }],
  });
  expect(res.status, res.text).toBe(200);
}

async function order(items: Record<string, unknown>[]) {
  const customer = await customerOf(t, shop);
  return customer.client.post('/api/customer/orders', {
    items,
    deliveryType: 'pickup',
    name: 'Cliente Teste',
    phone: '(11) 98765-4321',
    paymentMethod: shop.methods.cash,
    cashReceived: 100000,
  });
}

describe('pizza sizes priced per size', () => {
  it('saves each size with its own price; the product costs "a partir de" the cheapest, on the menu too', async () => {
    const res = await shop.owner.client.post('/api/admin/products', sizedProduct());
    expect(res.status, res.text).toBe(201);
    const product = res.body.product;
    expect(product.price).toBe(3000);
    expect(product.variations.map((v: { name: string; price: number }) => [v.name, v.price])).toEqual(
      SIZES.map((s) => [s.name, s.price]),
    );
    expect(product.flavorPricing).toBe('average');
    const menu = await t.client().get(`/api/public/restaurants/${shop.slug}/menu`);
    const listed = menu.body.products.find((p: { id: string }) => p.id === product.id);
    expect(listed).toMatchObject({ price: 3000, flavorPricing: 'average' });
    expect(listed.variations[2]).toMatchObject({ name: 'Grande', price: 5500 });
  });

  it('refuses a size without its price once the others have one, and an unknown flavour rule', async () => {
    const missing = await shop.owner.client.post(
      '/api/admin/products',
      sizedProduct({ variations: [{ name: 'Broto', price: 3000 }, { name: 'Grande' }] }),
    );
    expect(missing.status).toBe(400);
    expect(missing.body.error.description).toBe(
      'Com preço por tamanho, informe um preço maior que zero para cada tamanho.',
    );
    const rule = await shop.owner.client.post('/api/admin/products', sizedProduct({ flavorPricing: 'cheapest' }));
    expect(rule.status).toBe(400);
  });

  it("charges the size's price, the flavours' average by default and the most expensive flavour when chosen", async () => {
    const average = (await shop.owner.client.post('/api/admin/products', sizedProduct())).body.product;
    const highest = (await shop.owner.client.post('/api/admin/products', sizedProduct({ flavorPricing: 'highest' })))
      .body.product;
    await calabresaWithItsOwnGrande();
    const grande = (p: { variations: { id: string; name: string }[] }) =>
      p.variations.find((v) => v.name === 'Grande')!.id;
    const broto = (p: { variations: { id: string; name: string }[] }) =>
      p.variations.find((v) => v.name === 'Broto')!.id;
    const flavorIds = [shop.products.calabresa.id, shop.products.mussarela.id];

    const placed = await order([
      { productId: average.id, variationId: grande(average), flavorIds, quantity: 1 },
      { productId: highest.id, variationId: grande(highest), flavorIds, quantity: 1 },
      { productId: average.id, variationId: broto(average), flavorIds: [shop.products.mussarela.id], quantity: 2 },
    ]);
    expect(placed.status, placed.text).toBe(201);
    const items = placed.body.order.items.map((i: { unitPrice: number; totalPrice: number }) => [
      i.unitPrice,
      i.totalPrice,
    ]);
    // (6200 + 5500) / 2 = 5850; max(6200, 5500) = 6200; Mussarela alone in Broto = the Broto price 3000.
    expect(items).toEqual([
      [5850, 5850],
      [6200, 6200],
      [3000, 6000],
    ]);
    expect(placed.body.order.subtotal).toBe(18050);
  });

  it('takes a PDV sale of a pizza priced per size by its most expensive flavour at the total the PDV showed', async () => {
    const pizza = (await shop.owner.client.post('/api/admin/products', sizedProduct({ flavorPricing: 'highest' }))).body
      .product;
    await calabresaWithItsOwnGrande();

    // The PDV's catalog carries what its cart prices with: sizes' own prices, flavours' sizes, the rule.
    const catalog = (await shop.owner.client.get(`${CASHIER}/catalog`)).body as PdvCatalog;
    const listed = catalog.products.find((p) => p.id === pizza.id)!;
    expect(listed.flavorPricing).toBe('highest');
    const grande = listed.variations.find((v) => v.name === 'Grande')!;
    expect(grande).toMatchObject({ price: 0, ownPrice: 5500 });
    const flavors = listed.flavors.filter(
      (f) => f.id === shop.products.calabresa.id || f.id === shop.products.mussarela.id,
    );
    expect(flavors.find((f) => f.id === shop.products.calabresa.id)?.variations).toEqual([
      { name: 'Grande', price: 6200 },
    ]);
    const shown = priceChoice(
      { price: listed.price, flavorPricing: listed.flavorPricing, takesFlavors: true },
      { size: { name: grande.name, priceModifier: grande.price, price: grande.ownPrice }, flavors },
    ).unit;
    // max(Calabresa's own Grande 6200, Mussarela at the pizza's Grande 5500).
    expect(shown).toBe(6200);

    await openRegister(shop.owner.client);
    const sale = await sell(shop.owner.client, {
      items: [{ productId: pizza.id, variationId: grande.id, flavorIds: flavors.map((f) => f.id), quantity: 2 }],
      payments: [{ methodId: shop.methods.cash, amount: shown * 2, received: shown * 2 }],
    });
    expect(sale.status, sale.text).toBe(201);
    expect(sale.body.sale.total).toBe(12400);
  });

  it("keeps another restaurant's flavours out", async () => {
    const other = await signupOwner(t);
    const res = await other.client.post(
      '/api/admin/products',
      sizedProduct({ pizzaFlavors: [shop.products.calabresa.id] }),
    );
    expect(res.status).toBe(400);
  });
});
