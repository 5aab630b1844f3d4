import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { insertJsonRows, insertRows } from './insert-rows';
import { orderItems, orders } from './schema';

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

  it('sends rows as one JSON value, the text the same however many rows', () => {
    const at = new Date('2026-11-28T12:00:00Z');
    const row = (name: string) => ({
      name,
      quantity: 2,
      addons: [{ name: 'Bacon', price: 300 }],
      cancelledAt: at,
      notes: null,
    });
    const one = dialect.sqlToQuery(insertJsonRows(orderItems, [row('Pastel')]));
    const two = dialect.sqlToQuery(insertJsonRows(orderItems, [row('Pastel'), row("Coxinha d'água")]));
    expect(one.sql).toBe(
      '("name", "quantity", "addons", "cancelled_at", "notes") select "name", "quantity", "addons", "cancelled_at", "notes" from json_populate_recordset(null::"order_items", $1::json)',
    );
    expect(two.sql).toBe(one.sql);
    expect(JSON.parse(two.params[0] as string)).toEqual([
      {
        name: 'Pastel',
        quantity: 2,
        addons: [{ name: 'Bacon', price: 300 }],
        cancelled_at: at.toISOString(),
        notes: null,
      },
      {
        name: "Coxinha d'água",
        quantity: 2,
        addons: [{ name: 'Bacon', price: 300 }],
        cancelled_at: at.toISOString(),
        notes: null,
      },
    ]);
    expect(() => insertJsonRows(orderItems, [{ nome: 'x' }])).toThrow('nome is not a column');
  });
});
