import { randomUUID } from 'node:crypto';
import { categories, paymentMethods, products, restaurants } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import { createEmployee, type Owner, signupOwner, type TestApp, type TestClient } from './helpers';

export const CASHIER = '/api/admin/cashier';

/** A fresh Idempotency-Key, one per sale attempt. */
export const saleKey = () => `pdv-${randomUUID()}`;

/**
 * A restaurant ready for the PDV: a stock-controlled bread with a barcode, a coffee without stock
 * control, a single-unit cake, and the methods Dinheiro (change), PIX, Cartão de Crédito (up to 3x)
 * and a provider-enabled "PIX Online".
 */
export async function setupPdv(t: TestApp) {
  const owner = await signupOwner(t);
  const rid = owner.restaurantId;
  // The provider's checkout handle: without it the hosted checkout cannot be opened.
  await t.db.update(restaurants).set({ appClientReferrer: 'padaria-teste' }).where(eq(restaurants.id, rid));
  const [cat] = await t.db.insert(categories).values({ restaurantId: rid, name: 'Padaria' }).returning();
  const [pao, cafe, bolo] = await t.db
    .insert(products)
    .values([
      {
        restaurantId: rid,
        categoryId: cat.id,
        name: 'Pão de Queijo',
        description: 'Mineiro',
        price: 750,
        controleEstoque: true,
        estoque: 10,
        sku: 'PQ-01',
        codigoBarras: '7891234567895',
      },
      { restaurantId: rid, name: 'Café Expresso', price: 500 },
      { restaurantId: rid, name: 'Bolo Inteiro', price: 4590, controleEstoque: true, estoque: 1 },
    ])
    .returning();
  const [cash, pix, credit, pixOnline] = await t.db
    .insert(paymentMethods)
    .values([
      { restaurantId: rid, name: 'Dinheiro', requiresChange: true },
      { restaurantId: rid, name: 'PIX' },
      { restaurantId: rid, name: 'Cartão de Crédito', maxInstallments: 3 },
      { restaurantId: rid, name: 'PIX Online', infinitepayEnabled: true },
    ])
    .returning();
  return {
    owner,
    rid,
    category: cat,
    products: { pao, cafe, bolo },
    methods: { cash: cash.id, pix: pix.id, credit: credit.id, pixOnline: pixOnline.id },
  };
}

export type Pdv = Awaited<ReturnType<typeof setupPdv>>;

/** A cashier-only employee (profile type cashier) of the restaurant, signed in. */
export const cashierOf = (t: TestApp, owner: Owner) => createEmployee(t, owner, { profileType: 'cashier' });

export async function openRegister(client: TestClient, initialAmount = 0) {
  const res = await client.post(`${CASHIER}/session/open`, { initialAmount });
  if (res.status !== 201) throw new Error(`open failed: ${res.status} ${res.text}`);
  return res.body;
}

export function sell(client: TestClient, body: Record<string, unknown>, key = saleKey()) {
  return client.post(`${CASHIER}/sales`, body, { 'idempotency-key': key });
}
