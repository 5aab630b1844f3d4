import type { PdvProduct, ReservedSaleView } from '@meucardapio/domain/cashier-views';
import { describe, expect, it } from 'vitest';
import {
  addProduct,
  choicePrice,
  lineDetails,
  linesFromReserved,
  needsChoice,
  type PdvLine,
  PLAIN_CHOICE,
  saleItems,
  typedQuantity,
} from './pdv-cart';

const UUID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function product(over: Partial<PdvProduct> = {}): PdvProduct {
  return {
    id: UUID(1),
    name: 'Coca-Cola Lata 350ml',
    description: null,
    price: 650,
    imageUrl: null,
    categoryId: null,
    sku: '021',
    codigoBarras: '7894900011517',
    controleEstoque: false,
    estoque: 0,
    variations: [],
    colors: [],
    addons: [],
    maxFlavors: null,
    flavors: [],
    ...over,
  };
}

function add(lines: PdvLine[], p: PdvProduct, choice = PLAIN_CHOICE, id = `l${lines.length + 1}`) {
  const r = addProduct(lines, p, choice, id);
  if (!r.ok) throw new Error(`${r.title}: ${r.description}`);
  return r.lines;
}

describe('addProduct', () => {
  it('adds a line priced from the product and merges a second scan of it', () => {
    let lines = add([], product());
    lines = add(lines, product(), { ...PLAIN_CHOICE, quantity: 2 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ id: 'l1', quantity: 3, price: 650, total: 1950 });
  });

  it('refuses a stock-controlled product at zero with the spec text', () => {
    const r = addProduct([], product({ controleEstoque: true, estoque: 0 }), PLAIN_CHOICE, 'x');
    expect(r).toMatchObject({
      ok: false,
      title: 'Produto sem estoque',
      description: 'Coca-Cola Lata 350ml não possui estoque disponível',
    });
  });

  it('counts the units already in the cart against the stock', () => {
    const p = product({ controleEstoque: true, estoque: 2 });
    const lines = add([], p);
    const r = addProduct(lines, p, { ...PLAIN_CHOICE, quantity: 2 }, 'x');
    expect(r).toMatchObject({
      ok: false,
      title: 'Estoque insuficiente',
      description: 'Apenas 1 unidade(s) disponível(eis) em estoque.',
    });
    expect(add(lines, p)[0].quantity).toBe(2);
  });

  it('prices sizes and add-ons, keeps different options on separate lines and describes them', () => {
    const pizza = product({
      id: UUID(2),
      name: 'Calabresa',
      price: 3490,
      variations: [
        { id: 'broto', name: 'Broto', price: 0 },
        { id: 'grande', name: 'Grande', price: 2500 },
      ],
      addons: [{ id: 'borda', name: 'Borda de Catupiry', price: 900 }],
    });
    expect(needsChoice(pizza)).toBe(true);
    expect(addProduct([], pizza, PLAIN_CHOICE, 'x')).toMatchObject({ ok: false, title: 'Escolha um tamanho' });

    let lines = add([], pizza, { ...PLAIN_CHOICE, variation: pizza.variations[1], addons: pizza.addons });
    lines = add(lines, pizza, { ...PLAIN_CHOICE, variation: pizza.variations[0] });
    expect(lines.map((l) => [l.price, l.total])).toEqual([
      [3490 + 2500 + 900, 3490 + 2500 + 900],
      [3490, 3490],
    ]);
    expect(lineDetails(lines[0])).toBe('Grande · + Borda de Catupiry');
    expect(saleItems(lines)[0]).toEqual({
      productId: UUID(2),
      quantity: 1,
      variationId: 'grande',
      colorIds: [],
      addonIds: ['borda'],
      flavorIds: [],
    });
  });

  it('prices a multi-flavour pizza at the rounded average of its flavours', () => {
    const half = product({
      id: UUID(3),
      name: 'Pizza Meio a Meio',
      price: 3290,
      maxFlavors: 2,
      flavors: [
        { id: UUID(4), name: 'Calabresa', price: 3490 },
        { id: UUID(5), name: 'Portuguesa', price: 3991 },
      ],
    });
    expect(addProduct([], half, PLAIN_CHOICE, 'x')).toMatchObject({ ok: false, title: 'Escolha um sabor' });
    const lines = add([], half, { ...PLAIN_CHOICE, flavors: half.flavors });
    expect(lines[0].price).toBe(Math.round((3490 + 3991) / 2));
    expect(lineDetails(lines[0])).toBe('Calabresa / Portuguesa');
  });

  it('prices a pizza by its own size prices and the most expensive flavour, as the storefront and the server do', () => {
    const pizza = product({
      id: UUID(6),
      name: 'Pizza Dois Sabores',
      price: 3000,
      maxFlavors: 2,
      flavorPricing: 'highest',
      variations: [
        { id: 'broto', name: 'Broto', price: 0, ownPrice: 3000 },
        { id: 'grande', name: 'Grande', price: 0, ownPrice: 5500 },
      ],
      flavors: [
        // Calabresa has its own Grande; Muçarela counts at the pizza's Grande.
        { id: UUID(7), name: 'Calabresa', price: 4000, variations: [{ name: 'Grande', price: 5800 }] },
        { id: UUID(8), name: 'Muçarela', price: 3500, variations: [] },
      ],
    });
    const [broto, grande] = pizza.variations;
    const highest = add([], pizza, { ...PLAIN_CHOICE, variation: grande, flavors: pizza.flavors });
    expect(highest[0]).toMatchObject({ price: 5800, total: 5800 });
    expect(highest[0].pizzaFlavors?.map((f) => f.price)).toEqual([5800, 5500]);
    expect(choicePrice(pizza, { ...PLAIN_CHOICE, variation: broto, flavors: pizza.flavors.slice(1) }).unit).toBe(3000);
    // The average rule, for a product that keeps the spec's.
    const average = { ...pizza, flavorPricing: 'average' as const };
    expect(choicePrice(average, { ...PLAIN_CHOICE, variation: grande, flavors: pizza.flavors }).unit).toBe(5650);
    // A size with its own price replaces the product's price instead of adding to it.
    const sized = product({ id: UUID(9), variations: pizza.variations });
    expect(add([], sized, { ...PLAIN_CHOICE, variation: grande })[0].price).toBe(5500);
  });
});

