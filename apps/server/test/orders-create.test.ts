import { couponRedemptions, coupons, events, orderHistory, orders, stockHistory } from '@meucardapio/db/schema';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  customerOf,
  deliveryOrder,
  ORDERS,
  orderKey,
  type Shop,
  setupShop,
  shopPerFile,
  stockOf,
} from './checkout-fixtures';
import { createEmployee, type TestApp } from './helpers';

let t: TestApp;
let shop: Shop;
shopPerFile((made) => ({ t, shop } = made));

describe('POST /api/customer/orders — pricing and totals', () => {
  it('prices a two-flavour pizza with size and add-on plus a drink, delivery fee, coupon and cash change', async () => {
    const { client, customerId } = await customerOf(t, shop);
    const { meioAMeio, calabresa, mussarela, refri } = shop.products;
    const before = await stockOf(t, refri.id);
    const res = await client.post(
      ORDERS,
      deliveryOrder(shop, {
        items: [
          {
            productId: meioAMeio.id,
            quantity: 1,
            variationId: shop.ids.size,
            addonIds: [shop.ids.addon],
            flavorIds: [calabresa.id, mussarela.id],
            notes: 'Sem cebola',
          },
          { productId: refri.id, quantity: 2 },
        ],
        couponCode: 'bemvindo10',
        cashReceived: 10000,
      }),
      { 'idempotency-key': orderKey() },
    );
    expect(res.status).toBe(201);
    const o = res.body.order;
    // (4000 + 3500) / 2 + 1000 size + 800 add-on = 5550; drinks 2 × 600; 10% off 6750 = 675; fee 500.
    expect(o.subtotal).toBe(6750);
    expect(o.deliveryFee).toBe(500);
    expect(o.discount).toBe(675);
    expect(o.total).toBe(6575);
    expect(o.status).toBe('pending');
    expect(o.paymentMethod).toBe('Dinheiro');
    expect(o.paidAmount).toBe(10000);
    expect(o.changeAmount).toBe(3425);
    expect(o.neighborhood).toBe('Bela Vista');
    expect(o.state).toBe('SP');
    expect(res.body.checkoutUrl).toBeNull();
    const pizza = o.items.find((i: { name: string }) => i.name === 'Pizza Meio a Meio');
    expect(pizza.unitPrice).toBe(5550);
    expect(pizza.variation).toMatchObject({ name: 'Grande', price: 1000 });
    expect(pizza.pizzaFlavors.map((f: { name: string }) => f.name)).toEqual(['Pizza Calabresa', 'Pizza Mussarela']);
    expect(pizza.addons).toEqual([expect.objectContaining({ name: 'Borda de catupiry', price: 800, quantity: 1 })]);
    expect(pizza.notes).toBe('Sem cebola');

    expect(await stockOf(t, refri.id)).toBe(before - 2);
    const history = await t.db.select().from(stockHistory).where(eq(stockHistory.productId, refri.id));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      operationType: 'sale',
      quantityBefore: before,
      quantityAfter: before - 2,
      employeeName: 'Cliente Teste',
    });
    const [coupon] = await t.db.select().from(coupons).where(eq(coupons.id, shop.coupons.bemvindo.id));
    expect(coupon.usesCount).toBe(1);
    const redemptions = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, o.id));
    expect(redemptions).toEqual([expect.objectContaining({ customerId })]);
    const hist = await t.db.select().from(orderHistory).where(eq(orderHistory.orderId, o.id));
    expect(hist.map((h) => h.status)).toEqual(['pending']);
    const ev = await t.db
      .select()
      .from(events)
      .where(and(eq(events.restaurantId, shop.rid), eq(events.type, 'order.created')));
    expect(ev.find((e) => e.payload.orderId === o.id)).toMatchObject({ permission: 'manage_orders', customerId });
    // Numbers are per restaurant and sequential.
    expect(o.number).toBeGreaterThanOrEqual(1);
  });

  it('ignores a tampered client total and unknown price fields; the server total wins', async () => {
    const { client } = await customerOf(t, shop);
    const res = await client.post(
      ORDERS,
      deliveryOrder(shop, {
        items: [{ productId: shop.products.calabresa.id, quantity: 2, price: 1, unitPrice: 1, total: 1 }],
        clientTotal: 100,
        deliveryFee: 0,
        discount: 9999,
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.order.subtotal).toBe(8000);
    expect(res.body.order.total).toBe(8500);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, res.body.order.id));
    expect(row.total).toBe(8500);
  });

  it('refuses invalid lines: flavour not in the pizza, missing size/flavour, too many flavours, unavailable product', async () => {
    const { client } = await customerOf(t, shop);
    const { meioAMeio, calabresa, mussarela, refri, indisponivel } = shop.products;
    const line = (over: Record<string, unknown>) =>
      client.post(
        ORDERS,
        deliveryOrder(shop, {
          items: [
            { productId: meioAMeio.id, quantity: 1, variationId: shop.ids.size, flavorIds: [calabresa.id], ...over },
          ],
        }),
      );
    let r = await line({ flavorIds: [refri.id] });
    expect(r.status).toBe(400);
    expect(r.body.error.title).toBe('Sabor inválido');
    r = await line({ flavorIds: [] });
    expect(r.body.error).toMatchObject({
      title: 'Escolha um sabor',
      description: 'Por favor, selecione pelo menos um sabor para continuar.',
    });
    r = await line({ variationId: null });
    expect(r.body.error.title).toBe('Escolha um tamanho');
    r = await line({ flavorIds: [calabresa.id, mussarela.id, meioAMeio.id] });
    expect(r.status).toBe(400);
    r = await line({ addonIds: ['nao-existe'] });
    expect(r.body.error.title).toBe('Adicional inválido');
    r = await client.post(ORDERS, deliveryOrder(shop, { items: [{ productId: indisponivel.id, quantity: 1 }] }));
    expect(r.status).toBe(409);
    expect(r.body.error.title).toBe('Produto indisponível');
    r = await client.post(ORDERS, deliveryOrder(shop, { items: [] }));
    expect(r.status).toBe(400);
    expect(r.body.error.description).toContain('Carrinho vazio');
    r = await client.post(ORDERS, deliveryOrder(shop, { name: '  ' }));
    expect(r.body.error.title).toBe('Campos obrigatórios');
    r = await client.post(ORDERS, 'not json');
    expect(r.status).toBe(400);
  });

  it('refuses a cash amount below the total with the spec text', async () => {
    const { client } = await customerOf(t, shop);
    const r = await client.post(ORDERS, deliveryOrder(shop, { cashReceived: 1000 }));
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({
      title: 'Valor insuficiente',
      description: 'O valor recebido deve ser pelo menos R$ 45,00.',
    });
  });
});

