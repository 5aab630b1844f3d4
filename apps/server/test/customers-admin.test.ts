import { orders } from '@meucardapio/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, createTestApp, type Owner, registerCustomer, signupOwner, type TestApp } from './helpers';
import { insertOrder, OPERATIONAL_PROFILES } from './ops-fixtures';

let t: TestApp;
let owner: Owner;
let other: Owner;
let maria: string;
let joao: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signupOwner(t);
  other = await signupOwner(t);
  maria = (await registerCustomer(t, owner.slug, { name: 'Maria Souza', phone: '11987654321' })).customerId;
  joao = (await registerCustomer(t, owner.slug, { name: 'João Lima', phone: '21912345678' })).customerId;
  await registerCustomer(t, other.slug, { name: 'Maria de Outro Lugar', phone: '11900001111' });
  await insertOrder(t, owner.restaurantId, { customerId: maria, createdAt: new Date('2025-03-01T15:00:00Z') });
  await insertOrder(
    t,
    owner.restaurantId,
    { customerId: maria, createdAt: new Date('2025-03-05T15:00:00Z') },
    { items: [{ name: 'Pizza Calabresa', quantity: 1, unitPrice: 5000 }] },
  );
  await insertOrder(t, owner.restaurantId, { customerId: maria, status: 'cancelled' });
});
afterAll(async () => {
  await t?.close();
});

describe('customers', () => {
  it('lists customers with total orders, total spent (cancelled excluded) and last order', async () => {
    const res = await owner.client.get('/api/admin/customers');
    expect(res.status).toBe(200);
    expect(res.body.customers).toHaveLength(2);
    const m = res.body.customers.find((c: { id: string }) => c.id === maria);
    expect(m.totalOrders).toBe(3);
    // 2 × 4590 + 500 and 5000 + 500.
    expect(m.totalSpent).toBe(9680 + 5500);
    expect(m.lastOrderAt).not.toBeNull();
    const j = res.body.customers.find((c: { id: string }) => c.id === joao);
    expect(j).toMatchObject({ totalOrders: 0, totalSpent: 0, lastOrderAt: null });
  });

  it("keeps each customer's totals through every change to an order, as counting the orders would", async () => {
    const ana = (await registerCustomer(t, owner.slug, { name: 'Ana Totais', phone: '11955556666' })).customerId;
    const bia = (await registerCustomer(t, owner.slug, { name: 'Bia Totais', phone: '11955557777' })).customerId;
    const first = await insertOrder(t, owner.restaurantId, {
      customerId: ana,
      createdAt: new Date('2025-04-01T12:00Z'),
    });
    const last = await insertOrder(t, owner.restaurantId, {
      customerId: ana,
      createdAt: new Date('2025-04-09T12:00Z'),
    });
    const third = await insertOrder(t, owner.restaurantId, {
      customerId: bia,
      createdAt: new Date('2025-04-05T12:00Z'),
    });
    const listed = async () => {
      const res = await owner.client.get('/api/admin/customers?q=Totais');
      return Object.fromEntries(
        res.body.customers.map((c: { id: string; totalOrders: number; totalSpent: number; lastOrderAt: string }) => [
          c.id,
          { orders: c.totalOrders, spent: c.totalSpent, last: c.lastOrderAt },
        ]),
      );
    };
    const counted = async () => {
      const { rows } = await t.db.execute<{ id: string; orders: number; spent: number; last: Date | string }>(sql`
        select customer_id as id, count(*)::int as orders,
          coalesce(sum(total) filter (where status <> 'cancelled'), 0)::int as spent, max(created_at) as last
        from orders where customer_id in (${ana}, ${bia}) group by customer_id`);
      const byId = Object.fromEntries(
        rows.map((r) => [r.id, { orders: r.orders, spent: r.spent, last: new Date(r.last).toISOString() }]),
      );
      return {
        [ana]: byId[ana] ?? { orders: 0, spent: 0, last: null },
        [bia]: byId[bia] ?? { orders: 0, spent: 0, last: null },
      };
    };
    expect(await listed()).toEqual(await counted());
    expect((await listed())[ana]).toEqual({ orders: 2, spent: 2 * 9680, last: '2025-04-09T12:00:00.000Z' });

    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, first.id));
    await t.db.update(orders).set({ total: 1234 }).where(eq(orders.id, third.id));
    expect(await listed()).toEqual(await counted());
    // Moved to another customer, then deleted: the latest order is read again.
    await t.db.update(orders).set({ customerId: bia }).where(eq(orders.id, last.id));
    expect(await listed()).toEqual(await counted());
    expect((await listed())[ana]).toEqual({ orders: 1, spent: 0, last: '2025-04-01T12:00:00.000Z' });
    await t.db.delete(orders).where(eq(orders.id, last.id));
    expect(await listed()).toEqual(await counted());
    expect((await listed())[bia]).toEqual({ orders: 1, spent: 1234, last: '2025-04-05T12:00:00.000Z' });
    await t.db.update(orders).set({ status: 'preparing' }).where(eq(orders.id, first.id));
    expect((await listed())[ana]).toEqual({ orders: 1, spent: 9680, last: '2025-04-01T12:00:00.000Z' });
  });

  it('searches by name or by phone digits', async () => {
    const byName = await owner.client.get(`/api/admin/customers?q=${encodeURIComponent('maria')}`);
    expect(byName.body.customers.map((c: { id: string }) => c.id)).toEqual([maria]);
    const byPhone = await owner.client.get(`/api/admin/customers?q=${encodeURIComponent('(21) 91234')}`);
    expect(byPhone.body.customers.map((c: { id: string }) => c.id)).toEqual([joao]);
    const none = await owner.client.get('/api/admin/customers?q=zzz');
    expect(none.body.customers).toEqual([]);
    const wild = await owner.client.get(`/api/admin/customers?q=${encodeURIComponent('%')}`);
    expect(wild.body.customers).toEqual([]);
  });

  it("shows a customer's orders with items", async () => {
    const res = await owner.client.get(`/api/admin/customers/${maria}/orders`);
    expect(res.status).toBe(200);
    expect(res.body.customer.name).toBe('Maria Souza');
    expect(res.body.orders).toHaveLength(3);
    expect(res.body.orders.some((o: { items: { name: string }[] }) => o.items[0]?.name === 'Pizza Calabresa')).toBe(
      true,
    );
    expect((await owner.client.get('/api/admin/customers/nope/orders')).status).toBe(400);
  });

  it('refuses every operational profile and another restaurant', async () => {
    for (const profileType of OPERATIONAL_PROFILES) {
      const e = await createEmployee(t, owner, { profileType });
      expect((await e.client.get('/api/admin/customers')).status).toBe(403);
    }
    expect((await other.client.get(`/api/admin/customers/${maria}/orders`)).status).toBe(404);
    const theirs = await other.client.get('/api/admin/customers');
    expect(theirs.body.customers.map((c: { id: string }) => c.id)).not.toContain(maria);
  });
});
