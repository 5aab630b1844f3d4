import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * `column = any($1)` with the whole list as one parameter: the same plan as `in (…)`, but one value for
 * the query builder and the driver to handle, however long the list (a page of orders names sixty).
 */
export const anyOf = (column: AnyColumn, values: readonly string[]): SQL => sql`${column} = any(${sql.param(values)})`;
