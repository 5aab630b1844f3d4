import { randomUUID } from 'node:crypto';
import {
  cashCloseCounts,
  cashRegisterHistory,
  cashRegisterSessions,
  cashSalePayments,
  fiscalNotes,
  orderHistory,
  orders,
  products,
  restaurants,
  stockHistory,
} from '@meucardapio/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASHIER, cashierOf, openRegister, type Pdv, setupPdv } from './cashier-fixtures';
import { createTestApp, type TestApp, type TestClient } from './helpers';

/** Sales made by a terminal without a connection, arriving when it returns (decision 057). */

let t: TestApp;
let pdv: Pdv;
let cashier: Awaited<ReturnType<typeof cashierOf>>;
let sessionId: string;

beforeAll(async () => {
  t = await createTestApp();
  pdv = await setupPdv(t);
  cashier = await cashierOf(t, pdv.owner);
  sessionId = (await openRegister(pdv.owner.client, 10_000)).id;
});
afterAll(async () => {
  await t?.close();
});

const offlineId = () => `off-${randomUUID()}`;

/** One café (R$ 5,00 in the catalogue) sold offline by the cashier at `unitPrice`, paid in cash. */
function cafeSale(overrides: Record<string, unknown> = {}) {
  return {
    clientSaleId: offlineId(),
    soldAt: new Date(Date.now() - 3_600_000).toISOString(),
    sessionId,
    soldById: cashier.employeeId,
    items: [{ productId: pdv.products.cafe.id, quantity: 1, unitPrice: 500 }],
    payments: [{ methodId: pdv.methods.cash, amount: 500, received: 1000 }],
    ...overrides,
  };
}

const sync = (client: TestClient, body: Record<string, unknown>) => client.post(`${CASHIER}/offline-sales`, body);

