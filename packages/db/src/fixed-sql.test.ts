import { and, eq, isNull, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { fixedSql } from './fixed-sql';
import { orders } from './schema';

const dialect = new PgDialect();

describe('a fixed fragment', () => {
  it('is the text the query builder writes, its constants in it, and takes no parameter', () => {
    const rule = and(eq(orders.deliveryType, "it's pdv"), isNull(orders.channel));
    const fixed = fixedSql(sql`${rule}`);
    const query = dialect.sqlToQuery(sql`select 1 from ${orders} where ${fixed} and ${orders.total} > ${100}`);
    expect(query.sql).toBe(
      `select 1 from "orders" where ("orders"."delivery_type" = 'it''s pdv' and "orders"."channel" is null) and "orders"."total" > $1`,
    );
    expect(query.params).toEqual([100]);
  });
});
