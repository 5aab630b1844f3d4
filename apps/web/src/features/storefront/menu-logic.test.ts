import { describe, expect, it } from 'vitest';
import {
  ALL_CATEGORIES,
  buildCartLine,
  directImageUrl,
  filterProducts,
  formatRating,
  lineSummary,
  normalizeText,
  openStatus,
  opensDialog,
  parseTableNumber,
  readableForeground,
  reviewsCountLabel,
  safeColor,
  sectionsFor,
} from './menu-logic';
import type { MenuProduct } from './menu-types';

function product(over: Partial<MenuProduct> & { id: string; name: string }): MenuProduct {
  return {
    categoryId: null,
    description: null,
    price: 1000,
    compareAtPrice: null,
    imageUrl: null,
    isPizza: false,
    allowsMultipleFlavors: false,
    maxFlavors: 2,
    flavorPricing: 'average',
    pizzaFlavors: [],
    variations: [],
    addons: [],
    colors: [],
    controleEstoque: false,
    estoque: 0,
    envioCorreios: false,
    ...over,
  };
}

describe('directImageUrl', () => {
  it('rewrites Google Drive share links to a direct view link', () => {
    expect(directImageUrl('https://drive.google.com/file/d/1AbC-d_E/view?usp=sharing')).toBe(
      'https://drive.google.com/uc?export=view&id=1AbC-d_E',
    );
    expect(directImageUrl('https://drive.google.com/open?id=XYZ123')).toBe(
      'https://drive.google.com/uc?export=view&id=XYZ123',
    );
  });
  it('keeps other links and turns blanks into null', () => {
    expect(directImageUrl('/api/files/abc')).toBe('/api/files/abc');
    expect(directImageUrl('https://example.com/a.png')).toBe('https://example.com/a.png');
    expect(directImageUrl('  ')).toBeNull();
    expect(directImageUrl(null)).toBeNull();
  });
});

describe('filterProducts and sectionsFor', () => {
  const cats = [
    { id: 'c2', name: 'Bebidas', sortOrder: 1 },
    { id: 'c1', name: 'Pizzas', sortOrder: 0 },
  ];
  const list = [
    product({ id: 'p1', name: 'Pizza Calabresa', categoryId: 'c1', description: 'Linguiça e cebola' }),
    product({ id: 'p2', name: 'Guaraná', categoryId: 'c2' }),
    product({ id: 'p3', name: 'Açaí', categoryId: null }),
  ];

  it('filters by category and by accent-insensitive words in name or description', () => {
    expect(filterProducts(list, 'c2', '').map((p) => p.id)).toEqual(['p2']);
    expect(filterProducts(list, ALL_CATEGORIES, 'acai').map((p) => p.id)).toEqual(['p3']);
    expect(filterProducts(list, ALL_CATEGORIES, 'LINGUICA pizza').map((p) => p.id)).toEqual(['p1']);
    expect(filterProducts(list, 'c1', 'guarana')).toEqual([]);
    expect(normalizeText('  Pão de Açúcar ')).toBe('pao de acucar');
  });

  it('groups "Todos" by the given category order, uncategorised last under Outros', () => {
    const sections = sectionsFor([cats[1], cats[0]], list, ALL_CATEGORIES);
    expect(sections.map((s) => [s.title, s.products.map((p) => p.id)])).toEqual([
      ['Pizzas', ['p1']],
      ['Bebidas', ['p2']],
      ['Outros', ['p3']],
    ]);
    expect(sectionsFor(cats, [list[1]], 'c2')).toEqual([{ id: 'c2', title: null, products: [list[1]] }]);
    expect(sectionsFor(cats, [], 'c2')).toEqual([]);
    expect(sectionsFor(cats, [list[2]], ALL_CATEGORIES)[0].title).toBeNull();
  });
});

