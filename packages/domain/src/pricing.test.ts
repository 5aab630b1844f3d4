import { describe, expect, it } from 'vitest';
import {
  cartTotals,
  combineFlavorPrices,
  DEFAULT_MAX_FLAVORS,
  flavorPriceAtSize,
  flavourChoiceIds,
  fromPrice,
  lineTotal,
  needsDetailDialog,
  normalizeMaxFlavors,
  offersFlavour,
  orderTotal,
  parseList,
  pickFlavor,
  priceChoice,
  pricedPerSize,
  productKind,
  strikePrice,
  unitPrice,
} from './pricing';

describe('productKind', () => {
  it('distinguishes plain products, single pizzas and multi-flavour pizzas', () => {
    expect(productKind({ isPizza: false, allowsMultipleFlavors: false })).toBe('plain');
    expect(productKind({ isPizza: false, allowsMultipleFlavors: true })).toBe('plain');
    expect(productKind({})).toBe('plain');
    expect(productKind({ isPizza: true, allowsMultipleFlavors: false })).toBe('single_pizza');
    expect(productKind({ isPizza: true, allowsMultipleFlavors: true })).toBe('multi_flavor_pizza');
  });
});

describe('needsDetailDialog', () => {
  it('opens the dialog for products with sizes and for multi-flavour pizzas', () => {
    expect(needsDetailDialog({ variations: [{ name: 'Grande', priceModifier: 500 }] })).toBe(true);
    expect(needsDetailDialog({ variations: '[{"name":"Grande","priceModifier":500}]' })).toBe(true);
    expect(needsDetailDialog({ isPizza: true, allowsMultipleFlavors: true, variations: [] })).toBe(true);
  });
  it('adds directly otherwise', () => {
    expect(needsDetailDialog({ variations: [] })).toBe(false);
    expect(needsDetailDialog({ variations: 'not json' })).toBe(false);
    expect(needsDetailDialog({ isPizza: true, allowsMultipleFlavors: false })).toBe(false);
  });
});

describe('unitPrice (spec 1 §9)', () => {
  it('is the base price for a plain product', () => {
    expect(unitPrice({ basePrice: 2590 })).toBe(2590);
  });

  it('adds the size modifier, colour modifiers and add-on prices', () => {
    expect(
      unitPrice({
        basePrice: 2000,
        variation: { priceModifier: 500 },
        colors: [{ priceModifier: 100 }, { priceModifier: 250 }],
        addons: [{ price: 300 }, { price: 200 }],
      }),
    ).toBe(2000 + 500 + 350 + 500);
  });

  it('multiplies an add-on by its quantity when one is given', () => {
    expect(unitPrice({ basePrice: 1000, addons: [{ price: 300, quantity: 3 }, { price: 100 }] })).toBe(2000);
  });

  it('accepts negative modifiers (a smaller size costs less)', () => {
    expect(unitPrice({ basePrice: 4000, variation: { priceModifier: -1000 } })).toBe(3000);
  });

  it('uses the average of the chosen flavours instead of the base price for a multi-flavour pizza', () => {
    expect(unitPrice({ basePrice: 9999, flavorPrices: [4000, 5000] })).toBe(4500);
    expect(unitPrice({ basePrice: 9999, flavorPrices: [4000, 5000], variation: { priceModifier: 1000 } })).toBe(5500);
  });

  it('rounds the flavour average half up to the centavo', () => {
    expect(unitPrice({ basePrice: 0, flavorPrices: [4000, 4001] })).toBe(4001);
    expect(unitPrice({ basePrice: 0, flavorPrices: [3000, 3000, 3001] })).toBe(3000);
    expect(unitPrice({ basePrice: 0, flavorPrices: [3000, 3001, 3001] })).toBe(3001);
  });

  it('falls back to the base price when no flavour is chosen', () => {
    expect(unitPrice({ basePrice: 4200, flavorPrices: [] })).toBe(4200);
  });

  it('ignores a null variation', () => {
    expect(unitPrice({ basePrice: 1000, variation: null })).toBe(1000);
  });
});

