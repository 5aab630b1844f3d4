import { describe, expect, it } from 'vitest';
import {
  addButtonLabel,
  addLine,
  addRepeatedLines,
  type CartLine,
  canAdd,
  canSetQuantity,
  hasLocalItems,
  itemCountLabel,
  linesOverStock,
  quantityBounds,
  removeLine,
  requiresDelivery,
  sameChoice,
  stockLeftText,
  updateQuantity,
  validateProductChoice,
} from './cart';

function line(over: Partial<CartLine> & { id: string }): CartLine {
  const price = over.price ?? 1000;
  const quantity = over.quantity ?? 1;
  return { name: 'Camiseta', price, quantity, total: price * quantity, ...over };
}

describe('canAdd (stock rule on add)', () => {
  it('always allows products without stock control', () => {
    expect(canAdd([line({ id: '1', quantity: 50 })], { name: 'Camiseta', quantity: 99, controleEstoque: false })).toBe(
      true,
    );
  });

  it('allows up to the stock, counting units of lines with the same name', () => {
    const cart = [line({ id: '1', quantity: 2, controleEstoque: true, estoque: 5 })];
    expect(canAdd(cart, { name: 'Camiseta', quantity: 3, controleEstoque: true, estoque: 5 })).toBe(true);
    expect(canAdd(cart, { name: 'Camiseta', quantity: 4, controleEstoque: true, estoque: 5 })).toBe(false);
  });

  it('counts every line with the same name (different sizes share one stock)', () => {
    const cart = [
      line({ id: '1', quantity: 1, variation: { name: 'P', priceModifier: 0 } }),
      line({ id: '2', quantity: 2, variation: { name: 'G', priceModifier: 500 } }),
      line({ id: '3', name: 'Boné', quantity: 10 }),
    ];
    expect(canAdd(cart, { name: 'Camiseta', quantity: 2, controleEstoque: true, estoque: 5 })).toBe(true);
    expect(canAdd(cart, { name: 'Camiseta', quantity: 3, controleEstoque: true, estoque: 5 })).toBe(false);
  });

  it('treats a missing stock as 0', () => {
    expect(canAdd([], { name: 'Camiseta', quantity: 1, controleEstoque: true })).toBe(false);
    expect(canAdd([], { name: 'Camiseta', quantity: 1, controleEstoque: true, estoque: null })).toBe(false);
  });

  it('refuses a quantity below 1 or fractional', () => {
    expect(canAdd([], { name: 'Camiseta', quantity: 0 })).toBe(false);
    expect(canAdd([], { name: 'Camiseta', quantity: -1 })).toBe(false);
    expect(canAdd([], { name: 'Camiseta', quantity: 1.5 })).toBe(false);
  });
});

describe('canSetQuantity (stock rule on update)', () => {
  const cart = [
    line({ id: 'a', quantity: 2, controleEstoque: true, estoque: 5 }),
    line({ id: 'b', quantity: 1, controleEstoque: true, estoque: 5 }),
    line({ id: 'c', name: 'Boné', quantity: 1 }),
  ];

  it('counts only the OTHER lines with the same name', () => {
    expect(canSetQuantity(cart, 'a', 4)).toBe(true); // 4 + 1 = 5
    expect(canSetQuantity(cart, 'a', 5)).toBe(false); // 5 + 1 = 6
    expect(canSetQuantity(cart, 'b', 3)).toBe(true); // 3 + 2 = 5
  });

  it('ignores stock for lines without stock control', () => {
    expect(canSetQuantity(cart, 'c', 1000)).toBe(true);
  });

  it('always allows zero or less (it removes the line)', () => {
    expect(canSetQuantity(cart, 'a', 0)).toBe(true);
    expect(canSetQuantity(cart, 'a', -2)).toBe(true);
  });

  it('refuses an unknown line', () => {
    expect(canSetQuantity(cart, 'nope', 1)).toBe(false);
  });
});