describe('opensDialog', () => {
  it('opens the dialog for sizes, colours and multi-flavour pizzas only', () => {
    expect(opensDialog(product({ id: 'a', name: 'a' }))).toBe(false);
    expect(opensDialog(product({ id: 'a', name: 'a', variations: [{ id: 'g', name: 'G', priceModifier: 0 }] }))).toBe(
      true,
    );
    expect(opensDialog(product({ id: 'a', name: 'a', colors: [{ id: 'r', name: 'Red', priceModifier: 0 }] }))).toBe(
      true,
    );
    expect(opensDialog(product({ id: 'a', name: 'a', isPizza: true }))).toBe(false);
    expect(opensDialog(product({ id: 'a', name: 'a', isPizza: true, allowsMultipleFlavors: true }))).toBe(true);
  });
});

describe('buildCartLine', () => {
  const calabresa = product({ id: 'f1', name: 'Calabresa', price: 4000, isPizza: true });
  const mussarela = product({ id: 'f2', name: 'Mussarela', price: 3500, isPizza: true });
  const meia = product({
    id: 'm',
    name: 'Pizza Meio a Meio',
    price: 4500,
    isPizza: true,
    allowsMultipleFlavors: true,
    pizzaFlavors: ['f1', 'f2'],
    variations: [{ id: 'g', name: 'Grande', priceModifier: 1000 }],
    addons: [
      { id: 'b', name: 'Borda', price: 800 },
      { id: 'c', name: 'Catupiry', price: 500 },
    ],
    controleEstoque: true,
    estoque: 5,
  });
  const byId = new Map([calabresa, mussarela, meia].map((p) => [p.id, p]));

  it("prices a pizza by size: the flavours' own size prices, the most expensive when the product says so", () => {
    const sized = product({
      id: 's',
      name: 'Pizza Dois Sabores',
      price: 3000,
      isPizza: true,
      allowsMultipleFlavors: true,
      flavorPricing: 'highest',
      pizzaFlavors: ['f1', 'f2'],
      variations: [
        { id: 'b', name: 'Broto', priceModifier: 0, price: 3000 },
        { id: 'g', name: 'Grande', priceModifier: 0, price: 5500 },
      ],
    });
    const calabresaSized = { ...calabresa, variations: [{ id: 'cg', name: 'Grande', priceModifier: 0, price: 6200 }] };
    const sizedById = new Map([calabresaSized, mussarela, sized].map((p) => [p.id, p]));
    const grande = buildCartLine(sized, { flavorIds: ['f1', 'f2'], variationId: 'g', quantity: 1 }, sizedById);
    expect(grande.price).toBe(6200);
    expect(grande.pizzaFlavors.map((f) => f.price)).toEqual([6200, 5500]);
    const average = buildCartLine(
      { ...sized, flavorPricing: 'average' },
      { flavorIds: ['f1', 'f2'], variationId: 'g', quantity: 1 },
      sizedById,
    );
    expect(average.price).toBe(5850);
    const plain = buildCartLine(
      { ...sized, allowsMultipleFlavors: false },
      { variationId: 'b', quantity: 1 },
      sizedById,
    );
    expect(plain.price).toBe(3000);
  });

  it('prices flavour average (rounded) + size + add-ons and carries stock facts', () => {
    const line = buildCartLine(
      meia,
      { flavorIds: ['f1', 'f2', 'unknown'], variationId: 'g', addonIds: ['b'], quantity: 2 },
      byId,
      'line-1',
    );
    // (4000 + 3500) / 2 = 3750; + 1000 size + 800 borda = 5550.
    expect(line).toMatchObject({
      id: 'line-1',
      productId: 'm',
      name: 'Pizza Meio a Meio',
      price: 5550,
      quantity: 2,
      variation: { id: 'g', name: 'Grande', priceModifier: 1000 },
      addons: [{ id: 'b', name: 'Borda', price: 800 }],
      pizzaFlavors: [
        { id: 'f1', name: 'Calabresa', price: 4000 },
        { id: 'f2', name: 'Mussarela', price: 3500 },
      ],
      colors: [],
      estoque: 5,
      controleEstoque: true,
      envioCorreios: false,
    });
    expect(lineSummary(line)).toBe('Tamanho: Grande · Sabores: Calabresa, Mussarela · Opções: Borda');
  });

  it('uses the base price without flavours and for plain products', () => {
    expect(buildCartLine(meia, { quantity: 1 }, byId, 'x').price).toBe(4500);
    const shirt = product({
      id: 's',
      name: 'Camiseta',
      price: 5000,
      colors: [
        { id: 'az', name: 'Azul', priceModifier: 300 },
        { id: 'vm', name: 'Vermelha', priceModifier: 0 },
      ],
    });
    const line = buildCartLine(shirt, { colorIds: ['az'], quantity: 1 }, byId, 'y');
    expect(line.price).toBe(5300);
    expect(lineSummary(line)).toBe('Cor: Azul');
    expect(buildCartLine(product({ id: 'z', name: 'Água', price: 300 }), { quantity: 3 }, byId).id).toBeTruthy();
  });
});

