import { diningTables, restaurants } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, createTestApp, type Owner, signupOwner, type TestApp } from './helpers';

let t: TestApp;
let owner: Owner;
let other: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signupOwner(t);
  other = await signupOwner(t);
});
afterAll(async () => {
  await t?.close();
});

describe('tables', () => {
  let tableId: string;

  it('creates a table with its menu link, and lists by number', async () => {
    const res = await owner.client.post('/api/admin/tables', { number: 5 });
    expect(res.status).toBe(201);
    expect(res.body.table).toMatchObject({ number: 5, qrUrl: `/${owner.slug}?table=5` });
    tableId = res.body.table.id;
    await owner.client.post('/api/admin/tables', { number: 2 });
    const list = await owner.client.get('/api/admin/tables');
    expect(list.status).toBe(200);
    expect(list.body.tables.map((x: { number: number }) => x.number)).toEqual([2, 5]);
  });

  it('refuses a number below 1, a non-number and a duplicate, with pt-BR texts', async () => {
    const zero = await owner.client.post('/api/admin/tables', { number: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.error.title).toBe('Dados inválidos');
    expect(zero.body.error.description).toContain('no mínimo 1');
    expect((await owner.client.post('/api/admin/tables', { number: 'abc' })).status).toBe(400);
    expect((await owner.client.post('/api/admin/tables', { number: 1.5 })).status).toBe(400);
    const dup = await owner.client.post('/api/admin/tables', { number: 5 });
    expect(dup.status).toBe(409);
    expect(dup.body.error.title).toBe('Mesa já existe');
    // The same number in another restaurant is fine.
    expect((await other.client.post('/api/admin/tables', { number: 5 })).status).toBe(201);
  });

  it('edits the number and rewrites the link', async () => {
    const res = await owner.client.put(`/api/admin/tables/${tableId}`, { number: 7 });
    expect(res.status).toBe(200);
    expect(res.body.table).toMatchObject({ number: 7, qrUrl: `/${owner.slug}?table=7` });
    const dup = await owner.client.put(`/api/admin/tables/${tableId}`, { number: 2 });
    expect(dup.status).toBe(409);
  });

  it('rewrites old-format links as they are listed', async () => {
    await t.db.update(diningTables).set({ qrUrl: '/menu/antigo?mesa=7' }).where(eq(diningTables.id, tableId));
    const list = await owner.client.get('/api/admin/tables');
    expect(list.body.tables.find((x: { id: string }) => x.id === tableId).qrUrl).toBe(`/${owner.slug}?table=7`);
    const [row] = await t.db.select().from(diningTables).where(eq(diningTables.id, tableId));
    expect(row.qrUrl).toBe(`/${owner.slug}?table=7`);
  });

  it('serves a 300×300 PNG QR code, downloadable as mesa-{n}-qr.png', async () => {
    const res = await owner.client.get(`/api/admin/tables/${tableId}/qr.png?download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toContain('mesa-7-qr.png');
    // Read the PNG header: signature, then IHDR width/height.
    const raw = await fetchBytes(`/api/admin/tables/${tableId}/qr.png`);
    expect(raw.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(raw.readUInt32BE(16)).toBe(300);
    expect(raw.readUInt32BE(20)).toBe(300);
    // "Mesa 7" is written in the band under the code: dark pixels there, on white.
    const band = await sharp(raw).extract({ left: 0, top: 262, width: 300, height: 38 }).greyscale().stats();
    expect(band.channels[0].min).toBeLessThan(80);
    expect(band.channels[0].max).toBe(255);
  });

  it("says 'Slug do restaurante ausente' when the restaurant has no slug", async () => {
    const lonely = await signupOwner(t);
    await t.db.update(restaurants).set({ slug: '' }).where(eq(restaurants.id, lonely.restaurantId));
    const res = await lonely.client.post('/api/admin/tables', { number: 1 });
    expect(res.status).toBe(400);
    expect(res.body.error.title).toBe('Slug do restaurante ausente');
  });

  it('refuses kitchen and cashier profiles; counter and waiter may manage tables', async () => {
    for (const profileType of ['kitchen', 'cashier'] as const) {
      const e = await createEmployee(t, owner, { profileType });
      const res = await e.client.post('/api/admin/tables', { number: 40 });
      expect(res.status).toBe(403);
      expect(res.body.error.title).toBe('Acesso negado');
      expect((await e.client.get('/api/admin/tables')).status).toBe(403);
    }
    for (const [profileType, n] of [
      ['counter', 41],
      ['waiter', 42],
    ] as const) {
      const e = await createEmployee(t, owner, { profileType });
      expect((await e.client.post('/api/admin/tables', { number: n })).status).toBe(201);
    }
  });

  it("refuses another restaurant's table (and leaves it alone)", async () => {
    expect((await other.client.put(`/api/admin/tables/${tableId}`, { number: 99 })).status).toBe(404);
    expect((await other.client.delete(`/api/admin/tables/${tableId}`)).status).toBe(404);
    expect((await other.client.get(`/api/admin/tables/${tableId}/qr.png`)).status).toBe(404);
    const [row] = await t.db.select().from(diningTables).where(eq(diningTables.id, tableId));
    expect(row.number).toBe(7);
  });

  it('deletes a table', async () => {
    expect((await owner.client.delete(`/api/admin/tables/${tableId}`)).status).toBe(200);
    expect((await owner.client.delete(`/api/admin/tables/${tableId}`)).status).toBe(404);
    const list = await owner.client.get('/api/admin/tables');
    expect(list.body.tables.map((x: { id: string }) => x.id)).not.toContain(tableId);
  });
});

/** The test client reads bodies as text; fetch the PNG bytes straight from the app with the owner's cookie. */
async function fetchBytes(path: string): Promise<Buffer> {
  const cookies = (owner.client as unknown as { cookies: Map<string, string> }).cookies;
  const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await t.app.request(`http://localhost${path}`, { headers: { cookie, host: 'localhost' } });
  return Buffer.from(await res.arrayBuffer());
}