describe('coupons', () => {
  it('enforces per-customer use, the total usage limit, the minimum and validity', async () => {
    const a = await customerOf(t, shop);
    const b = await customerOf(t, shop);
    const first = await a.client.post(ORDERS, deliveryOrder(shop, { couponCode: 'BEMVINDO10' }));
    expect(first.status).toBe(201);
    const again = await a.client.post(ORDERS, deliveryOrder(shop, { couponCode: 'BEMVINDO10' }));
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({
      title: 'Cupom inválido',
      description: 'Você já usou este cupom o número máximo de vezes.',
    });

    expect((await a.client.post(ORDERS, deliveryOrder(shop, { couponCode: 'umavez' }))).status).toBe(201);
    const limit = await b.client.post(ORDERS, deliveryOrder(shop, { couponCode: 'UMAVEZ' }));
    expect(limit.body.error).toMatchObject({
      title: 'Cupom inválido',
      description: 'Este cupom atingiu o limite de usos.',
    });

    const min = await b.client.post(ORDERS, deliveryOrder(shop, { couponCode: 'MINIMO' }));
    expect(min.body.error.title).toBe('Valor mínimo não atingido');
    const unknown = await b.client.post(ORDERS, deliveryOrder(shop, { couponCode: 'NAOEXISTE' }));
    expect(unknown.body.error).toMatchObject({
      title: 'Cupom inválido',
      description: 'Cupom não encontrado ou expirado.',
    });

    await t.db
      .update(coupons)
      .set({ validTo: new Date(Date.now() - 60_000) })
      .where(eq(coupons.id, shop.coupons.fixo.id));
    const expired = await b.client.post(ORDERS, deliveryOrder(shop, { couponCode: 'FIXO5' }));
    expect(expired.body.error.description).toBe('Cupom não encontrado ou expirado.');
    await t.db.update(coupons).set({ validTo: null }).where(eq(coupons.id, shop.coupons.fixo.id));

    const [limited] = await t.db.select().from(coupons).where(eq(coupons.id, shop.coupons.limitado.id));
    expect(limited.usesCount).toBe(1);
  });

  it('validates a coupon for the preview (signed-in customer of this restaurant only)', async () => {
    const c = await customerOf(t, shop);
    const url = `/api/public/restaurants/${shop.slug}/coupons/validate`;
    const ok = await c.client.post(url, { code: 'bemvindo10', subtotal: 5000 });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ code: 'BEMVINDO10', discount: 500, type: 'percent' });
    const bad = await c.client.post(url, { code: 'XYZ', subtotal: 5000 });
    expect(bad.body.error).toMatchObject({ title: 'Cupom inválido', description: 'Cupom não encontrado ou expirado.' });
    const min = await c.client.post(url, { code: 'MINIMO', subtotal: 5000 });
    expect(min.body.error.title).toBe('Valor mínimo não atingido');
    expect((await c.client.post(url, { code: '', subtotal: 1 })).status).toBe(400);
    expect((await t.client().post(url, { code: 'BEMVINDO10', subtotal: 5000 })).status).toBe(401);
    const other = await setupShop(t, { paymentMethods: false });
    const stranger = await customerOf(t, other);
    expect((await stranger.client.post(url, { code: 'BEMVINDO10', subtotal: 5000 })).status).toBe(403);
  });
});