describe('pizza sizes priced per size and the flavour rule', () => {
  const sizes = [
    { id: 'b', name: 'Broto', priceModifier: 0, price: 3000 },
    { id: 'm', name: 'Média', priceModifier: 0, price: 4200 },
    { id: 'g', name: 'Grande', priceModifier: 0, price: 5500 },
  ];
  const calabresa = { price: 4000, variations: [{ name: 'Grande', priceModifier: 0, price: 5800 }] };
  const mussarela = { price: 3500, variations: [] };

  it('a size with its own price replaces the base price instead of adding to it', () => {
    expect(unitPrice({ basePrice: 3000, variation: sizes[2] })).toBe(5500);
    expect(unitPrice({ basePrice: 3000, variation: sizes[1], addons: [{ price: 800 }] })).toBe(5000);
  });

  it('knows a product priced per size and shows "a partir de" its cheapest size', () => {
    expect(pricedPerSize(sizes)).toBe(true);
    expect(fromPrice([sizes[2], sizes[0]])).toBe(3000);
    expect(pricedPerSize([{ name: 'Grande', priceModifier: 1000 }])).toBe(false);
    expect(fromPrice([{ name: 'Grande', priceModifier: 1000 }])).toBeNull();
    expect(fromPrice([])).toBeNull();
    expect(pricedPerSize('[{"name":"Broto","priceModifier":0,"price":3000}]')).toBe(true);
  });

  it("prices a flavour at the flavour's own size, else at the pizza's size price", () => {
    expect(flavorPriceAtSize(calabresa, sizes[2])).toBe(5800);
    expect(flavorPriceAtSize(calabresa, { name: ' grande ', price: 5500 })).toBe(5800);
    expect(flavorPriceAtSize(mussarela, sizes[2])).toBe(5500);
    expect(flavorPriceAtSize(calabresa, { name: 'Grande', priceModifier: 1000 } as never)).toBe(4000);
    expect(flavorPriceAtSize(calabresa, null)).toBe(4000);
  });

  it('charges the average of the flavours (the spec) or the most expensive, as the product says', () => {
    const prices = [flavorPriceAtSize(calabresa, sizes[2]), flavorPriceAtSize(mussarela, sizes[2])];
    expect(unitPrice({ basePrice: 3000, variation: sizes[2], flavorPrices: prices })).toBe(5650);
    expect(unitPrice({ basePrice: 3000, variation: sizes[2], flavorPrices: prices, flavorPricing: 'highest' })).toBe(
      5800,
    );
    expect(combineFlavorPrices([4000, 4001])).toBe(4001);
    expect(combineFlavorPrices([4000, 4001], 'highest')).toBe(4001);
    expect(combineFlavorPrices([3000, 4500, 4000], 'highest')).toBe(4500);
  });

  it('prices a chosen size, flavours, colours and add-ons in one call, the same at every door', () => {
    const pizza = { price: 3000, flavorPricing: 'highest' as const, takesFlavors: true };
    const grande = priceChoice(pizza, { size: sizes[2], flavors: [calabresa, mussarela], addons: [{ price: 800 }] });
    expect(grande).toEqual({ unit: 5800 + 800, flavorPrices: [5800, 5500] });
    expect(
      priceChoice({ ...pizza, flavorPricing: 'average' }, { size: sizes[2], flavors: [calabresa, mussarela] }).unit,
    ).toBe(5650);
    expect(priceChoice(pizza, { size: sizes[0] }).unit).toBe(3000);
    // A product that takes no flavours is priced by its size alone, whatever flavours a line names.
    expect(priceChoice({ ...pizza, takesFlavors: false }, { size: sizes[1], flavors: [calabresa] }).unit).toBe(4200);
    expect(priceChoice({ price: 1000, takesFlavors: false }, { size: { name: 'G', priceModifier: 500 } }).unit).toBe(
      1500,
    );
  });

  it('keeps modifier sizes as the spec has them, with either flavour rule', () => {
    expect(
      unitPrice({
        basePrice: 0,
        flavorPrices: [4000, 5000],
        flavorPricing: 'highest',
        variation: { priceModifier: 1000 },
      }),
    ).toBe(6000);
  });
});

describe('lineTotal', () => {
  it('equals unit × quantity, i.e. every modifier and extra times the quantity (spec 1 §9)', () => {
    // unit 2000 + size 500 + add-ons (300 + 200), quantity 3
    const unit = unitPrice({
      basePrice: 2000,
      variation: { priceModifier: 500 },
      addons: [{ price: 300 }, { price: 200 }],
    });
    expect(lineTotal(unit, 3)).toBe(2000 * 3 + 500 * 3 + (300 + 200) * 3);
  });

  it('prices a two-flavour pizza line', () => {
    // flavours R$ 40 and R$ 50 → R$ 45; Grande +R$ 10; borda +R$ 8; quantity 2 → R$ 126
    const unit = unitPrice({
      basePrice: 4500,
      flavorPrices: [4000, 5000],
      variation: { priceModifier: 1000 },
      addons: [{ price: 800 }],
    });
    expect(unit).toBe(6300);
    expect(lineTotal(unit, 2)).toBe(12600);
  });
});

describe('cartTotals', () => {
  it('counts the sum of quantities and sums the line totals', () => {
    expect(
      cartTotals([
        { price: 1000, quantity: 2 },
        { price: 2550, quantity: 1 },
        { price: 399, quantity: 3 },
      ]),
    ).toEqual({ itemCount: 6, total: 2000 + 2550 + 1197 });
  });

  it('is zero for an empty cart', () => {
    expect(cartTotals([])).toEqual({ itemCount: 0, total: 0 });
  });

  it('recomputes from price × quantity rather than a stale total', () => {
    expect(cartTotals([{ price: 1000, quantity: 3, total: 1000 } as { price: number; quantity: number }]).total).toBe(
      3000,
    );
  });
});

describe('orderTotal', () => {
  it('adds the delivery fee and subtracts the discount', () => {
    expect(orderTotal({ subtotal: 5000, deliveryFee: 700, discount: 1000 })).toBe(4700);
    expect(orderTotal({ subtotal: 5000 })).toBe(5000);
  });
  it('never goes below zero', () => {
    expect(orderTotal({ subtotal: 1000, discount: 5000 })).toBe(0);
  });
});

