import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import type { ReservedSaleView } from '@meucardapio/domain/cashier-views';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import {
  drainQueue,
  drainReservations,
  type NewSale,
  type QueuedSale,
  SaleQueue,
  type SendResult,
} from './offline-sale-queue';

const RID = 'r-1';

function sale(n: number, restaurantId = RID): NewSale {
  return {
    id: `off-${n}-${randomUUID()}`,
    restaurantId,
    total: n * 100,
    cash: n * 100,
    body: {
      clientSaleId: `off-${n}`,
      soldAt: new Date(2026, 10, 26, 12, n).toISOString(),
      sessionId: randomUUID(),
      soldById: randomUUID(),
      items: [{ productId: randomUUID(), quantity: 1, unitPrice: n * 100 }],
      payments: [{ methodId: 'cash', amount: n * 100, received: n * 100 }],
    },
  };
}

async function freshQueue(...sales: NewSale[]) {
  const queue = await SaleQueue.open(`test-${randomUUID()}`);
  for (const s of sales) await queue.add(s);
  return queue;
}

/** A server that records what reached it and answers from a script, then OK. */
function server(script: SendResult[] = []) {
  const received: string[] = [];
  const send = async (s: QueuedSale): Promise<SendResult> => {
    received.push(s.id);
    return script.shift() ?? { ok: true };
  };
  return { received, send };
}

const offline: SendResult = { ok: false, status: null, message: 'Sem conexão' };

describe('the offline sale queue', () => {
  it('keeps sales across a reopened database, in the order they were made, and a double add once', async () => {
    const name = `test-${randomUUID()}`;
    const first = await SaleQueue.open(name);
    const sales = [sale(1), sale(2), sale(3)];
    for (const s of sales) await first.add(s);
    await first.add(sales[1]);
    await first.add(sale(9, 'other-restaurant'));
    first.close();

    const reopened = await SaleQueue.open(name);
    expect((await reopened.list(RID)).map((s) => s.id)).toEqual(sales.map((s) => s.id));
  });

  it('sends in order and removes only what the server has', async () => {
    const sales = [sale(1), sale(2), sale(3)];
    const queue = await freshQueue(...sales);
    const { received, send } = server();
    const result = await drainQueue(queue, RID, send);
    expect(result).toEqual({ sent: 3, refused: 0, retryInMs: null });
    expect(received).toEqual(sales.map((s) => s.id));
    expect(await queue.list(RID)).toEqual([]);
  });

  it('drops nothing on a failed send: the run stops there and the later sales keep their turn', async () => {
    const sales = [sale(1), sale(2), sale(3)];
    const queue = await freshQueue(...sales);
    const { received, send } = server([{ ok: true }, offline]);
    const result = await drainQueue(queue, RID, send, { now: () => 1_000_000, random: () => 0 });
    expect(result).toEqual({ sent: 1, refused: 0, retryInMs: 2_000 });
    expect(received).toEqual([sales[0].id, sales[1].id]);
    const left = await queue.list(RID);
    expect(left.map((s) => s.id)).toEqual([sales[1].id, sales[2].id]);
    expect(left[0]).toMatchObject({ failures: 1, nextAttemptAt: 1_002_000, lastError: 'Sem conexão' });
  });

  it('waits longer after each failure and sends nothing before its time', async () => {
    const queue = await freshQueue(sale(1), sale(2));
    let now = 0;
    const clock = { now: () => now, random: () => 0 };
    const { received, send } = server([offline, offline, { ok: false, status: 503, message: 'Servidor ocupado' }]);

    expect((await drainQueue(queue, RID, send, clock)).retryInMs).toBe(2_000);
    now = 1_999;
    expect(await drainQueue(queue, RID, send, clock)).toEqual({ sent: 0, refused: 0, retryInMs: 1 });
    expect(received).toHaveLength(1);
    now = 2_000;
    expect((await drainQueue(queue, RID, send, clock)).retryInMs).toBe(4_000);
    now = 6_000;
    expect((await drainQueue(queue, RID, send, clock)).retryInMs).toBe(8_000);
    now = 14_000;
    expect(await drainQueue(queue, RID, send, clock)).toEqual({ sent: 2, refused: 0, retryInMs: null });
    expect(received).toHaveLength(5);
    expect(await queue.list(RID)).toEqual([]);
  });

  it('keeps a sale the server refuses aside, with the reason, and goes on with the next', async () => {
    const sales = [sale(1), sale(2)];
    const queue = await freshQueue(...sales);
    const { received, send } = server([{ ok: false, status: 400, message: 'Operador não encontrado' }]);
    expect(await drainQueue(queue, RID, send)).toEqual({ sent: 1, refused: 1, retryInMs: null });
    const [kept] = await queue.list(RID);
    expect(kept).toMatchObject({ id: sales[0].id, refused: true, lastError: 'Operador não encontrado' });
    await drainQueue(queue, RID, send);
    expect(received).toEqual([sales[0].id, sales[1].id]);
  });
});

