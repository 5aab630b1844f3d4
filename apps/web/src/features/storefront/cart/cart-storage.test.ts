import { sameChoice } from '@meucardapio/domain/cart';
import { describe, expect, it } from 'vitest';
import { type CartItem, cartStorageKey, parseStoredCart, refreshStock, serializeCart } from './cart-storage';

const line: CartItem = {
  id: 'l1',
  productId: 'p1',
  name: 'Coca-Cola 2L',
  price: 1200,
  quantity: 2,
  total: 2400,
  variation: null,
  colors: [],
  addons: [{ id: 'gelo', name: 'Gelo', price: 0 }],
  pizzaFlavors: [],
  notes: null,
  estoque: 3,
  controleEstoque: true,
  envioCorreios: false,
  imageUrl: null,
};

describe('cart storage', () => {
  it('uses one key per restaurant', () => {
    expect(cartStorageKey('demo-restaurant')).toBe('mc-cart:demo-restaurant');
  });

  it('round-trips a cart', () => {
    expect(parseStoredCart(serializeCart([line]))).toEqual([line]);
  });

  it('ignores junk, malformed lines and recomputes totals', () => {
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart('{not json')).toEqual([]);
    expect(parseStoredCart('"text"')).toEqual([]);
    const stored = JSON.stringify({
      v: 1,
      items: [
        { ...line, total: 1 },
        { ...line, id: 'bad-price', price: 12.5 },
        { ...line, id: 'bad-qty', quantity: 0 },
        { id: 'no-name', price: 1, quantity: 1 },
        'string',
      ],
    });
    const parsed = parseStoredCart(stored);
    expect(parsed).toHaveLength(1);
    expect(parsed[0].total).toBe(2400);
  });

  it('reads an older plain-array format and defaults missing fields', () => {
    const parsed = parseStoredCart(JSON.stringify([{ id: 'x', name: 'Água', price: 300, quantity: 1 }]));
    expect(parsed[0]).toMatchObject({
      id: 'x',
      productId: null,
      colors: [],
      addons: [],
      pizzaFlavors: [],
      estoque: 0,
      controleEstoque: false,
      envioCorreios: false,
      total: 300,
    });
  });

  it('refreshes stock facts from the current menu and keeps the same array when nothing changed', () => {
    const same = new Map([['p1', { estoque: 3, controleEstoque: true, envioCorreios: false }]]);
    const items = [line];
    expect(refreshStock(items, same)).toBe(items);
    const changed = refreshStock(items, new Map([['p1', { estoque: 1, controleEstoque: true, envioCorreios: false }]]));
    expect(changed).not.toBe(items);
    expect(changed[0].estoque).toBe(1);
    expect(refreshStock(items, new Map())).toBe(items);
  });
});

describe('sameChoice', () => {
  it('matches the same product with the same options regardless of option order', () => {
    const a = {
      ...line,
      addons: [
        { id: 'x', name: 'X', price: 1 },
        { id: 'y', name: 'Y', price: 1 },
      ],
    };
    const b = {
      ...line,
      id: 'other',
      quantity: 1,
      addons: [
        { id: 'y', name: 'Y', price: 1 },
        { id: 'x', name: 'X', price: 1 },
      ],
    };
    expect(sameChoice(a, b)).toBe(true);
  });
  it('tells apart different sizes, flavours, add-ons or notes', () => {
    expect(sameChoice(line, { ...line, variation: { id: 'g', name: 'G', priceModifier: 0 } })).toBe(false);
    expect(sameChoice(line, { ...line, addons: [] })).toBe(false);
    expect(sameChoice(line, { ...line, pizzaFlavors: [{ id: 'f', name: 'F' }] })).toBe(false);
    expect(sameChoice(line, { ...line, notes: 'sem gelo' })).toBe(false);
    expect(sameChoice(line, { ...line, productId: 'p2' })).toBe(false);
  });
});
