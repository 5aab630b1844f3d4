import { describe, expect, it } from 'vitest';
import { keepNamed, normalizePizzaFlags, numberOrZero, productSaveBlockers } from './product-rules';

describe('normalizePizzaFlags', () => {
  const base = { isPizza: true, allowsMultipleFlavors: true, pizzaFlavors: ['a', 'b', 'a'] };
  it('keeps a multi-flavour pizza and de-duplicates flavours', () => {
    expect(normalizePizzaFlags(base)).toEqual({ isPizza: true, allowsMultipleFlavors: true, pizzaFlavors: ['a', 'b'] });
  });
  it('turning off is_pizza turns off multiple flavours and clears flavours', () => {
    expect(normalizePizzaFlags({ ...base, isPizza: false })).toEqual({
      isPizza: false,
      allowsMultipleFlavors: false,
      pizzaFlavors: [],
    });
  });
  it('turning off multiple flavours clears the flavours', () => {
    expect(normalizePizzaFlags({ ...base, allowsMultipleFlavors: false }).pizzaFlavors).toEqual([]);
  });
  it('commerce forces everything off', () => {
    expect(normalizePizzaFlags(base, 'commerce')).toEqual({
      isPizza: false,
      allowsMultipleFlavors: false,
      pizzaFlavors: [],
    });
  });
});

describe('productSaveBlockers', () => {
  const ok = { name: 'Pizza', price: 100, envioCorreios: false };
  it('accepts a named positive product', () => expect(productSaveBlockers(ok)).toEqual([]));
  it('asks a price above zero for every size once sizes are priced per size', () => {
    const sized = (variations: { name: string; price?: number | null }[]) => productSaveBlockers({ ...ok, variations });
    expect(sized([{ name: 'Broto', price: 3000 }, { name: 'Grande', price: 5500 }, { name: ' ' }])).toEqual([]);
    expect(sized([{ name: 'Broto' }, { name: 'Grande' }])).toEqual([]);
    expect(sized([{ name: 'Broto', price: 3000 }, { name: 'Grande' }])).toEqual(['sizePrices']);
    expect(sized([{ name: 'Broto', price: 0 }])).toEqual(['sizePrices']);
  });
  it('blank name and zero price', () => {
    expect(productSaveBlockers({ ...ok, name: '  ', price: 0 })).toEqual(['name', 'price']);
  });
  it('a "preço de" must be above the price when given', () => {
    expect(productSaveBlockers({ ...ok, compareAtPrice: 120 })).toEqual([]);
    expect(productSaveBlockers({ ...ok, compareAtPrice: null })).toEqual([]);
    expect(productSaveBlockers({ ...ok, compareAtPrice: 100 })).toEqual(['compareAtPrice']);
    expect(productSaveBlockers({ ...ok, compareAtPrice: 80 })).toEqual(['compareAtPrice']);
  });
  it('Correios requires all four dimensions above zero', () => {
    expect(productSaveBlockers({ ...ok, envioCorreios: true, height: 1, width: 1, length: 1 })).toEqual(['dimensions']);
    expect(productSaveBlockers({ ...ok, envioCorreios: true, height: 1, width: 1, length: 1, weight: 0 })).toEqual([
      'dimensions',
    ]);
    expect(productSaveBlockers({ ...ok, envioCorreios: true, height: 1, width: 1, length: 1, weight: 0.3 })).toEqual(
      [],
    );
  });
});

describe('helpers', () => {
  it('non-numeric input counts as 0', () => {
    expect(numberOrZero('abc')).toBe(0);
    expect(numberOrZero('1,5')).toBe(1.5);
  });
  it('keeps only named entries', () => {
    expect(keepNamed([{ name: ' G ' }, { name: '' }, { name: '  ' }])).toEqual([{ name: 'G' }]);
  });
});
