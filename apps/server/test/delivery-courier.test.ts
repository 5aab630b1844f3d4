import { restaurants } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, createTestApp, type Owner, signupOwner, type TestApp } from './helpers';
import { insertOrder } from './ops-fixtures';

let t: TestApp;
let owner: Owner;
let other: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signupOwner(t);
  other = await signupOwner(t);
  // The provider's checkout handle, which payment verification asks with.
  await t.db.update(restaurants).set({ appClientReferrer: 'loja-teste' }).where(eq(restaurants.id, owner.restaurantId));
  // Every verification answers "paid": what matters here is which orders a delivery person reaches.
  (t.deps.integrations as unknown as { payments: object }).payments = {
    ...(t.deps.integrations as unknown as { payments: object }).payments,
    verify: async () => ({ success: true, paid: true, paidAmount: 9680 }),
  };
});
afterAll(async () => {
  await t.close();
});

const paidOnline = {
  paymentMethod: 'PIX',
  paymentStatus: 'pending',
  paymentData: { infinitepay_checkout: true, transaction_id: 'TX-9', slug: 'chk-9' },
} as const;

describe('a delivery person reaches only the orders assigned to them', () => {
  it('in the board, the receipt, the delivery overview and payment verification', async () => {
    const courier = await createEmployee(t, owner, { profileType: 'counter', profileName: 'Entregador' });
    const colleague = await createEmployee(t, owner, { profileType: 'counter', profileName: 'Entregador' });
    const mine = await insertOrder(t, owner.restaurantId, {
      ...paidOnline,
      status: 'out_for_delivery',
      deliveryEmployeeId: courier.employeeId,
    });
    const theirs = await insertOrder(t, owner.restaurantId, {
      ...paidOnline,
      status: 'out_for_delivery',
      deliveryEmployeeId: colleague.employeeId,
      customerName: 'Cliente Alheio',
    });
    const waiting = await insertOrder(t, owner.restaurantId, { ...paidOnline, customerName: 'Cliente na Fila' });
    const c = courier.client;

    const board = await c.get('/api/admin/orders');
    expect(board.status).toBe(200);
    expect(board.body.orders.map((o: { id: string }) => o.id)).toEqual([mine.id]);
    expect((await c.get(`/api/admin/orders/${theirs.id}/receipt`)).status).toBe(404);
    expect((await c.get(`/api/admin/orders/${mine.id}/receipt`)).status).toBe(200);

    const overview = await c.get('/api/admin/delivery/overview');
    expect(overview.status).toBe(200);
    const seen = overview.body.groups.flatMap((g: { orders: { id: string }[] }) => g.orders.map((o) => o.id));
    expect(seen).toEqual([mine.id]);

    // Verifying another order's payment would reveal (and change) it.
    for (const id of [theirs.id, waiting.id]) {
      const res = await c.post(`/api/admin/orders/${id}/verify-payment`);
      expect(res.status).toBe(404);
      expect(res.body.error.title).toBe('Pedido não encontrado.');
    }
    expect((await c.post(`/api/admin/orders/${mine.id}/verify-payment`)).body.paymentStatus).toBe('approved');

    const batch = await c.post('/api/admin/orders/verify-payments');
    expect(batch.status).toBe(200);
    expect(batch.body.results.map((r: { orderId: string }) => r.orderId)).not.toContain(theirs.id);
    expect(batch.body.results.map((r: { orderId: string }) => r.orderId)).not.toContain(waiting.id);

    // The rest of the staff still verify every order.
    const all = await owner.client.post('/api/admin/orders/verify-payments');
    expect(all.body.results.map((r: { orderId: string }) => r.orderId)).toEqual(
      expect.arrayContaining([theirs.id, waiting.id]),
    );
  });

  it('never reaches another restaurant’s orders', async () => {
    const courier = await createEmployee(t, owner, { profileType: 'counter', profileName: 'Entregador' });
    const foreign = await insertOrder(t, other.restaurantId, { ...paidOnline, status: 'out_for_delivery' });
    expect((await courier.client.post(`/api/admin/orders/${foreign.id}/verify-payment`)).status).toBe(404);
    expect((await courier.client.get(`/api/admin/orders/${foreign.id}/receipt`)).status).toBe(404);
  });
});
