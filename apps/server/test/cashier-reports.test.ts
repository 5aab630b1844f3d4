import { randomUUID } from 'node:crypto';
import { events, orders } from '@meucardapio/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASHIER, cashierOf, openRegister, type Pdv, sell, setupPdv } from './cashier-fixtures';
import { createEmployee, createTestApp, ORIGIN, TEST_PASSWORD, type TestApp } from './helpers';
import { openStream } from './sse';

let t: TestApp;
let pdv: Pdv;
const sales: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  pdv = await setupPdv(t);
  await openRegister(pdv.owner.client, 0);
  const bodies = [
    {
      items: [{ productId: pdv.products.pao.id, quantity: 4 }],
      payments: [{ methodId: pdv.methods.pix, amount: 3000 }],
      customerName: 'Ana',
    },
    {
      items: [
        { productId: pdv.products.cafe.id, quantity: 2 },
        { productId: pdv.products.pao.id, quantity: 1 },
      ],
      payments: [
        { methodId: pdv.methods.credit, amount: 1000 },
        { methodId: pdv.methods.cash, amount: 750, received: 1000 },
      ],
    },
    {
      items: [{ productId: pdv.products.cafe.id, quantity: 1 }],
      payments: [{ methodId: pdv.methods.pix, amount: 500 }],
    },
  ];
  for (const body of bodies) {
    const res = await sell(pdv.owner.client, body);
    if (res.status !== 201) throw new Error(res.text);
    sales.push(res.body.sale.id);
  }
});
/** A GET through the app with the owner's session, answering the raw Response. */
async function rawGet(path: string) {
  const login = await t.app.request('http://localhost/api/auth/login', {
    method: 'POST',
    headers: { origin: ORIGIN, host: 'localhost', 'content-type': 'application/json' },
    body: JSON.stringify({ email: pdv.owner.email, password: TEST_PASSWORD }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return t.app.request(`http://localhost${path}`, { headers: { cookie, host: 'localhost' } });
}

afterAll(async () => {
  await t?.close();
});

describe('reports', () => {
  it('today: total, count, average ticket, top method and hours, grouped by method', async () => {
    const res = await pdv.owner.client.get(`${CASHIER}/reports/today`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      timezone: 'America/Sao_Paulo',
      total: 5250,
      count: 3,
      averageTicket: 1750,
      topPaymentMethod: 'PIX',
    });
    expect(res.body.byMethod).toEqual([
      { method: 'PIX', total: 3500, count: 2 },
      { method: 'Crédito', total: 1000, count: 1 },
      { method: 'Dinheiro', total: 750, count: 1 },
    ]);
    expect(res.body.byHour).toHaveLength(24);
    expect(res.body.byHour.reduce((s: number, h: { total: number }) => s + h.total, 0)).toBe(5250);
  });

  it('the detailed report lists the day with the top products, by the restaurant timezone', async () => {
    const today = (await pdv.owner.client.get(`${CASHIER}/reports/today`)).body.date;
    const res = await pdv.owner.client.get(`${CASHIER}/reports/daily?date=${today}`);
    expect(res.status).toBe(200);
    expect(res.body.topProducts).toEqual([
      { productId: pdv.products.pao.id, name: 'Pão de Queijo', quantity: 5, total: 3750 },
      { productId: pdv.products.cafe.id, name: 'Café Expresso', quantity: 3, total: 1500 },
    ]);
    expect(res.body.sales.map((s: { id: string }) => s.id).sort()).toEqual([...sales].sort());

    // 02:30 UTC on 10 March is 23:30 on 9 March in São Paulo: it belongs to the 9th.
    await t.db
      .update(orders)
      .set({ createdAt: new Date('2026-03-10T02:30:00Z') })
      .where(eq(orders.id, sales[2]));
    const ninth = await pdv.owner.client.get(`${CASHIER}/reports/daily?date=2026-03-09`);
    expect(ninth.body.sales.map((s: { id: string }) => s.id)).toEqual([sales[2]]);
    expect(ninth.body.byHour[23]).toEqual({ hour: 23, total: 500, count: 1 });
    const tenth = await pdv.owner.client.get(`${CASHIER}/reports/daily?date=2026-03-10`);
    expect(tenth.body.count).toBe(0);
    for (const date of ['09/03/2026', '2026-02-30', '9999-99-99']) {
      const bad = await pdv.owner.client.get(`${CASHIER}/reports/daily?date=${date}`);
      expect(bad.status, date).toBe(400);
      expect(bad.body.error.description).toContain('Data inválida');
    }
  });

  it('exports the day as CSV: UTF-8 with BOM, ; separators, the spec columns', async () => {
    const res = await pdv.owner.client.get(`${CASHIER}/reports/daily.csv?date=2026-03-09`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('vendas-pdv-2026-03-09.csv');
    // Response.text() drops a BOM: read the bytes as a spreadsheet would.
    const bytes = new Uint8Array(await (await rawGet(`${CASHIER}/reports/daily.csv?date=2026-03-09`)).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toBe('Pedido;Cliente;Horário;Total;Pagamento;Status;Desconto;Desconto por;Taxa de serviço');
    expect(lines[1]).toMatch(/^#\d+;Cliente Balcão;23:30;5,00;PIX;Entregue;0,00;;0,00$/);
    expect(lines).toHaveLength(2);
  });

  it('history lists the last PDV sales only, newest first, and the detail shows items and payments', async () => {
    const res = await pdv.owner.client.get(`${CASHIER}/history`);
    expect(res.status).toBe(200);
    expect(res.body.map((s: { id: string }) => s.id)).toEqual([sales[1], sales[0], sales[2]]);
    const detail = await pdv.owner.client.get(`${CASHIER}/sales/${sales[1]}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ total: 1750, change: 250, employeeName: 'Dona Teste' });
    expect(detail.body.items).toHaveLength(2);
    expect(detail.body.payments.map((p: { group: string }) => p.group)).toEqual(['Crédito', 'Dinheiro']);
  });

  it('every sale appends realtime events for the order board and the cashier screens', async () => {
    const rows = await t.db
      .select()
      .from(events)
      .where(and(eq(events.restaurantId, pdv.rid), eq(events.type, 'cashier.sale')));
    expect(rows.map((r) => r.payload.orderId).sort()).toEqual([...sales].sort());
    expect(rows.every((r) => r.permission === 'manage_cashier')).toBe(true);
  });
});

describe('PDV catalog and reserved sales', () => {
  it('looks up an exact SKU, barcode or id, else "Produto não encontrado"', async () => {
    for (const code of ['PQ-01', 'pq-01', '7891234567895', pdv.products.pao.id]) {
      const res = await pdv.owner.client.get(`${CASHIER}/products/lookup?code=${encodeURIComponent(code)}`);
      expect(res.status, code).toBe(200);
      expect(res.body).toMatchObject({ id: pdv.products.pao.id, name: 'Pão de Queijo', price: 750 });
    }
    const miss = await pdv.owner.client.get(`${CASHIER}/products/lookup?code=789123`);
    expect(miss.status).toBe(404);
    expect(miss.body.error).toMatchObject({
      title: 'Produto não encontrado',
      description: 'Nenhum produto encontrado com o código: 789123',
    });
  });

  it('lists categories, available products and POS methods', async () => {
    const res = await pdv.owner.client.get(`${CASHIER}/catalog`);
    expect(res.body.categories).toEqual([{ id: pdv.category.id, name: 'Padaria' }]);
    expect(res.body.products.map((p: { name: string }) => p.name)).toEqual([
      'Bolo Inteiro',
      'Café Expresso',
      'Pão de Queijo',
    ]);
    expect(res.body.pix).toBeNull();
  });

  it('reserves, lists, restores once and removes sales on the server', async () => {
    const empty = await pdv.owner.client.post(`${CASHIER}/reserved-sales`, { items: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error.title).toBe('Carrinho vazio');
    const a = await pdv.owner.client.post(`${CASHIER}/reserved-sales`, {
      items: [{ productId: pdv.products.cafe.id, quantity: 2 }],
      discount: 100,
      customerName: 'Mesa da janela',
    });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ customerName: 'Mesa da janela', subtotal: 1000, discount: 100, total: 900 });
    expect(a.body.items[0]).toMatchObject({ productId: pdv.products.cafe.id, name: 'Café Expresso', unitPrice: 500 });
    const b = await pdv.owner.client.post(`${CASHIER}/reserved-sales`, {
      items: [{ productId: pdv.products.pao.id, quantity: 1 }],
    });
    const list = await pdv.owner.client.get(`${CASHIER}/reserved-sales`);
    expect(list.body.map((r: { id: string }) => r.id)).toEqual([b.body.id, a.body.id]);
    const restored = await Promise.all([
      pdv.owner.client.post(`${CASHIER}/reserved-sales/${a.body.id}/restore`),
      pdv.owner.client.post(`${CASHIER}/reserved-sales/${a.body.id}/restore`),
    ]);
    expect(restored.map((r) => r.status).sort()).toEqual([200, 404]);
    expect((await pdv.owner.client.delete(`${CASHIER}/reserved-sales/${b.body.id}`)).status).toBe(204);
    expect((await pdv.owner.client.delete(`${CASHIER}/reserved-sales/${b.body.id}`)).status).toBe(404);
    expect((await pdv.owner.client.get(`${CASHIER}/reserved-sales`)).body).toEqual([]);

    // Each change that happened (not the refused ones) tells the other terminals at once.
    const announced = await t.db
      .select()
      .from(events)
      .where(and(eq(events.restaurantId, pdv.rid), eq(events.type, 'cashier.reserved')))
      .orderBy(events.id);
    expect(announced.map((e) => e.payload.id)).toEqual([a.body.id, b.body.id, a.body.id, b.body.id]);
    expect(announced.every((e) => e.permission === 'manage_cashier')).toBe(true);
  });

  it("a reserved sale reaches the restaurant's cashier terminals live, and no one else", async () => {
    const terminal = await cashierOf(t, pdv.owner);
    const kitchen = await createEmployee(t, pdv.owner, { profileType: 'kitchen' });
    const elsewhere = await setupPdv(t);
    const streams = await Promise.all(
      [terminal, kitchen, elsewhere.owner].map((s) => openStream(t.app, s.client, '/api/events/staff')),
    );
    for (const stream of streams) await stream.waitFor((e) => e.event === 'ready');
    const [atTheTill, inTheKitchen, otherRestaurant] = streams;

    const reserved = await pdv.owner.client.post(`${CASHIER}/reserved-sales`, {
      items: [{ productId: pdv.products.cafe.id, quantity: 1 }],
    });
    expect(reserved.status).toBe(201);
    const isIt = (e: { event: string; data: string }) =>
      e.event === 'cashier.reserved' && JSON.parse(e.data).id === reserved.body.id;
    expect(await atTheTill.waitFor(isIt)).toBeTruthy();
    expect(await inTheKitchen.waitFor(isIt, 500)).toBeUndefined();
    expect(await otherRestaurant.waitFor((e) => e.event === 'cashier.reserved', 500)).toBeUndefined();
    await pdv.owner.client.delete(`${CASHIER}/reserved-sales/${reserved.body.id}`);
    for (const stream of streams) await stream.close();
  });

  it("a reservation a terminal made offline, sent twice, is kept once; its id is no other restaurant's to take", async () => {
    const id = randomUUID();
    const body = { id, items: [{ productId: pdv.products.pao.id, quantity: 3 }], customerName: 'Balcão sem rede' };
    const sent = await Promise.all([1, 2, 3].map(() => pdv.owner.client.post(`${CASHIER}/reserved-sales`, body)));
    expect(sent.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(new Set(sent.map((r) => r.body.id))).toEqual(new Set([id]));
    const listed = (await pdv.owner.client.get(`${CASHIER}/reserved-sales`)).body as { id: string }[];
    expect(listed.filter((r) => r.id === id)).toHaveLength(1);
    const other = await setupPdv(t);
    const taken = await other.owner.client.post(`${CASHIER}/reserved-sales`, {
      ...body,
      items: [{ productId: other.products.pao.id, quantity: 1 }],
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.title).toBe('Identificador em uso');
    expect((await other.owner.client.get(`${CASHIER}/reserved-sales`)).body).toEqual([]);
    const bad = await pdv.owner.client.post(`${CASHIER}/reserved-sales`, { ...body, id: 'terminal-1' });
    expect(bad.status).toBe(400);
    expect((await pdv.owner.client.delete(`${CASHIER}/reserved-sales/${id}`)).status).toBe(204);
  });

  it('finalizing a resumed reserved sale removes it in the same transaction', async () => {
    const r = await pdv.owner.client.post(`${CASHIER}/reserved-sales`, {
      items: [{ productId: pdv.products.cafe.id, quantity: 1 }],
    });
    const res = await sell(pdv.owner.client, {
      items: [{ productId: pdv.products.cafe.id, quantity: 1 }],
      payments: [{ methodId: pdv.methods.pix, amount: 500 }],
      reservedSaleId: r.body.id,
    });
    expect(res.status).toBe(201);
    expect((await pdv.owner.client.get(`${CASHIER}/reserved-sales`)).body).toEqual([]);
  });
});