describe('linesFromReserved', () => {
  it('brings a reserved sale back with its stored prices and the option names of the catalog', () => {
    const pizza = product({
      id: UUID(2),
      name: 'Calabresa',
      variations: [{ id: 'grande', name: 'Grande', price: 2500 }],
    });
    const sale: ReservedSaleView = {
      id: UUID(9),
      customerName: 'Dona Maria',
      items: [
        {
          productId: UUID(2),
          quantity: 2,
          variationId: 'grande',
          colorIds: [],
          addonIds: [],
          flavorIds: [],
          notes: null,
          name: 'Calabresa',
          unitPrice: 5990,
          totalPrice: 11980,
        },
      ],
      subtotal: 11980,
      discount: 0,
      total: 11980,
      employeeName: null,
      createdAt: '2026-11-23T11:00:00.000Z',
    };
    const [line] = linesFromReserved(sale, [pizza]);
    expect(line).toMatchObject({ productId: UUID(2), quantity: 2, price: 5990, total: 11980, variationId: 'grande' });
    expect(lineDetails(line)).toBe('Grande');
  });
});

describe('typedQuantity (the PDV quantity box)', () => {
  it('clearing the box to type a new number keeps the line', () => {
    expect(typedQuantity('', false)).toBeNull();
    expect(typedQuantity('', true)).toBeNull();
    expect(typedQuantity('1', false)).toBe(1);
    expect(typedQuantity('12', false)).toBe(12);
  });

  it('removes the line only for a confirmed 0', () => {
    expect(typedQuantity('0', false)).toBeNull();
    expect(typedQuantity('0', true)).toBe(0);
  });
});
