import { randomUUID } from 'node:crypto';
import {
  coupons,
  deliveryStates,
  diningTables,
  neighborhoods,
  orders,
  paymentMethods,
  products,
  restaurantHours,
  restaurants,
} from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import { appPerFile, type Owner, registerCustomer, signupOwner, type TestApp } from './helpers';

export const ORDERS = '/api/customer/orders';

/** A fresh Idempotency-Key, one per checkout attempt. */
export const orderKey = () => `chk-${Math.random().toString(36).slice(2)}-${Date.now()}`;

/**
 * A restaurant ready to sell: two pizza flavours and a multi-flavour pizza with sizes and add-ons,
 * a stock-controlled drink, a shipped product, a neighbourhood in São Paulo, coupons, a table and the
 * payment methods Dinheiro (with change) and an online credit card (up to 6x).
 */
export async function setupShop(t: TestApp, options: { paymentMethods?: boolean } = {}) {
  const owner = await signupOwner(t);
  const rid = owner.restaurantId;
  await openAroundTheClock(t, rid);
  // The card provider's handle (app_client_referrer): without it online payment is refused.
  await t.db.update(restaurants).set({ appClientReferrer: 'loja-teste' }).where(eq(restaurants.id, rid));
  const ids = {
    size: randomUUID(),
    addon: randomUUID(),
    color: randomUUID(),
  };
  const [calabresa, mussarela] = await t.db
    .insert(products)
    .values([
      { restaurantId: rid, name: 'Pizza Calabresa', price: 4000, isPizza: true },
      { restaurantId: rid, name: 'Pizza Mussarela', price: 3500, isPizza: true },
    ])
    .returning();
  const [meioAMeio] = await t.db
    .insert(products)
    .values({
      restaurantId: rid,
      name: 'Pizza Meio a Meio',
      price: 4500,
      isPizza: true,
      allowsMultipleFlavors: true,
      maxFlavors: 2,
      pizzaFlavors: [calabresa.id, mussarela.id],
      variations: [{ id: ids.size, name: 'Grande', priceModifier: 1000 }],
      addons: [{ id: ids.addon, name: 'Borda de catupiry', price: 800 }],
    })
    .returning();
  const [refri] = await t.db
    .insert(products)
    .values({ restaurantId: rid, name: 'Refrigerante Lata', price: 600, controleEstoque: true, estoque: 5 })
    .returning();
  const [camiseta] = await t.db
    .insert(products)
    .values({
      restaurantId: rid,
      name: 'Camiseta da Casa',
      price: 5990,
      envioCorreios: true,
      height: 2,
      width: 20,
      length: 30,
      weight: 0.3,
      colors: [{ id: ids.color, name: 'Preta', priceModifier: 0 }],
    })
    .returning();
  const [semMedidas] = await t.db
    .insert(products)
    .values({ restaurantId: rid, name: 'Caneca', price: 2500, envioCorreios: true })
    .returning();
  const [indisponivel] = await t.db
    .insert(products)
    .values({ restaurantId: rid, name: 'Pizza Sumida', price: 3000, available: false })
    .returning();

  await t.db.insert(neighborhoods).values([
    { restaurantId: rid, name: 'Bela Vista', deliveryFee: 500 },
    { restaurantId: rid, name: 'Consolação', deliveryFee: 700 },
  ]);
  await t.db
    .insert(deliveryStates)
    .values({ restaurantId: rid, code: 'SP', name: 'São Paulo', cities: ['São Paulo', 'Osasco'], active: true });
  await t.db.insert(diningTables).values({ restaurantId: rid, number: 5 });
  const [bemvindo, limitado, minimo, fixo] = await t.db
    .insert(coupons)
    .values([
      { restaurantId: rid, code: 'BEMVINDO10', type: 'percent', value: 10, usesPerCustomer: 1 },
      { restaurantId: rid, code: 'UMAVEZ', type: 'fixed', value: 500, usageLimit: 1, usesPerCustomer: 0 },
      { restaurantId: rid, code: 'MINIMO', type: 'fixed', value: 1000, minTotal: 100000 },
      { restaurantId: rid, code: 'FIXO5', type: 'fixed', value: 500, usesPerCustomer: 0 },
    ])
    .returning();
  let methods: { cash: string; card: string } = { cash: 'cash', card: 'credit_card' };
  if (options.paymentMethods !== false) {
    const rows = await t.db
      .insert(paymentMethods)
      .values([
        { restaurantId: rid, name: 'Dinheiro', requiresChange: true },
        { restaurantId: rid, name: 'Cartão de Crédito', infinitepayEnabled: true, maxInstallments: 6 },
        { restaurantId: rid, name: 'Vale Antigo', active: false },
      ])
      .returning();
    methods = { cash: rows[0].id, card: rows[1].id };
  }
  return {
    owner,
    rid,
    slug: owner.slug,
    ids,
    products: { calabresa, mussarela, meioAMeio, refri, camiseta, semMedidas, indisponivel },
    coupons: { bemvindo, limitado, minimo, fixo },
    methods,
  };
}

export type Shop = Awaited<ReturnType<typeof setupShop>>;

/**
 * Every day 00:00–23:59: orders are refused outside the hours, and a new restaurant's 08:00–18:00
 * would make tests depend on the hour they run at.
 */
export async function openAroundTheClock(t: TestApp, restaurantId: string) {
  await t.db.delete(restaurantHours).where(eq(restaurantHours.restaurantId, restaurantId));
  await t.db.insert(restaurantHours).values(
    Array.from({ length: 7 }, (_, dayOfWeek) => ({
      restaurantId,
      dayOfWeek,
      isClosed: false,
      openTime: '00:00',
      closeTime: '23:59',
    })),
  );
}

export const customerOf = (t: TestApp, shop: Shop | Owner, overrides: Record<string, unknown> = {}) =>
  registerCustomer(t, shop.slug, overrides);

/** A valid delivery order body to Bela Vista / São Paulo paid in cash. */
export function deliveryOrder(shop: Shop, overrides: Record<string, unknown> = {}) {
  return {
    items: [{ productId: shop.products.calabresa.id, quantity: 1 }],
    deliveryType: 'delivery',
    name: 'Cliente Teste',
    phone: '(11) 98765-4321',
    address: 'Avenida Paulista',
    number: '1000',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    cep: '01310-100',
    paymentMethod: shop.methods.cash,
    cashReceived: 10000,
    ...overrides,
  };
}

export async function stockOf(t: Pick<TestApp, 'db'>, id: string) {
  const [p] = await t.db.select({ estoque: products.estoque }).from(products).where(eq(products.id, id));
  return p.estoque;
}

export async function setStock(t: TestApp, productId: string, estoque: number) {
  await t.db.update(products).set({ estoque }).where(eq(products.id, productId));
}

/** How many orders the restaurant has, whatever their status. */
export async function orderCount(t: TestApp, restaurantId: string) {
  return (await t.db.select({ id: orders.id }).from(orders).where(eq(orders.restaurantId, restaurantId))).length;
}

/** A file's app and shop: made before its tests, handed over to them, and closed after them. */
export function shopPerFile(ready: (made: { t: TestApp; shop: Shop }) => void) {
  appPerFile(async (t) => ({ shop: await setupShop(t) }), ready);
}