describe('strikePrice', () => {
  it("is the owner's former price when it is above the price", () => {
    expect(strikePrice(5990, 7190)).toBe(7190);
    expect(strikePrice(1000, 1001)).toBe(1001);
  });
  it('is null without a former price, whatever the price', () => {
    expect(strikePrice(9990, null)).toBeNull();
    expect(strikePrice(9990, undefined)).toBeNull();
  });
  it('is null when the former price is not above the price', () => {
    expect(strikePrice(5000, 5000)).toBeNull();
    expect(strikePrice(5000, 4000)).toBeNull();
  });
});

describe('normalizeMaxFlavors', () => {
  it('defaults to 2 when missing or not a number', () => {
    expect(DEFAULT_MAX_FLAVORS).toBe(2);
    for (const v of [undefined, null, '', 'abc', Number.NaN, {}]) expect(normalizeMaxFlavors(v)).toBe(2);
  });
  it('keeps a valid number, truncating fractions', () => {
    expect(normalizeMaxFlavors(3)).toBe(3);
    expect(normalizeMaxFlavors('4')).toBe(4);
    expect(normalizeMaxFlavors(2.9)).toBe(2);
  });
  it('never goes below 1', () => {
    expect(normalizeMaxFlavors(0)).toBe(1);
    expect(normalizeMaxFlavors(-3)).toBe(1);
    expect(normalizeMaxFlavors('0')).toBe(1);
  });
});

describe('pickFlavor', () => {
  it('adds a flavour while under the limit', () => {
    expect(pickFlavor([], 'a', 2)).toEqual(['a']);
    expect(pickFlavor(['a'], 'b', 2)).toEqual(['a', 'b']);
  });
  it('toggles off an already chosen flavour', () => {
    expect(pickFlavor(['a', 'b'], 'a', 2)).toEqual(['b']);
  });
  it('drops the OLDEST pick when the limit is reached', () => {
    expect(pickFlavor(['a', 'b'], 'c', 2)).toEqual(['b', 'c']);
    expect(pickFlavor(['a', 'b', 'c'], 'd', 3)).toEqual(['b', 'c', 'd']);
    expect(pickFlavor(['a'], 'b', 1)).toEqual(['b']);
  });
  it('normalises the limit (default 2, minimum 1)', () => {
    expect(pickFlavor(['a', 'b'], 'c', undefined)).toEqual(['b', 'c']);
    expect(pickFlavor(['a'], 'b', 0)).toEqual(['b']);
  });
  it('trims an over-full list coming from a lowered limit', () => {
    expect(pickFlavor(['a', 'b', 'c'], 'd', 2)).toEqual(['c', 'd']);
  });
  it('does not mutate its input', () => {
    const current = ['a', 'b'];
    pickFlavor(current, 'c', 2);
    expect(current).toEqual(['a', 'b']);
  });
});

describe('parseList', () => {
  it('copies arrays', () => {
    const input = [1, 2];
    const out = parseList(input);
    expect(out).toEqual([1, 2]);
    expect(out).not.toBe(input);
  });
  it('parses JSON text arrays', () => {
    expect(parseList('["a","b"]')).toEqual(['a', 'b']);
    expect(parseList('[{"id":"1","name":"Grande","priceModifier":500}]')).toEqual([
      { id: '1', name: 'Grande', priceModifier: 500 },
    ]);
  });
  it('turns anything unparsable or non-array into an empty list', () => {
    for (const v of ['not json', '{"a":1}', '"text"', '42', '', '  ', null, undefined, 42, { a: 1 }]) {
      expect(parseList(v)).toEqual([]);
    }
  });
});

describe('flavour choices (spec 1 §7 fallback)', () => {
  const single = (id: string, name: string) => ({ id, name, isPizza: true, allowsMultipleFlavors: false });
  const products = [
    single('m', 'Mussarela'),
    single('c', 'Calabresa'),
    { id: 'half', name: 'Meio a meio', isPizza: true, allowsMultipleFlavors: true },
    { id: 'coke', name: 'Coca-Cola', isPizza: false, allowsMultipleFlavors: false },
  ];

  it("keeps the pizza's own list when it has one", () => {
    const pizza = { id: 'half', pizzaFlavors: ['m'] };
    expect(flavourChoiceIds(pizza, products)).toEqual(['m']);
    expect(offersFlavour(pizza, products[1])).toBe(false);
  });

  it('without a list offers the other single pizzas by name, never itself, a multi-flavour pizza or a plain product', () => {
    const pizza = { id: 'half', pizzaFlavors: [] };
    expect(flavourChoiceIds(pizza, products)).toEqual(['c', 'm']);
    expect(offersFlavour(pizza, products[2])).toBe(false);
    expect(offersFlavour(pizza, products[3])).toBe(false);
    expect(offersFlavour({ id: 'm', pizzaFlavors: [] }, products[0])).toBe(false);
  });
});
