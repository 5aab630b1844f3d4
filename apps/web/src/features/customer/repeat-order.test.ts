import type { OrderItemView } from '@meucardapio/domain/order-views';
import { describe, expect, it } from 'vitest';
import { type RepeatMenuProduct, rebuildOrderLines } from './repeat-order';

const product = (over: Partial<RepeatMenuProduct> & { id: string; name: string }): RepeatMenuProduct => ({
  price: 1000,
  imageUrl: null,
  isPizza: false,
  allowsMultipleFlavors: false,
  variations: [],
  addons: [],
  colors: [],
  controleEstoque: false,
  estoque: 0,
  envioCorreios: false,
  ...over,
});
const item = (over: Partial<OrderItemView> & { productId: string | null; name: string }): OrderItemView => ({
  id: `i-${over.name}`,
  quantity: 1,
  unitPrice: 0,
  totalPrice: 0,
  variation: null,
  addons: [],
  colors: [],
  pizzaFlavors: [],
  notes: null,
  ...over,
});

describe('rebuildOrderLines', () => {
  let n = 0;
  const newId = () => `line-${++n}`;
  const menu = [
    product({ id: 'shirt', name: 'Camiseta', price: 5990, colors: [{ id: 'black', name: 'Preta', priceModifier: 0 }] }),
    product({
      id: 'pizza',
      name: 'Meio a Meio',
      price: 4500,
      isPizza: true,
      allowsMultipleFlavors: true,
      variations: [{ id: 'g', name: 'Grande', priceModifier: 1000 }],
    }),
    product({ id: 'calabresa', name: 'Calabresa', price: 4000 }),
    product({ id: 'refri', name: 'Refri', price: 600, controleEstoque: true, estoque: 2 }),
  ];

  it('prices lines from today’s menu and keeps stock facts for the cart rules', () => {
    const { lines, notRepeated } = rebuildOrderLines(
      [
        item({ productId: 'refri', name: 'Refri', quantity: 3, notes: 'gelado' }),
        item({
          productId: 'pizza',
          name: 'Meio a Meio',
          variation: { id: 'g', name: 'Grande' },
          pizzaFlavors: [{ id: 'calabresa', name: 'Calabresa' }],
        }),
      ],
      menu,
      newId,
    );
    expect(notRepeated).toEqual([]);
    expect(lines[0]).toMatchObject({
      productId: 'refri',
      price: 600,
      quantity: 3,
      estoque: 2,
      controleEstoque: true,
      notes: 'gelado',
    });
    expect(lines[1]).toMatchObject({ productId: 'pizza', price: 5000, pizzaFlavors: [{ id: 'calabresa' }] });
  });

  it('says why an item could not be repeated', () => {
    const { lines, notRepeated } = rebuildOrderLines(
      [
        item({ productId: 'gone', name: 'Pizza Sumida' }),
        item({ productId: 'shirt', name: 'Camiseta', colors: [{ id: 'white', name: 'Branca' }] }),
        item({ productId: 'pizza', name: 'Meio a Meio', variation: { id: 'p', name: 'Pequena' } }),
        item({
          productId: 'pizza',
          name: 'Meio a Meio',
          variation: { id: 'g', name: 'Grande' },
          pizzaFlavors: [{ id: 'portuguesa', name: 'Portuguesa' }],
        }),
      ],
      menu,
      newId,
    );
    expect(lines).toEqual([]);
    expect(notRepeated).toEqual([
      { name: 'Pizza Sumida', reason: 'Não está mais disponível no cardápio.' },
      { name: 'Camiseta', reason: 'A cor escolhida não está mais disponível.' },
      { name: 'Meio a Meio', reason: 'O tamanho escolhido não existe mais.' },
      { name: 'Meio a Meio', reason: 'Um dos sabores não está mais disponível.' },
    ]);
  });
});