describe('addLine / removeLine / updateQuantity', () => {
  it('adds a line with its total and returns a new array', () => {
    const cart: CartLine[] = [];
    const result = addLine(cart, { id: '1', name: 'Pizza', price: 4500, quantity: 2 });
    expect(result.added).toBe(true);
    expect(result.lines).toEqual([{ id: '1', name: 'Pizza', price: 4500, quantity: 2, total: 9000 }]);
    expect(cart).toEqual([]);
  });

  it('adds nothing when the stock rule refuses', () => {
    const cart = [line({ id: '1', quantity: 3, controleEstoque: true, estoque: 3 })];
    const result = addLine(cart, {
      id: '2',
      name: 'Camiseta',
      price: 1000,
      quantity: 1,
      controleEstoque: true,
      estoque: 3,
    });
    expect(result.added).toBe(false);
    expect(result.lines).toEqual(cart);
  });

  it('removes a line by id', () => {
    const cart = [line({ id: '1' }), line({ id: '2' })];
    expect(removeLine(cart, '1').map((l) => l.id)).toEqual(['2']);
    expect(cart).toHaveLength(2);
  });

  it('updates the quantity and recomputes the line total', () => {
    const cart = [line({ id: '1', price: 1250, quantity: 1 })];
    const next = updateQuantity(cart, '1', 4);
    expect(next[0]).toMatchObject({ quantity: 4, total: 5000 });
    expect(cart[0].quantity).toBe(1);
  });

  it('removes the line at zero or less', () => {
    const cart = [line({ id: '1' }), line({ id: '2' })];
    expect(updateQuantity(cart, '1', 0).map((l) => l.id)).toEqual(['2']);
    expect(updateQuantity(cart, '2', -1).map((l) => l.id)).toEqual(['1']);
  });

  it('silently keeps the cart when the stock rule refuses', () => {
    const cart = [line({ id: '1', quantity: 2, controleEstoque: true, estoque: 2 })];
    expect(updateQuantity(cart, '1', 3)).toEqual(cart);
  });
});

describe('requiresDelivery', () => {
  it('is true when any line is shipped', () => {
    expect(requiresDelivery([line({ id: '1' }), line({ id: '2', envioCorreios: true })])).toBe(true);
  });
  it('is false otherwise', () => {
    expect(requiresDelivery([line({ id: '1', envioCorreios: false }), line({ id: '2' })])).toBe(false);
    expect(requiresDelivery([])).toBe(false);
  });
});

describe('texts', () => {
  it('pluralises the item count', () => {
    expect(itemCountLabel(1)).toBe('item');
    expect(itemCountLabel(0)).toBe('itens');
    expect(itemCountLabel(2)).toBe('itens');
  });

  it('says how many units are left', () => {
    expect(stockLeftText(3)).toBe('Apenas 3 unidade(s) disponível(eis) em estoque.');
    expect(stockLeftText(-2)).toBe('Apenas 0 unidade(s) disponível(eis) em estoque.');
  });

  it('labels the add button', () => {
    expect(addButtonLabel({ isOpen: false, kind: 'plain', flavorCount: 0 })).toBe('Restaurante Fechado');
    expect(addButtonLabel({ isOpen: true, kind: 'multi_flavor_pizza', flavorCount: 0 })).toBe(
      'Selecione ao menos um sabor',
    );
    expect(addButtonLabel({ isOpen: true, kind: 'multi_flavor_pizza', flavorCount: 1 })).toBe('Adicionar ao Carrinho');
    expect(addButtonLabel({ isOpen: true, kind: 'plain', flavorCount: 0 })).toBe('Adicionar ao Carrinho');
  });
});

describe('quantityBounds', () => {
  it('is 1 to the stock with stock control, unbounded otherwise', () => {
    expect(quantityBounds({ controleEstoque: true, estoque: 7 })).toEqual({ min: 1, max: 7 });
    expect(quantityBounds({ controleEstoque: true })).toEqual({ min: 1, max: 0 });
    expect(quantityBounds({ controleEstoque: false, estoque: 7 })).toEqual({ min: 1, max: null });
  });
});

