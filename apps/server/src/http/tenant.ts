import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The tenant filter every query on a tenant table goes through:
 * `where(tenant(products, ctx.restaurantId, eq(products.id, id)))`.
 */
export function tenant(table: { restaurantId: PgColumn }, restaurantId: string, ...conditions: (SQL | undefined)[]) {
  return and(eq(table.restaurantId, restaurantId), ...conditions) as SQL;
}
