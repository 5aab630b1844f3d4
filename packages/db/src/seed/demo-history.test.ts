import { addDays } from '@meucardapio/domain/dashboard';
import { isValidAccessKey } from '@meucardapio/domain/fiscal-rules';
import { localDateString, localParts } from '@meucardapio/domain/hours';
import { decodeSimulatedNoteId } from '@meucardapio/domain/nfce-simulated';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../client';
import {
  cashCloseCounts,
  cashRegisterSessions,
  cashSalePayments,
  cashWithdrawals,
  customers,
  fiscalNotes,
  orderItems,
  orders,
  products,
  restaurants,
  reviews,
} from '../schema';
import { freshDatabase } from '../testing';
import { seedDemo } from './demo';

import { seededDemo } from './demo-test-setup';

const demo = seededDemo();

describe("the demo's history", () => {
  it("seeds yesterday's closed PDV shift: sales, a sangria, a blind close and a PIX key", async () => {
    const db = demo.database.db;
    const rid = demo.result!.restaurantId;
    const [r] = await db.select().from(restaurants).where(eq(restaurants.id, rid));
    expect(r).toMatchObject({ pixKey: '11222333000181', pixKeyType: 'cnpj' });
    const yesterday = localDateString(new Date(Date.now() - 86_400_000), r.timezone);
    const sessions = (
      await db.select().from(cashRegisterSessions).where(eq(cashRegisterSessions.restaurantId, rid))
    ).filter((x) => localDateString(x.openingDate, r.timezone) === yesterday);
    expect(sessions).toHaveLength(1);
    const [s] = sessions;
    // Expected in the drawer: initial 100,00 + cash sales 60,10 − sangria 50,00; counted 110,00.
    expect(s).toMatchObject({
      status: 'closed',
      employeeName: 'Juliana Costa',
      initialAmount: 10000,
      cashSales: 6010,
      totalSales: 18080,
      totalWithdrawals: 5000,
      finalBalance: 11010,
      blindClose: true,
      totalDifference: -10,
    });
    expect(localDateString(s.closingTime!, r.timezone)).toBe(yesterday);

    const sales = (
      await db
        .select()
        .from(orders)
        .where(and(eq(orders.restaurantId, rid), eq(orders.deliveryType, 'pdv')))
    ).filter((o) => o.paymentData.session_id === s.id);
    expect(sales).toHaveLength(5);
    expect(sales.every((o) => o.status === 'delivered' && localDateString(o.createdAt, r.timezone) === yesterday)).toBe(
      true,
    );
    const payments = await db.select().from(cashSalePayments).where(eq(cashSalePayments.sessionId, s.id));
    expect(payments.reduce((sum, p) => sum + p.amount, 0)).toBe(s.totalSales);
    expect(sales.reduce((sum, o) => sum + o.total, 0)).toBe(s.totalSales);
    const withdrawals = await db.select().from(cashWithdrawals).where(eq(cashWithdrawals.sessionId, s.id));
    expect(withdrawals.map((w) => w.amount)).toEqual([5000]);
    const counts = await db.select().from(cashCloseCounts).where(eq(cashCloseCounts.sessionId, s.id));
    expect(counts.find((c) => c.method === 'Dinheiro')).toMatchObject({
      expected: 11010,
      counted: 11000,
      difference: -10,
    });
    const [coca] = await db
      .select()
      .from(products)
      .where(and(eq(products.restaurantId, rid), eq(products.codigoBarras, '7894900011517')));
    expect(coca).toMatchObject({ name: 'Coca-Cola Lata 350ml', estoque: 56 });
  });

  it('seeds a month of orders at lunch and dinner, numbered in order, with a few live on the board', async () => {
    const db = demo.database.db;
    const rid = demo.result!.restaurantId;
    const tz = 'America/Sao_Paulo';
    const all = await db.select().from(orders).where(eq(orders.restaurantId, rid));
    const today = localDateString(new Date(), tz);
    const days = new Set(all.map((o) => localDateString(o.createdAt, tz)));
    for (let back = 1; back <= 30; back++) expect(days.has(addDays(today, -back)), `day −${back}`).toBe(true);
    expect(all.every((o) => localDateString(o.createdAt, tz) >= addDays(today, -30))).toBe(true);
    expect(all.length).toBeGreaterThan(400);

    expect(new Set(all.map((o) => o.deliveryType))).toEqual(new Set(['delivery', 'pickup', 'dine_in', 'pdv']));
    for (const m of ['PIX', 'Dinheiro', 'Cartão de Crédito', 'Cartão de Débito'])
      expect(
        all.some((o) => o.paymentMethod === m),
        m,
      ).toBe(true);
    const cancelled = all.filter((o) => o.status === 'cancelled');
    expect(cancelled.length).toBeGreaterThan(0);
    expect(cancelled.length / all.length).toBeLessThan(0.1);

    // Lunch (11h–15h) and dinner (18h–24h) peaks, apart from the orders live right now.
    const live = all.filter((o) => !['delivered', 'cancelled'].includes(o.status));
    expect(new Set(live.map((o) => o.status))).toEqual(
      new Set(['pending', 'preparing', 'confirmed', 'out_for_delivery']),
    );
    expect(live.every((o) => Date.now() - o.createdAt.getTime() < 60 * 60_000)).toBe(true);
    const hours = all.filter((o) => !live.includes(o)).map((o) => Number(localParts(o.createdAt, tz).time.slice(0, 2)));
    expect(hours.every((h) => (h >= 10 && h < 15) || h >= 18)).toBe(true);
    expect(hours.filter((h) => h >= 18).length).toBeGreaterThan(hours.filter((h) => h < 15).length);

    // Numbers follow the clock and the next order continues after the last.
    const byNumber = [...all].sort((a, b) => a.number - b.number);
    expect(byNumber.map((o) => o.number)).toEqual(byNumber.map((_, i) => i + 1));
    for (let i = 1; i < byNumber.length; i++)
      expect(byNumber[i].createdAt.getTime()).toBeGreaterThanOrEqual(byNumber[i - 1].createdAt.getTime());
    const [r] = await db.select().from(restaurants).where(eq(restaurants.id, rid));
    expect(r.orderSeq).toBe(all.length);

    // Every order adds up: items to the subtotal, plus the delivery fee to the total; PDV payments to the total.
    const items = await db.select().from(orderItems).where(eq(orderItems.restaurantId, rid));
    const itemSum = new Map<string, number>();
    for (const i of items) {
      expect(i.totalPrice).toBe(i.unitPrice * i.quantity);
      itemSum.set(i.orderId, (itemSum.get(i.orderId) ?? 0) + i.totalPrice);
    }
    for (const o of all) {
      expect(itemSum.get(o.id), `#${o.number}`).toBe(o.subtotal);
      expect(o.total).toBe(o.subtotal + o.deliveryFee - o.discount);
      expect(o.deliveryFee > 0).toBe(o.deliveryType === 'delivery');
    }
    const payments = await db.select().from(cashSalePayments).where(eq(cashSalePayments.restaurantId, rid));
    for (const o of all.filter((x) => x.deliveryType === 'pdv'))
      expect(payments.filter((p) => p.orderId === o.id).reduce((s, p) => s + p.amount, 0)).toBe(o.total);

    // Closed shifts only (the register is for today's cashier to open), each adding up to its sales.
    const sessions = await db.select().from(cashRegisterSessions).where(eq(cashRegisterSessions.restaurantId, rid));
    expect(sessions.length).toBeGreaterThan(15);
    expect(sessions.every((x) => x.status === 'closed')).toBe(true);
    for (const x of sessions)
      expect(payments.filter((p) => p.sessionId === x.id).reduce((s, p) => s + p.amount, 0)).toBe(x.totalSales);

    // Storefront customers with orders, and reviews of delivered orders.
    const buyers = await db.select().from(customers).where(eq(customers.restaurantId, rid));
    expect(buyers.length).toBeGreaterThan(20);
    const maria = buyers.find((c) => c.email === 'cliente@demo.com.br');
    expect(all.filter((o) => o.customerId === maria?.id).length).toBeGreaterThan(0);
    const linked = (await db.select().from(reviews).where(eq(reviews.restaurantId, rid))).filter((x) => x.orderId);
    expect(linked.length).toBeGreaterThanOrEqual(8);
    for (const x of linked) expect(all.find((o) => o.id === x.orderId)?.status).toBe('delivered');
  });

  it('issues NFC-e in homologação (simulator): every PDV sale of the history has an authorised note', async () => {
    const { db } = demo.database;
    const rid = demo.result!.restaurantId;
    const [r] = await db.select().from(restaurants).where(eq(restaurants.id, rid));
    expect(r).toMatchObject({
      nfceEnabled: true,
      nfceAmbiente: 'homologacao',
      nfcePdvMode: 'automatic',
      addressState: 'SP',
    });
    const sales = await db
      .select()
      .from(orders)
      .where(and(eq(orders.restaurantId, rid), eq(orders.deliveryType, 'pdv'), eq(orders.status, 'delivered')));
    const notes = await db.select().from(fiscalNotes).where(eq(fiscalNotes.restaurantId, rid));
    expect(sales.length).toBeGreaterThan(100);
    expect(notes.map((n) => n.orderId).sort()).toEqual(sales.map((o) => o.id).sort());
    expect(r.nfceNumber).toBe(notes.length);
    expect(new Set(notes.map((n) => n.numero)).size).toBe(notes.length);
    for (const n of notes) {
      expect(n.status).toBe('authorized');
      expect(isValidAccessKey(n.chave ?? '')).toBe(true);
      // The chave names this emitter (CNPJ), model 65, série 1 and the note's own number.
      expect(n.chave?.slice(6, 20)).toBe('11222333000181');
      expect(n.chave?.slice(20, 34)).toBe(`65001${String(n.numero).padStart(9, '0')}`);
      expect(n.qrCodeUrl).toMatch(
        new RegExp(
          `^https://www\\.homologacao\\.nfce\\.fazenda\\.sp\\.gov\\.br/qrcode\\?p=${n.chave}\\|2\\|2\\|1\\|[0-9A-F]{40}$`,
        ),
      );
      expect(n.total).toBe(sales.find((o) => o.id === n.orderId)?.total);
      // As the simulator would serve it: its XML to download, its document id for the DANFE files.
      expect(n.xml).toContain(`<chNFe>${n.chave}</chNFe>`);
      expect(decodeSimulatedNoteId(n.providerId ?? '')).toMatchObject({ k: n.chave, v: n.total, a: 'homologacao' });
    }
  });

  it('is the same history on every run', async () => {
    const other = await freshDatabase();
    try {
      await seedDemo(other.db, { hashPassword: async (pw) => `other-hash:${pw}` });
      // The last hours (the live board, today's part) depend on the minute the seed ran, also across
      // midnight; what is older does not.
      const before = Date.now() - 24 * 3600_000;
      const shape = async (db: Database['db']) =>
        (await db.select().from(orders))
          .filter((o) => o.createdAt.getTime() < before)
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
          .map((o) => [
            localParts(o.createdAt, 'America/Sao_Paulo').time,
            o.deliveryType,
            o.status,
            o.paymentMethod,
            o.total,
          ]);
      expect(await shape(other.db)).toEqual(await shape(demo.database.db));
    } finally {
      await other.close();
    }
  }, 60_000);

  it('does nothing on a second run', async () => {
    const count = async () => (await demo.database.db.select({ id: products.id }).from(products)).length;
    const before = await count();
    expect(await seedDemo(demo.database.db, { hashPassword: demo.hashPassword })).toBeNull();
    expect(await count()).toBe(before);
    expect(demo.hashCalls).toBe(1);
    expect(await demo.database.db.select().from(restaurants)).toHaveLength(1);
  });
});
