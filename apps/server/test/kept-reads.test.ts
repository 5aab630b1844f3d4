import { describe, expect, it } from 'vitest';
import { type CheckoutRows, KeptCheckoutReads } from '../src/modules/orders/place/kept-reads';
import type { CatalogueProduct } from '../src/modules/orders/place/pricing';

const product = (id: string, price = 1000) => ({ id, name: `Produto ${id}`, price }) as unknown as CatalogueProduct;
const rows = (name: string, ...products: CatalogueProduct[]): CheckoutRows => ({
  restaurant: { id: 'r1', name } as unknown as CheckoutRows['restaurant'],
  hours: [],
  methods: [],
  catalogue: new Map(products.map((p) => [p.id, p])),
});

describe('KeptCheckoutReads', () => {
  it('answers a cart only when every product it names is kept', () => {
    const kept = new KeptCheckoutReads();
    kept.keep('r1', 3, rows('Casa', product('a'), product('b')));
    expect([...(kept.find('r1', ['a', 'b'])?.catalogue.keys() ?? [])]).toEqual(['a', 'b']);
    expect(kept.find('r1', ['b'])?.catalogue.size).toBe(1);
    expect(kept.find('r1', ['a', 'c'])).toBeUndefined();
    expect(kept.find('r2', ['a'])).toBeUndefined();
  });

  it('adds the products of a read at the same version, and lets a newer version replace the entry', () => {
    const kept = new KeptCheckoutReads();
    kept.keep('r1', 3, rows('Casa', product('a')));
    kept.keep('r1', 3, rows('Casa', product('c')));
    expect(kept.find('r1', ['a', 'c'])?.version).toBe(3);

    kept.keep('r1', 4, rows('Casa Nova', product('a', 1200)));
    const found = kept.find('r1', ['a']);
    expect(found?.version).toBe(4);
    expect(found?.restaurant.name).toBe('Casa Nova');
    expect(found?.catalogue.get('a')?.price).toBe(1200);
    expect(kept.find('r1', ['c'])).toBeUndefined();
  });

  it('keeps the newer version when an older read arrives late, and forgets on demand', () => {
    const kept = new KeptCheckoutReads();
    kept.keep('r1', 5, rows('Casa', product('a', 900)));
    kept.keep('r1', 4, rows('Antiga', product('a', 800), product('b')));
    expect(kept.find('r1', ['a'])?.catalogue.get('a')?.price).toBe(900);
    expect(kept.find('r1', ['b'])).toBeUndefined();
    kept.forget('r1');
    expect(kept.find('r1', ['a'])).toBeUndefined();
    expect(kept.stats()).toEqual({ entries: 0, bytes: 0 });
  });
});