describe('syncing a sale made offline', () => {
  it('answers five simultaneous sends of one sale id with one sale and the same answer', async () => {
    const body = cafeSale();
    const answers = await Promise.all(Array.from({ length: 5 }, () => sync(cashier.client, body)));
    for (const a of answers) expect(a.status).toBe(200);
    const bodies = answers.map((a) => JSON.stringify(a.body));
    expect(new Set(bodies).size).toBe(1);
    const rows = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.restaurantId, pdv.rid), eq(orders.idempotencyKey, body.clientSaleId)));
    expect(rows).toHaveLength(1);
    // The sale keeps when it was sold and who sold it, not when or by whom it was sent.
    expect(rows[0].createdAt.toISOString()).toBe(body.soldAt);
    const paid = await t.db.select().from(cashSalePayments).where(eq(cashSalePayments.orderId, rows[0].id));
    expect(paid.map((p) => p.createdAt.toISOString())).toEqual(paid.map(() => body.soldAt));
    expect(paid.length).toBeGreaterThan(0);
    expect(answers[0].body).toMatchObject({
      clientSaleId: body.clientSaleId,
      late: false,
      priceDifference: 0,
      warnings: [],
      sale: { total: 500, change: 500, status: 'delivered', employeeName: cashier.name, sessionId },
    });
    // A later replay answers the same too.
    const again = await sync(pdv.owner.client, body);
    expect(JSON.stringify(again.body)).toBe(bodies[0]);
  });

  it('queues the synced sale’s NFC-e once, however often the terminal sends it', async () => {
    await t.db.update(restaurants).set({ nfceEnabled: true }).where(eq(restaurants.id, pdv.rid));
    try {
      const body = cafeSale();
      const answers = await Promise.all([sync(cashier.client, body), sync(cashier.client, body)]);
      for (const a of answers) expect(a.status).toBe(200);
      const [order] = await t.db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.restaurantId, pdv.rid), eq(orders.idempotencyKey, body.clientSaleId)));
      const notes = await t.db.select().from(fiscalNotes).where(eq(fiscalNotes.orderId, order.id));
      expect(notes).toHaveLength(1);
      expect(notes[0].restaurantId).toBe(pdv.rid);
    } finally {
      await t.db.update(restaurants).set({ nfceEnabled: false }).where(eq(restaurants.id, pdv.rid));
    }
  });

  it('keeps the prices the terminal showed and records the difference against the catalogue', async () => {
    const body = cafeSale({
      items: [{ productId: pdv.products.cafe.id, quantity: 2, unitPrice: 450 }],
      payments: [{ methodId: pdv.methods.credit, amount: 900 }],
    });
    const res = await sync(cashier.client, body);
    expect(res.status).toBe(200);
    expect(res.body.sale).toMatchObject({ subtotal: 900, total: 900 });
    expect(res.body.priceDifference).toBe(-100);
    expect(res.body.warnings[0]).toContain('Preços do terminal diferentes do cardápio atual');
    const notes = await t.db
      .select({ notes: orderHistory.notes })
      .from(orderHistory)
      .where(eq(orderHistory.orderId, res.body.sale.id));
    expect(notes.map((n) => n.notes)).toContain(res.body.warnings[0]);
  });

  it('accepts a sale past the last unit: stock below zero, its history entry and a warning', async () => {
    const { bolo } = pdv.products;
    await t.db.update(products).set({ estoque: 0 }).where(eq(products.id, bolo.id));
    const res = await sync(
      cashier.client,
      cafeSale({
        items: [{ productId: bolo.id, quantity: 2, unitPrice: bolo.price }],
        payments: [{ methodId: pdv.methods.cash, amount: 2 * bolo.price, received: 2 * bolo.price }],
      }),
    );
    expect(res.status).toBe(200);
    const [row] = await t.db.select({ estoque: products.estoque }).from(products).where(eq(products.id, bolo.id));
    expect(row.estoque).toBe(-2);
    const [entry] = await t.db.select().from(stockHistory).where(eq(stockHistory.orderId, res.body.sale.id));
    expect(entry).toMatchObject({ operationType: 'sale', quantityBefore: 0, quantityAfter: -2, quantityChanged: 2 });
    expect(res.body.warnings).toContain(
      'Estoque negativo: Bolo Inteiro ficou com -2 após esta venda feita sem conexão.',
    );
  });

  it('attaches a sale of a session closed meanwhile as a late sale and updates the closing figures', async () => {
    const closed = await pdv.owner.client.post(`${CASHIER}/session/close`, {
      count: { denominations: { '10000': 1 }, methods: {} },
    });
    expect(closed.status).toBe(200);
    const before = closed.body.session.finalBalance as number;
    await openRegister(pdv.owner.client, 0);

    const late = cafeSale({ payments: [{ methodId: pdv.methods.cash, amount: 500, received: 500 }] });
    const res = await sync(cashier.client, late);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ late: true, sale: { sessionId } });

    const [session] = await t.db.select().from(cashRegisterSessions).where(eq(cashRegisterSessions.id, sessionId));
    expect(session.status).toBe('closed');
    expect(session.finalBalance).toBe(before + 500);
    const [cash] = await t.db
      .select()
      .from(cashCloseCounts)
      .where(and(eq(cashCloseCounts.sessionId, sessionId), eq(cashCloseCounts.method, 'Dinheiro')));
    expect(cash).toMatchObject({ expected: before + 500, counted: 10_000, difference: 10_000 - before - 500 });
    const history = await t.db
      .select()
      .from(cashRegisterHistory)
      .where(and(eq(cashRegisterHistory.sessionId, sessionId), eq(cashRegisterHistory.operationType, 'late_sale')));
    expect(history).toHaveLength(1);
    expect(history[0].amount).toBe(500);
    // The replay changes nothing more.
    await sync(cashier.client, late);
    const [same] = await t.db.select().from(cashRegisterSessions).where(eq(cashRegisterSessions.id, sessionId));
    expect(same.finalBalance).toBe(before + 500);
  });

  it('refuses what cannot be honoured, in pt-BR, and never another restaurant’s session', async () => {
    const hosted = await sync(
      cashier.client,
      cafeSale({ payments: [{ methodId: pdv.methods.pixOnline, amount: 500 }] }),
    );
    expect(hosted.status).toBe(400);
    expect(hosted.body.error.title).toBe('Indisponível sem conexão');
    const bad = await sync(cashier.client, { ...cafeSale(), soldAt: 'ontem' });
    expect(bad.status).toBe(400);

    const other = await setupPdv(t);
    const otherSession = (await openRegister(other.owner.client)).id;
    const foreign = await sync(cashier.client, cafeSale({ sessionId: otherSession }));
    expect(foreign.status).toBe(404);
    const stranger = await sync(
      other.owner.client,
      cafeSale({ soldById: cashier.employeeId, sessionId: otherSession }),
    );
    expect(stranger.status).toBe(400);
    // Another restaurant replaying this restaurant's sale id makes its own sale, never answers ours.
    const mine = cafeSale();
    expect((await sync(cashier.client, mine)).status).toBe(200);
    const theirs = await sync(
      other.owner.client,
      cafeSale({
        clientSaleId: mine.clientSaleId,
        sessionId: otherSession,
        soldById: other.owner.ownerId,
        items: [{ productId: other.products.cafe.id, quantity: 1, unitPrice: 500 }],
        payments: [{ methodId: other.methods.cash, amount: 500, received: 500 }],
      }),
    );
    expect(theirs.status).toBe(200);
    expect(theirs.body.sale.id).not.toBe((await sync(cashier.client, mine)).body.sale.id);
  });
});
