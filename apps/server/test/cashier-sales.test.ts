import { cashSalePayments, orderItems, orders, products, stockHistory } from '@meucardapio/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASHIER, openRegister, type Pdv, saleKey, sell, setupPdv } from './cashier-fixtures';
import { createTestApp, registerCustomer, type TestApp, type TestClient } from './helpers';

let t: TestApp;
let pdv: Pdv;

beforeAll(async () => {
  t = await createTestApp();
  pdv = await setupPdv(t);
  await openRegister(pdv.owner.client, 10000);
});
afterAll(async () => {
  await t?.close();
});

const stockOf = async (id: string) =>
  (await t.db.select({ estoque: products.estoque }).from(products).where(eq(products.id, id)))[0].estoque;

describe('finalizing a PDV sale', () => {
  it('records a delivered pdv order with items, payments list, change and stock history', async () => {
    const before = await stockOf(pdv.products.pao.id);
    const res = await sell(pdv.owner.client, {
      items: [
        { productId: pdv.products.pao.id, quantity: 2 },
        { productId: pdv.products.cafe.id, quantity: 1 },
      ],
      discount: 100,
      payments: [
        { methodId: pdv.methods.pix, amount: 1000 },
        { methodId: pdv.methods.cash, amount: 900, received: 2000 },
      ],
      customerName: 'Maria',
      customerCpf: '529.982.247-25',
    });
    expect(res.status).toBe(201);
    const sale = res.body.sale;
    expect(sale).toMatchObject({
      number: expect.any(Number),
      customerName: 'Maria',
      status: 'delivered',
      subtotal: 2000,
      discount: 100,
      total: 1900,
      change: 1100,
      customerCpf: '52998224725',
      paymentMethod: 'PIX + Dinheiro',
    });
    expect(sale.payments).toEqual([
      {
        methodId: pdv.methods.pix,
        methodName: 'PIX',
        group: 'PIX',
        amount: 1000,
        installments: 1,
        received: null,
        change: 0,
      },
      {
        methodId: pdv.methods.cash,
        methodName: 'Dinheiro',
        group: 'Dinheiro',
        amount: 900,
        installments: 1,
        received: 2000,
        change: 1100,
      },
    ]);
    // The answer is made from the rows the sale wrote: reading the sale back shows exactly the same.
    expect((await pdv.owner.client.get(`${CASHIER}/sales/${sale.id}`)).body).toEqual(sale);
    expect(sale.items.map((i: { name: string }) => i.name)).toEqual(['Café Expresso', 'Pão de Queijo']);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, sale.id));
    expect(order).toMatchObject({ deliveryType: 'pdv', status: 'delivered', total: 1900 });
    expect(order.paymentData).toMatchObject({ multiple_payments: true, change_amount: 1100, paid_amount: 2000 });
    expect((order.paymentData.payments as unknown[]).length).toBe(2);
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, sale.id));
    expect(items.map((i) => [i.name, i.quantity, i.unitPrice, i.totalPrice]).sort()).toEqual([
      ['Café Expresso', 1, 500, 500],
      ['Pão de Queijo', 2, 750, 1500],
    ]);
    expect(await stockOf(pdv.products.pao.id)).toBe(before - 2);
    const [entry] = await t.db
      .select()
      .from(stockHistory)
      .where(and(eq(stockHistory.productId, pdv.products.pao.id), eq(stockHistory.operationType, 'sale')));
    expect(entry).toMatchObject({
      quantityBefore: before,
      quantityAfter: before - 2,
      quantityChanged: 2,
      orderId: sale.id,
    });
  });

  it('recomputes every price on the server: the body carries no prices that could count', async () => {
    const res = await sell(pdv.owner.client, {
      items: [{ productId: pdv.products.cafe.id, quantity: 3, unitPrice: 1, totalPrice: 1, price: 1 }],
      payments: [{ methodId: pdv.methods.pix, amount: 1500 }],
      total: 1,
    });
    expect(res.status).toBe(201);
    expect(res.body.sale.total).toBe(1500);
  });

  it('clamps the discount to the subtotal (the total never goes below 0)', async () => {
    const res = await sell(pdv.owner.client, {
      items: [{ productId: pdv.products.cafe.id, quantity: 1 }],
      discount: 99999,
      payments: [{ methodId: pdv.methods.pix, amount: 1 }],
    });
    // The total is 0, so no payment can be above zero and within the remaining.
    expect(res.status).toBe(400);
    expect(res.body.error.title).toBe('Valor não pode ser maior que o restante');
  });

  it('refuses split payments that do not cover the total, and writes nothing', async () => {
    const count = async () => (await t.db.select().from(orders).where(eq(orders.restaurantId, pdv.rid))).length;
    const before = await count();
    const stock = await stockOf(pdv.products.pao.id);
    const res = await sell(pdv.owner.client, {
      items: [{ productId: pdv.products.pao.id, quantity: 2 }],
      payments: [
        { methodId: pdv.methods.pix, amount: 500 },
        { methodId: pdv.methods.cash, amount: 500, received: 500 },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.title).toBe('Valor total não foi coberto pelos pagamentos');
    expect(await count()).toBe(before);
    expect(await stockOf(pdv.products.pao.id)).toBe(stock);
  });

  it('answers each payment rule of the spec in pt-BR', async () => {
    const item = [{ productId: pdv.products.cafe.id, quantity: 1 }];
    const cases: [unknown[], string][] = [
      [[], 'Adicione pelo menos um método de pagamento'],
      [[{ methodId: 'nao-existe', amount: 500 }], 'Selecione um método de pagamento'],
      [[{ methodId: pdv.methods.pix, amount: 0 }], 'Valor deve ser maior que zero'],
      [[{ methodId: '', amount: 500 }], 'Selecione um método de pagamento'],
      [[{ methodId: pdv.methods.pix, amount: 600 }], 'Valor não pode ser maior que o restante'],
      [[{ methodId: pdv.methods.cash, amount: 500, received: 400 }], 'Valor recebido insuficiente'],
      [[{ methodId: pdv.methods.credit, amount: 500, installments: 4 }], 'Parcelamento inválido'],
    ];
    for (const [payments, title] of cases) {
      const res = await sell(pdv.owner.client, { items: item, payments });
      expect(res.status, title).toBe(400);
      expect(res.body.error.title).toBe(title);
    }
    const empty = await sell(pdv.owner.client, { items: [], payments: [{ methodId: pdv.methods.pix, amount: 1 }] });
    expect(empty.status).toBe(400);
    expect(empty.body.error.title).toBe('Carrinho vazio');
    const cpf = await sell(pdv.owner.client, {
      items: item,
      payments: [{ methodId: pdv.methods.pix, amount: 500 }],
      customerCpf: '111.111.111-11',
    });
    expect(cpf.status).toBe(400);
    expect(cpf.body.error.title).toBe('CPF inválido');
    const noKey = await pdv.owner.client.post(`${CASHIER}/sales`, {
      items: item,
      payments: [{ methodId: pdv.methods.pix, amount: 500 }],
    });
    expect(noKey.status).toBe(400);
  });

  it('allows installments 1..max on a method with more than one', async () => {
    const res = await sell(pdv.owner.client, {
      items: [{ productId: pdv.products.cafe.id, quantity: 2 }],
      payments: [{ methodId: pdv.methods.credit, amount: 1000, installments: 3 }],
    });
    expect(res.status).toBe(201);
    expect(res.body.sale.payments[0]).toMatchObject({ installments: 3, amount: 1000 });
  });

  it('a retried finalization with the same key creates one sale', async () => {
    const key = saleKey();
    const body = {
      items: [{ productId: pdv.products.cafe.id, quantity: 1 }],
      payments: [{ methodId: pdv.methods.pix, amount: 500 }],
    };
    const first = await sell(pdv.owner.client, body, key);
    expect(first.status).toBe(201);
    const again = await sell(pdv.owner.client, body, key);
    expect(again.status).toBe(200);
    expect(again.body.replayed).toBe(true);
    expect(again.body.sale.id).toBe(first.body.sale.id);
    const parallelKey = saleKey();
    const parallel = await Promise.all([1, 2, 3].map(() => sell(pdv.owner.client, body, parallelKey)));
    expect(new Set(parallel.map((r) => r.body.sale.id)).size).toBe(1);
    for (const k of [key, parallelKey]) {
      expect(await t.db.select().from(orders).where(eq(orders.idempotencyKey, k))).toHaveLength(1);
    }
    const payments = await t.db.select().from(cashSalePayments).where(eq(cashSalePayments.orderId, first.body.sale.id));
    expect(payments).toHaveLength(1);
  });

  it('two terminals selling the last unit concurrently leave exactly one sale and stock 0', async () => {
    const bolo = pdv.products.bolo;
    const body = {
      items: [{ productId: bolo.id, quantity: 1 }],
      payments: [{ methodId: pdv.methods.pix, amount: 4590 }],
    };
    const results = await Promise.all([sell(pdv.owner.client, body), sell(pdv.owner.client, body)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = results.find((r) => r.status === 409)!;
    expect(refused.body.error.title).toBe('Estoque insuficiente');
    expect(await stockOf(bolo.id)).toBe(0);
    const sold = await t.db.select().from(orderItems).where(eq(orderItems.productId, bolo.id));
    expect(sold).toHaveLength(1);
  });

  it('refuses a product of another restaurant as unavailable', async () => {
    const other = await setupPdv(t);
    const res = await sell(pdv.owner.client, {
      items: [{ productId: other.products.cafe.id, quantity: 1 }],
      payments: [{ methodId: pdv.methods.pix, amount: 500 }],
    });
    expect(res.status).toBe(409);
    expect(res.body.error.title).toBe('Produto indisponível');
  });

  it('every money figure of the answers is integer centavos', async () => {
    const res = await sell(pdv.owner.client, {
      items: [{ productId: pdv.products.pao.id, quantity: 3 }],
      discount: 333,
      payments: [{ methodId: pdv.methods.cash, amount: 1917, received: 2000 }],
    });
    expect(res.status).toBe(201);
    const state = await pdv.owner.client.get(`${CASHIER}/session`);
    const today = await pdv.owner.client.get(`${CASHIER}/reports/today`);
    const daily = await pdv.owner.client.get(`${CASHIER}/reports/daily`);
    const money = (o: unknown, path = ''): [string, unknown][] => {
      if (Array.isArray(o)) return o.flatMap((v, i) => money(v, `${path}[${i}]`));
      if (o && typeof o === 'object')
        return Object.entries(o).flatMap(([k, v]) =>
          /amount|total|subtotal|discount|change|price|received|balance|expected|counted|difference|sales|ticket|supplies|withdrawals|cash/i.test(
            k,
          ) && typeof v === 'number'
            ? [[`${path}.${k}`, v] as [string, unknown]]
            : money(v, `${path}.${k}`),
        );
      return [];
    };
    const figures = [res.body, state.body, today.body, daily.body].flatMap((b) => money(b));
    expect(figures.length).toBeGreaterThan(20);
    expect(figures.filter(([, v]) => !Number.isInteger(v))).toEqual([]);
    expect(res.body.sale.total).toBe(1917);
  });
});

describe('PIX and provider payments', () => {
  it('a provider-enabled PIX payment answers a hosted checkout that returns with pdv=true', async () => {
    const res = await sell(pdv.owner.client, {
      items: [{ productId: pdv.products.cafe.id, quantity: 2 }],
      payments: [{ methodId: pdv.methods.pixOnline, amount: 1000 }],
      customerName: 'Ana',
    });
    expect(res.status).toBe(201);
    expect(res.body.warning).toBeNull();
    const url = new URL(res.body.checkoutUrl, 'http://localhost');
    const back = new URL(url.searchParams.get('redirect_url')!, 'http://localhost');
    expect(back.pathname).toBe('/payment-callback');
    expect(back.searchParams.get('pdv')).toBe('true');
    expect(back.searchParams.get('customer_name')).toBe('Ana');
    expect(res.body.sale.paymentStatus).toBe('pending');
    expect(res.body.sale.pixBrCode).toBeNull();
  });

  it('the hosted checkout charges only the provider part of a split sale; the cashier approves it there', async () => {
    const res = await sell(pdv.owner.client, {
      items: [{ productId: pdv.products.cafe.id, quantity: 2 }],
      payments: [
        { methodId: pdv.methods.cash, amount: 400, received: 400 },
        { methodId: pdv.methods.pixOnline, amount: 600 },
      ],
    });
    expect(res.status).toBe(201);
    const orderId = res.body.sale.id as string;
    const decide = (client: TestClient, decision: string) =>
      client.request(
        'POST',
        '/api/payments/simulator/decide',
        new URLSearchParams({ order_nsu: orderId, decision }).toString(),
        { 'content-type': 'application/x-www-form-urlencoded' },
      );

    // A customer of the same restaurant holding the order id cannot approve a PDV sale.
    const stranger = await registerCustomer(t, pdv.owner.slug);
    expect((await decide(stranger.client, 'approve')).status).toBe(404);

    const page = await pdv.owner.client.get(`/api/payments/simulator/checkout?order_nsu=${orderId}`);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/Total<\/span><span>R\$\s6,00</);
    expect(page.text).not.toMatch(/R\$\s10,00/);

    const back = await decide(pdv.owner.client, 'approve');
    expect(back.status).toBe(303);
    const q = new URL(back.headers.get('location')!, 'http://localhost').searchParams;
    expect(q.get('pdv')).toBe('true');
    const confirmed = await t.client().post('/api/public/payments/confirm', {
      orderNsu: orderId,
      transactionNsu: q.get('transaction_nsu'),
      slug: q.get('slug'),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe('approved');
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row.paymentStatus).toBe('approved');
    expect(row.status).toBe('delivered');
  });

  it('prints a local PIX BR Code with the exact amount when a key is configured', async () => {
    const saved = await pdv.owner.client.put(`${CASHIER}/pix-settings`, {
      key: '(11) 98765-4321',
      keyType: 'phone',
      merchantName: 'Padaria Teste',
      merchantCity: 'São Paulo',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ key: '+5511987654321', keyType: 'phone', configured: true });
    const catalog = await pdv.owner.client.get(`${CASHIER}/catalog`);
    expect(catalog.body.pix).toMatchObject({ key: '+5511987654321' });
    const method = (id: string) => catalog.body.paymentMethods.find((m: { id: string }) => m.id === id);
    expect(method(pdv.methods.pix)).toMatchObject({ pixQr: true, infinitepayEnabled: false });
    // With its own key the restaurant pays no provider fee: the provider PIX shows the local QR too.
    expect(method(pdv.methods.pixOnline)).toMatchObject({ pixQr: true, infinitepayEnabled: false });
    expect(method(pdv.methods.cash)).toMatchObject({ pixQr: false, infinitepayEnabled: false });
    const key = saleKey();
    const res = await sell(
      pdv.owner.client,
      {
        items: [{ productId: pdv.products.cafe.id, quantity: 1 }],
        payments: [{ methodId: pdv.methods.pix, amount: 500 }],
      },
      key,
    );
    expect(res.status).toBe(201);
    const code: string = res.body.sale.pixBrCode;
    expect(code).toContain('0014br.gov.bcb.pix0114+5511987654321');
    expect(code).toContain('54045.00');
    expect(code).toContain('PDVpdv');
    const bad = await pdv.owner.client.put(`${CASHIER}/pix-settings`, {
      key: '123',
      keyType: 'cpf',
      merchantName: 'Padaria',
      merchantCity: 'SP',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.title).toBe('Chave PIX inválida');
  });

  it('offers provider-enabled methods only when their name says PIX', async () => {
    const catalog = await pdv.owner.client.get(`${CASHIER}/catalog`);
    const names = catalog.body.paymentMethods.map((m: { name: string }) => m.name);
    expect(names).toEqual(['Cartão de Crédito', 'Dinheiro', 'PIX', 'PIX Online']);
  });
});
