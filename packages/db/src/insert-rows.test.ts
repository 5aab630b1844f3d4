import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { insertRows } from './insert-rows';
import { orders } from './schema';

const dialect = new PgDialect();

describe('the rows of an insert', () => {
  it('names each column once and sends each value as the query builder encodes it', () => {
    const at = new Date('2026-11-28T12:00:00Z');
    const query = dialect.sqlToQuery(
      insertRows(
        orders,
        [
          { total: 1250, paymentData: { pix: 'copia-e-cola' }, shippingOption: null, note: undefined, updatedAt: at },
          { total: 990, paymentData: {}, shippingOption: { name: 'Moto' }, note: 'sem cebola', updatedAt: at },
        ],
        { createdAt: sql`now()` },
      ),
    );
    expect(query.sql).toBe(
      '("total", "payment_data", "shipping_option", "note", "updated_at", "created_at") values ($1, $2, $3, $4, $5, now()), ($6, $7, $8, $9, $10, now())',
    );
    expect(query.params).toEqual([
      1250,
      '{"pix":"copia-e-cola"}',
      null,
      null,
      at.toISOString(),
      990,
      '{}',
      '{"name":"Moto"}',
      'sem cebola',
      at.toISOString(),
    ]);
  });

  it('refuses a key that is not a column of the table', () => {
    expect(() => insertRows(orders, [{ totall: 1 }])).toThrow('totall is not a column');
    expect(() => insertRows(orders, [{ total: 1 }], { criado: sql`now()` })).toThrow('criado is not a column');
  });
});
