import { describe, expect, it } from 'vitest';
import { rowPlaceholders, rowValues } from './row-placeholders';
import { orders } from './schema';

describe('a row of an insert written once', () => {
  it('names a placeholder for each key, under its prefix', () => {
    const row = rowPlaceholders(['total', 'note'], 'o.');
    expect(Object.keys(row)).toEqual(['total', 'note']);
    expect(row.total.queryChunks.some((c) => (c as { name?: string }).name === 'o.total')).toBe(true);
  });

  it('fills them as the query builder encodes values, with null and undefined as SQL NULL', () => {
    const at = new Date('2026-11-28T12:00:00Z');
    expect(
      rowValues(
        orders,
        { total: 1250, paymentData: { pix: 'copia-e-cola' }, shippingOption: null, note: undefined, updatedAt: at },
        'o.',
      ),
    ).toEqual({
      'o.total': 1250,
      'o.paymentData': '{"pix":"copia-e-cola"}',
      'o.shippingOption': null,
      'o.note': null,
      'o.updatedAt': at.toISOString(),
    });
  });

  it('refuses a key that is not a column of the table', () => {
    expect(() => rowValues(orders, { totall: 1 }, 'o.')).toThrow('totall is not a column');
  });
});
