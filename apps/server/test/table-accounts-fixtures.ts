import { randomUUID } from 'node:crypto';
import { diningTables } from '@meucardapio/db/schema';
import { expect } from 'vitest';
import { openRegister, setupPdv } from './cashier-fixtures';
import { openAroundTheClock } from './checkout-fixtures';
import { createEmployee, signupOwner, type TestApp, type TestClient } from './helpers';

export const A = '/api/admin/table-accounts';
export const key = () => `mesa-${randomUUID()}`;

export type Account = {
  id: string;
  status: string;
  people: number;
  rounds: {
    orderId: string;
    label: string;
    items: { id: string; name: string; totalPrice: number; cancelled: unknown }[];
  }[];
  bill: { itemsTotal: number; serviceCharge: number; couvert: number; total: number };
  paid: number;
  remaining: number;
};

export async function open(client: TestClient, number: number, people = 2): Promise<Account> {
  const res = await client.post(A, { number, people });
  expect(res.status, res.text).toBe(201);
  return res.body.account;
}

export async function round(client: TestClient, id: string, items: { productId: string; quantity: number }[]) {
  return client.post(`${A}/${id}/rounds`, { items }, { 'idempotency-key': key() });
}

export const pay = (client: TestClient, id: string, body: Record<string, unknown>, k = key()) =>
  client.post(`${A}/${id}/payments`, body, { 'idempotency-key': k });

/**
 * A PDV restaurant (cashier-fixtures) open around the clock, with tables 4 to 9, two signed-in waiters
 * and its register open with R$ 100,00; and another restaurant.
 */
export async function setupTableAccounts(t: TestApp) {
  const pdv = await setupPdv(t);
  const other = await signupOwner(t);
  await openAroundTheClock(t, pdv.rid);
  await t.db.insert(diningTables).values([4, 5, 6, 7, 8, 9].map((number) => ({ restaurantId: pdv.rid, number })));
  const waiter1 = (await createEmployee(t, pdv.owner, { profileType: 'waiter' })).client;
  const waiter2 = (await createEmployee(t, pdv.owner, { profileType: 'waiter' })).client;
  await openRegister(pdv.owner.client, 10000);
  return { pdv, other, waiter1, waiter2 };
}
