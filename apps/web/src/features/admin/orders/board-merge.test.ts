import { describe, expect, it } from 'vitest';
import { mergeNamedOrders } from './board-merge';

const at = (minute: number) => new Date(Date.UTC(2026, 11, 5, 19, minute)).toISOString();
const order = (n: number, minute: number, status = 'pending') => ({
  id: `o${n}`,
  number: n,
  createdAt: at(minute),
  status,
});
const ids = (list: { id: string }[]) => list.map((o) => o.id);

describe('mergeNamedOrders', () => {
  const held = [order(3, 30), order(2, 20), order(1, 10)];

  it('puts a new order on top', () => {
    const { orders, complete } = mergeNamedOrders(held, ['o4'], [order(4, 40)], 60);
    expect(ids(orders)).toEqual(['o4', 'o3', 'o2', 'o1']);
    expect(complete).toBe(true);
  });

  it('replaces a changed order where it was', () => {
    const { orders } = mergeNamedOrders(held, ['o2'], [order(2, 20, 'preparing')], 60);
    expect(orders.map((o) => [o.id, o.status])).toEqual([
      ['o3', 'pending'],
      ['o2', 'preparing'],
      ['o1', 'pending'],
    ]);
  });

  it('drops a named order the server left out (another status under the filter, or not this viewer’s)', () => {
    const { orders, complete } = mergeNamedOrders(held, ['o2', 'o9'], [], 60);
    expect(ids(orders)).toEqual(['o3', 'o1']);
    expect(complete).toBe(true);
  });

  it('orders two created in the same minute by number, as the server does', () => {
    const { orders } = mergeNamedOrders(held, ['o5', 'o4'], [order(4, 40), order(5, 40)], 60);
    expect(ids(orders)).toEqual(['o5', 'o4', 'o3', 'o2', 'o1']);
  });

  it('keeps a full list to its size, and an old order beyond it out', () => {
    const newer = mergeNamedOrders(held, ['o4'], [order(4, 40)], 3);
    expect(ids(newer.orders)).toEqual(['o4', 'o3', 'o2']);
    expect(newer.complete).toBe(true);
    const older = mergeNamedOrders(held, ['o0'], [order(0, 5)], 3);
    expect(ids(older.orders)).toEqual(['o3', 'o2', 'o1']);
  });

  it('says a full list that lost an order needs the whole list again', () => {
    const { orders, complete } = mergeNamedOrders(held, ['o2'], [], 3);
    expect(ids(orders)).toEqual(['o3', 'o1']);
    expect(complete).toBe(false);
  });
});
