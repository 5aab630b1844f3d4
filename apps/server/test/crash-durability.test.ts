import { join } from 'node:path';
import { type Database, openDatabase } from '@meucardapio/db/client';
import { orderItems, orders, products, restaurants, stockHistory } from '@meucardapio/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from './helpers';
import { killGroup, SERVER_ENTRY, type Started, serverWorkspace, startServer, type Workspace } from './server-process';

// A real server process killed with SIGKILL while checkouts stream in, then started again on the same data.
let space: Workspace;
beforeAll(async () => {
  space = await serverWorkspace('mc-crash-');
});
afterAll(() => space?.close());

/** A browser-like client over real HTTP: keeps its session cookie. */
class Http {
  cookie = '';
  constructor(public base: string) {}
  async send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', origin: this.base, cookie: this.cookie, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.getSetCookie().map((c) => c.split(';')[0]);
    if (set.length) this.cookie = set.join('; ');
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }
}

const INITIAL_STOCK = 40;
const CUSTOMERS = 10;
/** Answers with 201 before the kill. */
const KILL_AFTER = 12;
const IN_FLIGHT = 6;

type Attempt = {
  key: string;
  customer: number;
  quantity: number;
  status?: number;
  orderId?: string;
  error?: unknown;
};

describe('kill -9 under load', () => {
  it('every answered order survives whole, none is half-written, stock adds up, and retries after the restart return the same order', async () => {
    let server: Started | undefined;
    let verifier: Database | undefined;
    try {
      server = await startServer(SERVER_ENTRY, space.env);
      const owner = new Http(server.base);
      const signup = await owner.send('POST', '/api/auth/signup', {
        name: 'Dona Teste',
        companyName: `Restaurante Crash ${Date.now()}`,
        email: `dono-crash-${Date.now()}@teste.com.br`,
        password: TEST_PASSWORD,
      });
      expect(signup.status).toBe(200);
      const slug = signup.body.user.restaurant.slug as string;
      const restaurantId = signup.body.user.restaurant.id as string;
      const hours = Array.from({ length: 7 }, (_, dayOfWeek) => ({ dayOfWeek, openTime: '00:00', closeTime: '23:59' }));
      expect((await owner.send('PUT', '/api/admin/hours', { hours })).status).toBe(200);
      const limited = await owner.send('POST', '/api/admin/products', {
        name: 'Refrigerante Lata',
        price: 600,
        controleEstoque: true,
        estoque: INITIAL_STOCK,
      });
      const pizza = await owner.send('POST', '/api/admin/products', { name: 'Pizza Calabresa', price: 4000 });
      expect([limited.status, pizza.status]).toEqual([201, 201]);
      const limitedId = limited.body.product.id as string;
      const pizzaId = pizza.body.product.id as string;

      const customers: Http[] = [];
      for (let i = 0; i < CUSTOMERS; i++) {
        const c = new Http(server.base);
        const r = await c.send('POST', `/api/public/restaurants/${slug}/customers/register`, {
          name: `Cliente ${i}`,
          phone: '11987654321',
          email: `cliente-${i}-${Date.now()}@teste.com.br`,
          password: 'senha123',
          cep: '01310100',
          address: 'Avenida Paulista',
          number: '1000',
          neighborhood: 'Bela Vista',
          city: 'São Paulo',
          state: 'SP',
        });
        expect(r.status).toBe(200);
        customers.push(c);
      }

      const body = (a: Attempt) => ({
        items: [
          { productId: limitedId, quantity: a.quantity },
          { productId: pizzaId, quantity: 1 },
        ],
        deliveryType: 'pickup',
        name: 'Cliente Teste',
        phone: '(11) 98765-4321',
        paymentMethod: 'cash',
        cashReceived: 10000,
      });
      const checkout = (a: Attempt) =>
        customers[a.customer].send('POST', '/api/customer/orders', body(a), { 'idempotency-key': a.key });

      // The stream: IN_FLIGHT checkouts at a time; SIGKILL once KILL_AFTER of them were answered 201.
      const attempts: Attempt[] = [];
      let created = 0;
      let killed = false;
      const crashed = server;
      const worker = async () => {
        // Bounded: a stream that never reaches the kill fails below instead of running on.
        while (!killed && attempts.length < 4 * KILL_AFTER) {
          const n = attempts.length;
          // Three open orders per customer at most (the unpaid-order limit), so only stock refuses.
          const a: Attempt = { key: `crash-${n}-${Date.now()}`, customer: n % CUSTOMERS, quantity: 1 + (n % 2) };
          attempts.push(a);
          try {
            const res = await checkout(a);
            a.status = res.status;
            if (res.status !== 201) a.error = res.body;
            if (res.status === 201) {
              a.orderId = res.body.order.id;
              created += 1;
              if (created >= KILL_AFTER && !killed) {
                killed = true;
                crashed.proc.kill('SIGKILL');
              }
            }
          } catch {
            // The connection died with the server: whether this order exists is for the retry to say.
          }
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
      expect(attempts.filter((a) => a.error).map((a) => a.error)).toEqual([]);
      expect(await crashed.exit).toEqual({ code: null, signal: 'SIGKILL' });
      const answered = attempts.filter((a) => a.status === 201);
      expect(answered.length).toBeGreaterThanOrEqual(KILL_AFTER);
      expect(attempts.every((a) => a.status === undefined || a.status === 201)).toBe(true);
      const unanswered = attempts.filter((a) => a.status === undefined);

      server = await startServer(SERVER_ENTRY, space.env);
      for (const c of customers) c.base = server.base;
      // A retry of an answered checkout returns that very order; one whose answer was lost gives one order.
      for (const a of answered.slice(0, 3)) {
        const again = await checkout(a);
        expect(again.status).toBe(200);
        expect(again.body.order.id).toBe(a.orderId);
      }
      for (const a of unanswered) {
        const again = await checkout(a);
        expect([200, 201]).toContain(again.status);
        a.status = again.status;
        a.orderId = again.body.order.id;
        // Asked twice more, still the same order.
        expect((await checkout(a)).body.order.id).toBe(a.orderId);
      }

      // Stop the server to read the data (an embedded database has one process at a time).
      server.proc.kill('SIGTERM');
      expect(await server.exit).toEqual({ code: 0, signal: null });
      verifier = space.database ?? (await openDatabase({ dataDir: join(space.work, 'data', 'db') }));
      const db = verifier.db;

      const stored = await db.select().from(orders).where(eq(orders.restaurantId, restaurantId));
      const storedIds = new Set(stored.map((o) => o.id));
      const confirmed = attempts.filter((a) => a.orderId);
      for (const a of confirmed) expect(storedIds.has(a.orderId!)).toBe(true);
      // Nothing but what a client was (or, on retry, will be) told about.
      expect(stored.length).toBe(new Set(confirmed.map((a) => a.orderId)).size);

      const items = await db.select().from(orderItems).where(eq(orderItems.restaurantId, restaurantId));
      const history = await db
        .select()
        .from(stockHistory)
        .where(and(eq(stockHistory.restaurantId, restaurantId), eq(stockHistory.productId, limitedId)));
      for (const a of confirmed) {
        const order = stored.find((o) => o.id === a.orderId)!;
        const lines = items.filter((i) => i.orderId === order.id);
        expect(lines.map((l) => [l.productId, l.quantity]).sort()).toEqual(
          [
            [limitedId, a.quantity],
            [pizzaId, 1],
          ].sort(),
        );
        // Payment as placed: cash, its total the sum of its lines.
        expect(order.paymentMethod).toBeTruthy();
        expect(order.total).toBe(lines.reduce((s, l) => s + l.totalPrice, 0) + order.deliveryFee - order.discount);
        const moves = history.filter((h) => h.orderId === order.id);
        expect(moves).toHaveLength(1);
        expect(moves[0].quantityBefore - moves[0].quantityAfter).toBe(a.quantity);
      }
      const orphans = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from orders o where o.restaurant_id = ${restaurantId}
            and not exists (select 1 from order_items i where i.order_id = o.id)`,
      );
      expect(Number(orphans.rows[0].n)).toBe(0);

      const sold = items.filter((i) => i.productId === limitedId).reduce((s, i) => s + i.quantity, 0);
      const [product] = await db.select().from(products).where(eq(products.id, limitedId));
      expect(product.estoque).toBe(INITIAL_STOCK - sold);
      expect(product.estoque).toBeGreaterThanOrEqual(0);
      const sales = history.filter((h) => h.orderId);
      expect(sales.reduce((s, h) => s + h.quantityBefore - h.quantityAfter, 0)).toBe(sold);
      const numbers = stored.map((o) => o.number);
      expect(new Set(numbers).size).toBe(stored.length);
      const [restaurant] = await db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
      expect(restaurant.orderSeq).toBeGreaterThanOrEqual(Math.max(...numbers));
    } finally {
      killGroup(server);
      if (verifier && verifier !== space.database) await verifier.close();
    }
  }, 300_000);
});
