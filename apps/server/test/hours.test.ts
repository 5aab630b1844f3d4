import { events, restaurantHours } from '@meucardapio/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, createTestApp, type Owner, signupOwner, type TestApp } from './helpers';
import { OPERATIONAL_PROFILES } from './ops-fixtures';

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

const week = (overrides: Record<number, object> = {}) =>
  Array.from({ length: 7 }, (_, day) => ({
    dayOfWeek: day,
    isClosed: day === 0,
    openTime: '11:00',
    closeTime: '23:00',
    ...overrides[day],
  }));

describe('opening hours', () => {
  it('defaults to 08:00–18:00 every day', async () => {
    await t.db.delete(restaurantHours).where(eq(restaurantHours.restaurantId, owner.restaurantId));
    const res = await owner.client.get('/api/admin/hours');
    expect(res.status).toBe(200);
    expect(res.body.hours).toHaveLength(7);
    expect(
      res.body.hours.every(
        (h: { openTime: string; closeTime: string }) => h.openTime === '08:00' && h.closeTime === '18:00',
      ),
    ).toBe(true);
  });

  it('replaces the week; closed days store no times; an event tells other screens', async () => {
    const res = await owner.client.put('/api/admin/hours', { hours: week() });
    expect(res.status).toBe(200);
    const rows = await t.db.select().from(restaurantHours).where(eq(restaurantHours.restaurantId, owner.restaurantId));
    expect(rows).toHaveLength(7);
    const sunday = rows.find((r) => r.dayOfWeek === 0)!;
    expect(sunday).toMatchObject({ isClosed: true, openTime: null, closeTime: null });
    expect(rows.find((r) => r.dayOfWeek === 5)).toMatchObject({ openTime: '11:00', closeTime: '23:00' });
    const ev = await t.db
      .select()
      .from(events)
      .where(and(eq(events.restaurantId, owner.restaurantId), eq(events.type, 'hours.updated')));
    expect(ev).toHaveLength(1);
  });

  it('a bad day refuses the whole week and leaves the old one', async () => {
    for (const bad of [
      { hours: week({ 3: { openTime: '25:00' } }) },
      { hours: week({ 4: { closeTime: '9h' } }) },
      { hours: week({ 2: { openTime: null } }) },
      { hours: week().slice(0, 6) },
      { hours: week({ 6: { dayOfWeek: 1 } }) },
    ]) {
      const res = await owner.client.put('/api/admin/hours', bad);
      expect(res.status).toBe(400);
      expect(['Horário inválido', 'Dados inválidos']).toContain(res.body.error.title);
    }
    const after = await owner.client.get('/api/admin/hours');
    expect(after.body.hours).toEqual(week().map((d) => (d.isClosed ? { ...d, openTime: null, closeTime: null } : d)));
  });

  it('refuses every operational profile; another restaurant keeps its own week', async () => {
    for (const profileType of OPERATIONAL_PROFILES) {
      const e = await createEmployee(t, owner, { profileType });
      const res = await e.client.put('/api/admin/hours', { hours: week({ 1: { isClosed: true } }) });
      expect(res.status).toBe(403);
      expect((await e.client.get('/api/admin/hours')).status).toBe(403);
    }
    await other.client.put('/api/admin/hours', { hours: week({ 1: { isClosed: true } }) });
    const mine = await owner.client.get('/api/admin/hours');
    expect(mine.body.hours[1].isClosed).toBe(false);
  });
});
