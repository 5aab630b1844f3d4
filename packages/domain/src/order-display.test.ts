import { describe, expect, it } from 'vitest';
import {
  cashChangeOf,
  cashChangeParts,
  cashChangeText,
  ITEM_NOTE_MAX,
  ITEM_NOTE_TOO_LONG,
  itemDetails,
  itemNoteSchema,
  ORDER_NOTE_MAX,
  ORDER_NOTE_TOO_LONG,
  orderLabel,
  orderNoteSchema,
} from './order-display';

describe('orderLabel', () => {
  it('names the order by its per-restaurant number', () => {
    expect(orderLabel(2)).toBe('Pedido #2');
    expect(orderLabel(1234)).toBe('Pedido #1234');
  });
});

describe('cashChangeOf', () => {
  it('reads the amounts checkout stores', () => {
    expect(cashChangeOf({ paid_amount: 10000, change_amount: 4250, method_id: 'x' })).toEqual({
      paidAmount: 10000,
      changeAmount: 4250,
    });
  });

  it('treats missing or non-numeric amounts as absent', () => {
    expect(cashChangeOf({})).toEqual({ paidAmount: null, changeAmount: null });
    expect(cashChangeOf(null)).toEqual({ paidAmount: null, changeAmount: null });
    expect(cashChangeOf({ paid_amount: '100', change_amount: Number.NaN })).toEqual({
      paidAmount: null,
      changeAmount: null,
    });
  });
});

describe('cashChangeText', () => {
  it('tells the courier the note and the change to bring', () => {
    expect(cashChangeText({ paidAmount: 10000, changeAmount: 4250 })).toBe('Troco para R$ 100,00 (levar R$ 42,50)');
    expect(cashChangeText({ paidAmount: 123456, changeAmount: 1 })).toBe('Troco para R$ 1.234,56 (levar R$ 0,01)');
  });

  it('splits between the two amounts for narrow screens', () => {
    expect(cashChangeParts({ paidAmount: 10000, changeAmount: 4250 })).toEqual([
      'Troco para R$ 100,00',
      '(levar R$ 42,50)',
    ]);
    expect(cashChangeParts({ paidAmount: 4250, changeAmount: 0 })).toBeNull();
  });

  it('says nothing when there is no change to bring', () => {
    expect(cashChangeText({ paidAmount: 5000, changeAmount: 0 })).toBeNull();
    expect(cashChangeText({ paidAmount: null, changeAmount: null })).toBeNull();
    expect(cashChangeText({ paidAmount: 5000, changeAmount: null })).toBeNull();
  });
});

describe('note schemas', () => {
  it('trim, and turn an empty note into null', () => {
    expect(itemNoteSchema.parse('  sem cebola ')).toBe('sem cebola');
    expect(itemNoteSchema.parse('   ')).toBeNull();
    expect(itemNoteSchema.parse(undefined)).toBeNull();
    expect(orderNoteSchema.parse(null)).toBeNull();
  });

  it('accept up to the limit and refuse past it in Portuguese', () => {
    expect(itemNoteSchema.parse('a'.repeat(ITEM_NOTE_MAX))).toHaveLength(ITEM_NOTE_MAX);
    const item = itemNoteSchema.safeParse('a'.repeat(ITEM_NOTE_MAX + 1));
    expect(item.success).toBe(false);
    expect(item.error?.issues[0].message).toBe(ITEM_NOTE_TOO_LONG);
    expect(ITEM_NOTE_TOO_LONG).toBe('A observação do item deve ter no máximo 140 caracteres.');

    expect(orderNoteSchema.parse('b'.repeat(ORDER_NOTE_MAX))).toHaveLength(ORDER_NOTE_MAX);
    const order = orderNoteSchema.safeParse('b'.repeat(ORDER_NOTE_MAX + 1));
    expect(order.success).toBe(false);
    expect(order.error?.issues[0].message).toBe(ORDER_NOTE_TOO_LONG);
  });

  it('count the trimmed note, so surrounding spaces do not count', () => {
    expect(itemNoteSchema.parse(` ${'a'.repeat(ITEM_NOTE_MAX)} `)).toHaveLength(ITEM_NOTE_MAX);
  });
});

describe('itemDetails', () => {
  it('lists size, colours, flavours and add-ons, as the board, the receipts and the PDV sale detail show them', () => {
    expect(
      itemDetails({
        variation: { name: 'Grande' },
        colors: [{ name: 'Preta' }],
        pizzaFlavors: [{ name: 'Calabresa' }, { name: 'Mussarela' }],
        addons: [{ name: 'Borda', quantity: 2 }, { name: 'Bacon' }],
      }),
    ).toBe('Grande · Preta · Calabresa / Mussarela · + 2x Borda, + Bacon');
    expect(itemDetails({ variation: null, colors: [], pizzaFlavors: [], addons: [] })).toBe('');
  });
});
