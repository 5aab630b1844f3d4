import { deliveryStates } from '@meucardapio/db/schema';
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
  // São Paulo is served: its orders are the restaurant's own deliveries, confirmed with the 4 digits.
  await t.db
    .insert(deliveryStates)
    .values({ restaurantId: owner.restaurantId, code: 'SP', name: 'São Paulo', cities: ['São Paulo'], active: true });
});
afterAll(async () => {
  await t?.close();
});

const status = (client: Owner['client'], id: string, body: Record<string, unknown>) =>
  client.patch(`/api/admin/orders/${id}/status`, body);

describe('a freelance courier without a login', () => {
  it('is recorded by name and phone only, and checked like any form', async () => {
    const created = await owner.client.post('/api/admin/couriers', { name: ' Zé do Moto ', phone: '31987654321' });
    expect(created.status, created.text).toBe(201);
    expect(created.body.courier).toMatchObject({ name: 'Zé do Moto', phone: '(31) 98765-4321' });

    const noName = await owner.client.post('/api/admin/couriers', { name: '', phone: '31987654321' });
    expect(noName.status).toBe(400);
    expect(JSON.stringify(noName.body)).toContain('Informe o nome do entregador.');
    const badPhone = await owner.client.post('/api/admin/couriers', { name: 'Zé', phone: '123' });
    expect(badPhone.status).toBe(400);
    expect(JSON.stringify(badPhone.body)).toContain('Telefone inválido');

    const list = await owner.client.get('/api/admin/couriers');
    expect(list.body.couriers.map((c: { name: string }) => c.name)).toContain('Zé do Moto');
  });

  it('takes a delivery order out from the board; staff confirm it with the customer 4 digits', async () => {
    const zé = (await owner.client.post('/api/admin/couriers', { name: 'Zé Entregas', phone: '(31) 99876-5432' })).body
      .courier;
    const people = await owner.client.get('/api/admin/delivery-people');
    expect(people.body.deliveryPeople).toContainEqual({
      kind: 'courier',
      id: zé.id,
      name: 'Zé Entregas',
      phone: zé.phone,
    });

    const order = await insertOrder(t, owner.restaurantId, { status: 'confirmed' });
    const out = await status(owner.client, order.id, { status: 'out_for_delivery', courierId: zé.id });
    expect(out.status, out.text).toBe(200);
    expect(out.body.order).toMatchObject({
      status: 'out_for_delivery',
      deliveryEmployee: { id: zé.id, name: 'Zé Entregas' },
    });
    const overview = await owner.client.get('/api/admin/delivery/overview');
    expect(overview.body.groups.map((g: { deliveryPerson: { name: string } }) => g.deliveryPerson.name)).toContain(
      'Zé Entregas',
    );

    const counter = await createEmployee(t, owner, { profileType: 'counter' });
    const wrong = await status(counter.client, order.id, { status: 'delivered', phoneDigits: '0000' });
    expect(wrong.status).toBe(400);
    const done = await status(counter.client, order.id, { status: 'delivered', phoneDigits: '4321' });
    expect(done.status, done.text).toBe(200);
    expect(done.body.order).toMatchObject({ status: 'delivered', deliveryEmployee: { name: 'Zé Entregas' } });
  });

  it('a removed courier is no longer offered, and the orders it carried keep its name', async () => {
    const tião = (await owner.client.post('/api/admin/couriers', { name: 'Tião', phone: '31988887777' })).body.courier;
    const order = await insertOrder(t, owner.restaurantId, { status: 'confirmed' });
    expect((await status(owner.client, order.id, { status: 'out_for_delivery', courierId: tião.id })).status).toBe(200);
    expect((await owner.client.delete(`/api/admin/couriers/${tião.id}`)).status).toBe(200);
    const people = await owner.client.get('/api/admin/delivery-people');
    expect(people.body.deliveryPeople.map((p: { id: string }) => p.id)).not.toContain(tião.id);
    const next = await insertOrder(t, owner.restaurantId, { status: 'confirmed' });
    const refused = await status(owner.client, next.id, { status: 'out_for_delivery', courierId: tião.id });
    expect(refused.status).toBe(400);
    const board = await owner.client.get('/api/admin/orders');
    const carried = board.body.orders.find((o: { id: string }) => o.id === order.id);
    expect(carried.deliveryEmployee).toMatchObject({ name: 'Tião' });
  });

  it('stays inside its restaurant: another one neither lists, removes nor sends orders out with it', async () => {
    const mine = (await owner.client.post('/api/admin/couriers', { name: 'Só Meu', phone: '31977776666' })).body
      .courier;
    const theirList = await other.client.get('/api/admin/couriers');
    expect(theirList.body.couriers.map((c: { id: string }) => c.id)).not.toContain(mine.id);
    expect((await other.client.delete(`/api/admin/couriers/${mine.id}`)).status).toBe(404);
    // The other restaurant has a courier of its own, so the choice itself is what is refused.
    await other.client.post('/api/admin/couriers', { name: 'Deles', phone: '31966665555' });
    const theirOrder = await insertOrder(t, other.restaurantId, { status: 'confirmed' });
    const refused = await status(other.client, theirOrder.id, { status: 'out_for_delivery', courierId: mine.id });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('invalid_delivery_person');
    expect((await owner.client.get('/api/admin/couriers')).body.couriers.map((c: { id: string }) => c.id)).toContain(
      mine.id,
    );
  });

  it('is kept by whoever manages the staff, not by the kitchen', async () => {
    const cook = await createEmployee(t, owner, { profileType: 'kitchen' });
    expect((await cook.client.post('/api/admin/couriers', { name: 'X', phone: '31955554444' })).status).toBe(403);
  });
});