describe('payment methods and installments', () => {
  it('a card order gets a hosted-checkout link and installments are bounded by the total', async () => {
    const { client } = await customerOf(t, shop);
    const items = [{ productId: shop.products.calabresa.id, quantity: 5 }]; // R$ 200,00 + R$ 5,00 fee → up to 2x
    const tooMany = await client.post(
      ORDERS,
      deliveryOrder(shop, { items, paymentMethod: shop.methods.card, installments: 3 }),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toMatchObject({
      title: 'Parcelamento inválido',
      description: 'Escolha entre 1 e 2 parcela(s).',
    });
    const r = await client.post(
      ORDERS,
      deliveryOrder(shop, { items, paymentMethod: shop.methods.card, installments: 2 }),
    );
    expect(r.status).toBe(201);
    expect(r.body.order).toMatchObject({
      paymentMethod: 'Cartão de Crédito',
      paymentStatus: 'pending',
      installments: 2,
    });
    expect(r.body.checkoutUrl).toMatch(/^\/api\/payments\/simulator\/checkout\?/);
    const url = new URL(r.body.checkoutUrl, 'http://x');
    expect(url.searchParams.get('order_nsu')).toBe(r.body.order.id);
    expect(JSON.parse(url.searchParams.get('items')!)).toEqual([
      { name: 'Pizza Calabresa', price: 4000, quantity: 5 },
      { name: 'Taxa de entrega', price: 500, quantity: 1 },
    ]);
    const unknown = await client.post(ORDERS, deliveryOrder(shop, { paymentMethod: 'bitcoin' }));
    expect(unknown.body.error.title).toBe('Selecione um método de pagamento');
  });

  it('without configured methods the fallback list is offered and pix goes online', async () => {
    const bare = await setupShop(t, { paymentMethods: false });
    const opts = await t.client().get(`/api/public/restaurants/${bare.slug}/checkout-options`);
    expect(opts.status).toBe(200);
    expect(opts.body.paymentMethods.map((m: { id: string }) => m.id)).toEqual([
      'credit_card',
      'debit_card',
      'pix',
      'cash',
    ]);
    const { client } = await customerOf(t, bare);
    const r = await client.post(ORDERS, deliveryOrder(bare, { paymentMethod: 'pix', cashReceived: null }));
    expect(r.status).toBe(201);
    expect(r.body.order.paymentMethod).toBe('PIX');
    expect(r.body.checkoutUrl).toContain('/api/payments/simulator/checkout');
  });

  it('checkout options list active methods by name, neighbourhoods, states and the referrer flag', async () => {
    const r = await t.client().get(`/api/public/restaurants/${shop.slug}/checkout-options`);
    expect(r.status).toBe(200);
    expect(r.body.paymentMethods.map((m: { name: string }) => m.name)).toEqual(['Cartão de Crédito', 'Dinheiro']);
    expect(r.body.paymentMethods[0]).toMatchObject({ online: true, maxInstallments: 6 });
    expect(r.body.paymentMethods[1]).toMatchObject({ online: false, requiresChange: true });
    expect(r.body.neighborhoods).toEqual([
      expect.objectContaining({ name: 'Bela Vista', deliveryFee: 500 }),
      expect.objectContaining({ name: 'Consolação', deliveryFee: 700 }),
    ]);
    expect(r.body.states).toEqual([{ code: 'SP', name: 'São Paulo', cities: ['São Paulo', 'Osasco'] }]);
    expect(typeof r.body.hasCheckoutReferrer).toBe('boolean');
    expect((await t.client().get('/api/public/restaurants/nao-existe/checkout-options')).status).toBe(404);
  });
});

describe('who may order', () => {
  it('anonymous 401, staff 403, another restaurant’s customer cannot order here or buy its products', async () => {
    expect((await t.client().post(ORDERS, deliveryOrder(shop))).status).toBe(401);
    const staff = await createEmployee(t, shop.owner, { profileType: 'admin' });
    expect((await staff.client.post(ORDERS, deliveryOrder(shop))).status).toBe(403);
    expect((await shop.owner.client.post(ORDERS, deliveryOrder(shop))).status).toBe(403);

    const other = await setupShop(t, { paymentMethods: false });
    const stranger = await customerOf(t, other);
    const before = await stockOf(t, shop.products.refri.id);
    const wrongShop = await stranger.client.post(ORDERS, { ...deliveryOrder(shop), restaurantSlug: shop.slug });
    expect(wrongShop.status).toBe(403);
    const foreignProduct = await stranger.client.post(
      ORDERS,
      deliveryOrder(other, { items: [{ productId: shop.products.refri.id, quantity: 1 }], paymentMethod: 'cash' }),
    );
    expect(foreignProduct.status).toBe(409);
    expect(foreignProduct.body.error.title).toBe('Produto indisponível');
    expect(await stockOf(t, shop.products.refri.id)).toBe(before);
  });
});
