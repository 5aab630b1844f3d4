import { and, eq, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The tenant filter every query on a tenant table goes through:
 * `where(tenant(products, ctx.restaurantId, eq(products.id, id)))`; a read written once names the
 * restaurant with a placeholder.
 */
export function tenant(
  table: { restaurantId: PgColumn },
  restaurantId: string | Placeholder,
  ...conditions: (SQL | undefined)[]
) {
  return and(eq(table.restaurantId, restaurantId), ...conditions) as SQL;
}