function reservation(n: number): ReservedSaleView {
  return {
    id: randomUUID(),
    customerName: `Cliente ${n}`,
    items: [
      {
        productId: randomUUID(),
        quantity: 1,
        notes: null,
        colorIds: [],
        addonIds: [],
        flavorIds: [],
        name: 'Pastel',
        unitPrice: 750,
        totalPrice: 750,
      },
    ],
    subtotal: 750,
    discount: 0,
    total: 750,
    employeeName: null,
    createdAt: new Date(2026, 10, 26, 12, n).toISOString(),
  };
}

describe('reservations made without a connection', () => {
  it('stay on the terminal across a reopened database, per restaurant, oldest first', async () => {
    const name = `test-${randomUUID()}`;
    const first = await SaleQueue.open(name);
    const [a, b] = [reservation(2), reservation(1)];
    await first.reserve({ restaurantId: RID, sale: a });
    await first.reserve({ restaurantId: RID, sale: b });
    await first.reserve({ restaurantId: 'other-restaurant', sale: reservation(3) });
    first.close();
    const reopened = await SaleQueue.open(name);
    expect((await reopened.reservations(RID)).map((r) => r.id)).toEqual([b.id, a.id]);
    // Resumed on this terminal: gone, and a second tab taking it finds nothing.
    expect(await reopened.unreserve(b.id)).toBe(true);
    expect(await reopened.unreserve(b.id)).toBe(false);
    expect((await reopened.reservations(RID)).map((r) => r.id)).toEqual([a.id]);
  });

  it('are sent oldest first, leave only once the server has them, and wait after a failure', async () => {
    const queue = await SaleQueue.open(`test-${randomUUID()}`);
    const [a, b, c] = [reservation(1), reservation(2), reservation(3)];
    for (const sale of [a, b, c]) await queue.reserve({ restaurantId: RID, sale });
    const sent: string[] = [];
    const script: SendResult[] = [{ ok: true }, offline];
    const send = async (r: ReservedSaleView) => {
      sent.push(r.id);
      return script.shift() ?? { ok: true };
    };
    expect(await drainReservations(queue, RID, send)).toBe(1);
    expect(sent).toEqual([a.id, b.id]);
    expect((await queue.reservations(RID)).map((r) => r.id)).toEqual([b.id, c.id]);
    expect(await drainReservations(queue, RID, send)).toBe(2);
    expect(await queue.reservations(RID)).toEqual([]);
  });

  it('a terminal whose queue was made before reservations keeps its sales and gains the store', async () => {
    const name = `test-${randomUUID()}`;
    const old = await openDB(name, 1, {
      upgrade(database) {
        const store = database.createObjectStore('sales', { keyPath: 'seq', autoIncrement: true });
        store.createIndex('id', 'id', { unique: true });
      },
    });
    const kept = sale(1);
    await old.add('sales', { ...kept, failures: 0, nextAttemptAt: 0, lastError: null, refused: false });
    old.close();
    const queue = await SaleQueue.open(name);
    expect((await queue.list(RID)).map((s) => s.id)).toEqual([kept.id]);
    await queue.reserve({ restaurantId: RID, sale: reservation(1) });
    expect(await queue.reservations(RID)).toHaveLength(1);
  });
});