describe('openStatus', () => {
  const week = Array.from({ length: 7 }, (_, d) => ({
    dayOfWeek: d,
    isClosed: d === 0,
    openTime: d === 0 ? null : '18:00',
    closeTime: d === 0 ? null : '23:00',
  }));
  // 2025-01-06 is a Monday; 15:00 UTC = 12:00 in São Paulo.
  const mondayNoon = new Date('2025-01-06T15:00:00Z');

  it('is closed before opening, with the next opening in the notice', () => {
    const s = openStatus(week, 'America/Sao_Paulo', mondayNoon);
    expect(s.isOpen).toBe(false);
    expect(s.notice).toBe('Estamos fechados. Abriremos Hoje às 18:00');
    expect(s.toastDescription).toBe('Abriremos Hoje às 18:00');
  });

  it('is open inside the hours and has no notice', () => {
    const s = openStatus(week, 'America/Sao_Paulo', new Date('2025-01-06T22:00:00Z'));
    expect(s).toMatchObject({ isOpen: true, notice: null });
  });

  it('falls back to São Paulo for an unknown timezone and says when no day opens', () => {
    expect(openStatus(week, 'Not/AZone', new Date('2025-01-06T22:00:00Z')).isOpen).toBe(true);
    const closed = openStatus([], 'America/Sao_Paulo', mondayNoon);
    expect(closed).toMatchObject({ isOpen: false, notice: 'Estamos fechados no momento.' });
  });
});

describe('small formatters', () => {
  it('picks a readable foreground for brand colours', () => {
    expect(readableForeground('#dc2626')).toBe('#ffffff');
    expect(readableForeground('#fef3c7')).toBe('#111111');
    expect(readableForeground('#fff')).toBe('#111111');
    expect(readableForeground('red')).toBe('#ffffff');
  });
  it('accepts only hex colours from settings', () => {
    expect(safeColor('#12ab34', '#000')).toBe('#12ab34');
    expect(safeColor('url(javascript:1)', '#000')).toBe('#000');
    expect(safeColor(null, '#000')).toBe('#000');
  });
  it('parses the table number from the query', () => {
    expect(parseTableNumber('7')).toBe(7);
    expect(parseTableNumber('0')).toBeNull();
    expect(parseTableNumber('abc')).toBeNull();
    expect(parseTableNumber(null)).toBeNull();
  });
  it('formats ratings and review counts in pt-BR', () => {
    expect(formatRating(4.5)).toBe('4,5');
    expect(formatRating(4)).toBe('4,0');
    expect(formatRating(4.26)).toBe('4,3');
    expect(formatRating(4.94)).toBe('4,9');
    expect(reviewsCountLabel(2069)).toBe('2.069 avaliações');
    expect(reviewsCountLabel(1)).toBe('1 avaliação');
    expect(reviewsCountLabel(999)).toBe('999 avaliações');
    expect(reviewsCountLabel(1234567)).toBe('1.234.567 avaliações');
  });
});