describe('validateProductChoice', () => {
  const plain = {
    kind: 'plain' as const,
    name: 'Camiseta',
    flavorCount: 0,
    hasSizes: false,
    sizeChosen: false,
    hasColors: false,
    colorChosen: false,
    quantity: 1,
  };

  it('accepts a complete choice', () => {
    expect(validateProductChoice(plain, [])).toEqual({ ok: true });
  });

  it('requires a flavour on a multi-flavour pizza', () => {
    expect(validateProductChoice({ ...plain, kind: 'multi_flavor_pizza' }, [])).toEqual({
      ok: false,
      code: 'flavor_required',
      title: 'Escolha um sabor',
      description: 'Por favor, selecione pelo menos um sabor para continuar.',
    });
    expect(validateProductChoice({ ...plain, kind: 'multi_flavor_pizza', flavorCount: 2 }, [])).toEqual({ ok: true });
  });

  it('requires a size when the product has sizes', () => {
    expect(validateProductChoice({ ...plain, hasSizes: true }, [])).toMatchObject({
      ok: false,
      title: 'Escolha um tamanho',
    });
    expect(validateProductChoice({ ...plain, hasSizes: true, sizeChosen: true }, [])).toEqual({ ok: true });
  });

  it('requires a colour when the product has colours', () => {
    expect(validateProductChoice({ ...plain, hasColors: true }, [])).toMatchObject({
      ok: false,
      title: 'Escolha uma cor',
    });
    expect(validateProductChoice({ ...plain, hasColors: true, colorChosen: true }, [])).toEqual({ ok: true });
  });

  it('refuses more than the stock, counting same-name units already in the cart', () => {
    const cart = [line({ id: '1', quantity: 2, controleEstoque: true, estoque: 5 })];
    const choice = { ...plain, controleEstoque: true, estoque: 5, quantity: 4 };
    expect(validateProductChoice(choice, cart)).toEqual({
      ok: false,
      code: 'insufficient_stock',
      title: 'Estoque insuficiente',
      description: 'Apenas 3 unidade(s) disponível(eis) em estoque.',
    });
    expect(validateProductChoice({ ...choice, quantity: 3 }, cart)).toEqual({ ok: true });
  });

  it('refuses a quantity below 1', () => {
    expect(validateProductChoice({ ...plain, quantity: 0 }, [])).toMatchObject({ ok: false, code: 'invalid_quantity' });
  });
});

describe('hasLocalItems', () => {
  it('is true when anything is not shipped', () => {
    expect(hasLocalItems([{ envioCorreios: true }, { envioCorreios: false }])).toBe(true);
    expect(hasLocalItems([{ envioCorreios: true }])).toBe(false);
    expect(hasLocalItems([{}])).toBe(true);
  });
});

describe('linesOverStock (a lost stock race)', () => {
  it('marks every line of a name whose units exceed the stock, with what is left', () => {
    const lines = [
      line({ id: 'a', name: 'Refri', quantity: 2, controleEstoque: true, estoque: 3 }),
      line({ id: 'b', name: 'Refri', quantity: 2, controleEstoque: true, estoque: 3 }),
      line({ id: 'c', name: 'Suco', quantity: 1, controleEstoque: true, estoque: 1 }),
      line({ id: 'd', name: 'Pizza', quantity: 9, controleEstoque: false, estoque: 0 }),
    ];
    expect([...linesOverStock(lines)]).toEqual([
      ['a', 3],
      ['b', 3],
    ]);
    expect(linesOverStock([line({ id: 'x', controleEstoque: true, estoque: 0 })]).get('x')).toBe(0);
    expect(linesOverStock([line({ id: 'y', controleEstoque: true, estoque: 1 })]).size).toBe(0);
  });
});

describe('sameChoice', () => {
  it('compares product, price, size, colours, flavours, add-ons and notes', () => {
    const a = line({ id: 'a', productId: 'p', colors: [{ id: 'c1', name: 'Preta', priceModifier: 0 }] });
    const twin = line({ ...a, id: 'b' });
    expect(sameChoice(a, twin)).toBe(true);
    expect(sameChoice(a, { ...a, colors: [] })).toBe(false);
    expect(sameChoice(a, { ...a, notes: 'sem cebola' })).toBe(false);
    expect(sameChoice(a, { ...a, price: 1 })).toBe(false);
  });
});

describe('addRepeatedLines (Repetir Pedido through the cart rules)', () => {
  const refri = { name: 'Refri', price: 600, controleEstoque: true, estoque: 3 };
  it('merges a line with the same choices and cuts to the stock left, saying so', () => {
    const cart = [line({ id: 'in-cart', ...refri, quantity: 1 })];
    const result = addRepeatedLines(cart, [{ id: 'n1', ...refri, quantity: 5 }]);
    expect(result.lines).toHaveLength(1);
    expect(result.lines[0]).toMatchObject({ id: 'in-cart', quantity: 3, total: 1800 });
    expect(result.added).toBe(1);
    expect(result.notRepeated).toEqual([{ name: 'Refri', reason: 'Apenas 2 unidade(s) disponível(eis) em estoque.' }]);
  });
  it('skips a line with no stock left and keeps the others', () => {
    const result = addRepeatedLines(
      [line({ id: 'c', ...refri, quantity: 3 })],
      [
        { id: 'n1', ...refri, quantity: 1 },
        { id: 'n2', name: 'Pizza', price: 4000, quantity: 2 },
      ],
    );
    expect(result.added).toBe(1);
    expect(result.lines.map((l) => [l.name, l.quantity])).toEqual([
      ['Refri', 3],
      ['Pizza', 2],
    ]);
    expect(result.notRepeated).toEqual([{ name: 'Refri', reason: 'Sem estoque no momento.' }]);
  });
});
