import { diningTables, printJobs, products, stockHistory } from '@meucardapio/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pdv } from './cashier-fixtures';
import { createTestApp, type TestApp, type TestClient } from './helpers';
import { printerBody } from './printing-fixtures';
import { expectTicketsWrittenWithoutReads, sentAfterOrderStatement } from './sent-statements';
import { A, type Account, open, round, setupTableAccounts } from './table-accounts-fixtures';

let t: TestApp;
let pdv: Pdv;
let waiter1: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  ({ pdv, waiter1 } = await setupTableAccounts(t));
});
afterAll(async () => {
  await t?.close();
});

describe('the kitchen: tickets of rounds and cancelled items', () => {
  const jobsOf = (orderId: string) =>
    t.db.select().from(printJobs).where(eq(printJobs.orderId, orderId)).orderBy(asc(printJobs.createdAt));
  const paper = (content: string) => Buffer.from(content, 'base64').toString('latin1');

  it('prints a round at its station and the counter, and a cancelled item as a cancellation', async () => {
    const owner = pdv.owner.client;
    const station = (await owner.post('/api/admin/kitchen/stations', { name: 'Confeitaria' })).body.station.id;
    await t.db.update(products).set({ stationId: station }).where(eq(products.id, pdv.products.bolo.id));
    const made = await Promise.all([
      owner.post('/api/admin/printers', printerBody('Confeitaria', { stations: [station] })),
      owner.post('/api/admin/printers', printerBody('Balcão', { order: { delivery: 0, pickup: 0, dine_in: 1 } })),
    ]);
    expect(made.map((r) => r.status)).toEqual([201, 201]);
    await t.db.insert(diningTables).values({ restaurantId: pdv.rid, number: 10 });
    const account = await open(waiter1, 10, 2);
    let sent: Awaited<ReturnType<typeof round>> | undefined;
    const after = await sentAfterOrderStatement(async () => {
      sent = await round(waiter1, account.id, [
        { productId: pdv.products.bolo.id, quantity: 1 },
        { productId: pdv.products.cafe.id, quantity: 1 },
      ]);
    });
    if (!sent) throw new Error('no answer');
    expect(sent.status, sent.text).toBe(201);
    // What the tickets need was read with the round's number, before the restaurant's lock: after the
    // order's statement, one statement writes the tickets and nothing is read again.
    expectTicketsWrittenWithoutReads(after);
    const placed: Account = sent.body.account;
    const roundOrder = placed.rounds[0].orderId;
    const tickets = await jobsOf(roundOrder);
    expect(tickets.map((j) => [j.kind, j.title]).sort()).toEqual([
      ['kitchen', expect.stringMatching(/^Pedido #\d+ · Confeitaria$/)],
      ['order', expect.stringMatching(/^Pedido #\d+$/)],
    ]);
    const stationPaper = paper(tickets.find((j) => j.kind === 'kitchen')!.content);
    expect(stationPaper).toContain('MESA 10');
    expect(stationPaper).toContain('RODADA 1');
    expect(stationPaper).toContain('1x Bolo Inteiro');
    expect(stationPaper).not.toContain('Caf');
    // A reprint reads the round back from the database and prints the very same counter copy.
    const reprinted = await owner.post(`/api/admin/orders/${roundOrder}/print`, {});
    expect(reprinted.status, reprinted.text).toBe(201);
    const counterCopies = (await jobsOf(roundOrder)).filter((j) => j.kind === 'order');
    expect(counterCopies).toHaveLength(2);
    expect(counterCopies[1].content).toBe(counterCopies[0].content);
    const stockOf = async () =>
      (await t.db.select().from(products).where(eq(products.id, pdv.products.bolo.id)))[0].estoque;
    expect(await stockOf()).toBe(0);

    const bolo = placed.rounds[0].items.find((i) => i.name === 'Bolo Inteiro')!;
    const cancel = await waiter1.post(`${A}/items/${bolo.id}/cancel`, { reason: 'Cliente desistiu' });
    expect(cancel.status, cancel.text).toBe(200);
    // The unit is back in stock, once, with its history row.
    expect(await stockOf()).toBe(1);
    const back = await t.db
      .select()
      .from(stockHistory)
      .where(and(eq(stockHistory.orderId, roundOrder), eq(stockHistory.operationType, 'register')));
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({ quantityChanged: 1, quantityAfter: 1 });
    expect(back[0].notes).toMatch(/^Devolução de item cancelado do pedido #\d+$/);

    const cancelTickets = (await jobsOf(roundOrder)).filter((j) => j.title.endsWith('cancelamento'));
    expect(cancelTickets).toHaveLength(1);
    expect(cancelTickets[0].kind).toBe('kitchen');
    const cancelPaper = paper(cancelTickets[0].content);
    expect(cancelPaper).toContain('CANCELAMENTO');
    expect(cancelPaper).toContain('CANCELAR 1x Bolo Inteiro');
    expect(cancelPaper).toContain('Motivo: Cliente desistiu');

    // The kitchen display keeps it, struck out with the reason; the station's view too.
    const board = await owner.get(`/api/admin/kitchen/board?station=${station}`);
    const card = board.body.orders.find((o: { id: string }) => o.id === roundOrder);
    expect(card.items).toEqual([
      expect.objectContaining({ name: 'Bolo Inteiro', cancelled: { reason: 'Cliente desistiu' } }),
    ]);
    const all = await owner.get('/api/admin/kitchen/board');
    const cafe = all.body.orders
      .find((o: { id: string }) => o.id === roundOrder)
      .items.find((i: { name: string }) => i.name === 'Café Expresso');
    expect(cafe.cancelled).toBeNull();
  });

  it("names a tab's round by its comanda on the ticket, the kitchen display and the orders board", async () => {
    const opened = await waiter1.post(A, { kind: 'tab', number: 31, people: 1 });
    expect(opened.status, opened.text).toBe(201);
    const sent = await round(waiter1, opened.body.account.id, [{ productId: pdv.products.cafe.id, quantity: 1 }]);
    expect(sent.status, sent.text).toBe(201);
    const roundOrder = sent.body.account.rounds[0].orderId;
    const counter = (await jobsOf(roundOrder)).find((j) => j.kind === 'order')!;
    expect(paper(counter.content)).toContain('COMANDA 31');
    expect(paper(counter.content)).not.toContain('MESA');
    const kitchen = await pdv.owner.client.get('/api/admin/kitchen/board');
    expect(kitchen.body.orders.find((o: { id: string }) => o.id === roundOrder)).toMatchObject({
      tabNumber: 31,
      round: 1,
    });
    const board = await pdv.owner.client.get('/api/admin/orders');
    expect(board.body.orders.find((o: { id: string }) => o.id === roundOrder)).toMatchObject({
      tabNumber: 31,
      paymentMethod: 'Conta da comanda',
    });
    // A table's round keeps its table.
    const tableRound = board.body.orders.find((o: { tableNumber: number | null }) => o.tableNumber === 10);
    expect(tableRound.tabNumber).toBeNull();
    expect(tableRound.paymentMethod).toBe('Conta da mesa');
  });
});
